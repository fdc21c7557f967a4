import { escapeMailHtml as escapeHtml, type MailMessage } from '../../integrations/mail/mailer.js';

/** A subject is one line: a name cannot add headers or lines to it. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The owner's copy of a contact message: what the visitor typed as plain text, and escaped in the
 * HTML part, so nothing they write is ever markup (docs/api.md#contact).
 */
export function contactMail({
  to,
  name,
  email,
  message,
  inboxUrl,
}: {
  to: string;
  name: string;
  email: string;
  message: string;
  inboxUrl: string | undefined;
}): MailMessage {
  const text = [
    `${name} <${email}> wrote through the contact form:`,
    '',
    message,
    '',
    ...(inboxUrl ? [`Your inbox: ${inboxUrl}`] : []),
    `Reply by writing to ${email}.`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(name)} &lt;${escapeHtml(email)}&gt; wrote through the contact form:</p>`,
    `<div style="white-space:pre-wrap">${escapeHtml(message)}</div>`,
    ...(inboxUrl ? [`<p><a href="${escapeHtml(inboxUrl)}">Open your inbox</a></p>`] : []),
    `<p>Reply by writing to ${escapeHtml(email)}.</p>`,
  ].join('\n');
  return { to, subject: `Contact form: ${oneLine(name)}`, text, html };
}
