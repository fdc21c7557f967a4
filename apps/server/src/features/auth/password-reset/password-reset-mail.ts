import { escapeMailHtml as escapeHtml, type MailMessage } from '../../../integrations/mail/mailer.js';

/** The e-mail with a reset link: plain text, and the same in simple HTML. */
export function resetMail({ to, username, url }: { to: string; username: string; url: string }): MailMessage {
  const text = [
    `Hello ${username},`,
    '',
    'Someone (we hope you) asked to reset the password of your account. Open this link to choose a new one:',
    '',
    url,
    '',
    'The link works once and expires in 1 hour. Setting a new password signs you out everywhere.',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(username)},</p>`,
    '<p>Someone (we hope you) asked to reset the password of your account. Open this link to choose a new one:</p>',
    `<p><a href="${escapeHtml(url)}">Reset your password</a></p>`,
    `<p style="color:#555">${escapeHtml(url)}</p>`,
    '<p>The link works once and expires in 1 hour. Setting a new password signs you out everywhere.</p>',
    '<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>',
  ].join('\n');
  return { to, subject: 'Reset your password', text, html };
}
