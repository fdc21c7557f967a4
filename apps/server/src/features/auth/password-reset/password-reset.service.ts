import type { PasswordResetCheckResponse } from '@site/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { CounterStore } from '../../../core/counter-store.js';
import { badRequest, HttpError } from '../../../core/http-errors.js';
import { rateLimited } from '../../../core/per-client-limit.js';
import { isoNow } from '../../../core/time.js';
import type { Mailer } from '../../../integrations/mail/mailer.js';
import { hashPassword } from '../password.js';
import { hashToken, newToken } from '../tokens.js';
import { resetMail } from './password-reset-mail.js';
import type { ResetIssuer, ResetTokensRepository } from './reset-tokens.repository.js';

/** How long a reset link works (docs/api.md#password-reset). */
export const RESET_TTL_MS = 60 * 60 * 1000;
/** The web app's page that takes the token (the path is part of every link handed out). */
export const RESET_PAGE_PATH = '/reset-password';

const INVALID_LINK = 'This reset link is invalid or has expired';
const NO_EMAIL = 'Password reset by e-mail is not available on this site';
export const RESET_REQUESTED =
  'If an account uses this address, a link to reset its password is on its way. The link works for 1 hour.';

/** docs/api.md#password-reset: tokens are 256 random bits; the limits keep the database from being hammered. */
const LINK_WINDOW_MS = 15 * 60 * 1000;
const LINK_CHECKS_PER_IP = 30;
const MAIL_WINDOW_MS = 60 * 60 * 1000;
const MAILS_PER_IP = 10;
const MAILS_PER_ADDRESS = 3;

export interface IssuedLink {
  url: string;
  /** ISO-8601 UTC. */
  expires_at: string;
}

export const resetLink = (baseUrl: string, token: string) => `${baseUrl}${RESET_PAGE_PATH}?token=${token}`;

/**
 * A new one-time link for the user (the admin page, `npm run admin -- reset-link`, the e-mail).
 * Earlier links of the user stop working (reset-tokens.repository.ts `issue`).
 */
export async function issueResetLink(
  tokens: ResetTokensRepository,
  link: { userId: number; issuedBy: ResetIssuer; baseUrl: string },
  now = Date.now(),
): Promise<IssuedLink> {
  const token = newToken();
  const expiresAt = now + RESET_TTL_MS;
  await tokens.issue({ tokenHash: hashToken(token), userId: link.userId, issuedBy: link.issuedBy, expiresAt }, now);
  return { url: resetLink(link.baseUrl, token), expires_at: isoNow(expiresAt) };
}

export function passwordResetService(
  tokens: ResetTokensRepository,
  counters: CounterStore,
  mail: {
    /** Undefined = the site sends no mail. */
    mailer: Mailer | undefined;
    /** PUBLIC_URL, the base of a mailed link. */
    publicUrl: string | undefined;
    log: FastifyBaseLogger;
  },
  /** Every instance forgets the user's cached sessions (auth.service.ts `forgetSessionsOf`). */
  forgetSessionsOf: (userId: number) => void,
) {
  const { log } = mail;

  /** Counted before the token is looked at, so a refused request learns nothing about it. */
  async function limitLinkUse(ip: string) {
    const counted = await counters.hit(`password-reset:ip:${ip}`, LINK_WINDOW_MS);
    if (counted.count > LINK_CHECKS_PER_IP) {
      throw rateLimited('Too many reset attempts. Please wait 15 minutes and try again.', LINK_CHECKS_PER_IP, counted);
    }
  }

  return {
    /** 'Forgot password?' works: a mailer, and PUBLIC_URL for the link (config.ts requires both). */
    emailAvailable: () => mail.mailer !== undefined && mail.publicUrl !== undefined,

    issue: (userId: number, issuedBy: ResetIssuer, baseUrl: string) =>
      issueResetLink(tokens, { userId, issuedBy, baseUrl }),

    async check(token: string, ip: string): Promise<PasswordResetCheckResponse> {
      await limitLinkUse(ip);
      const live = await tokens.findLive(hashToken(token));
      if (!live) throw badRequest(INVALID_LINK);
      return { username: live.username, expires_at: live.expiresAt };
    },

    /** Sets the new password and ends every session of the user; the link is then used up. */
    async confirm(token: string, newPassword: string, ip: string) {
      await limitLinkUse(ip);
      const tokenHash = hashToken(token);
      // Hash only for a live token (hashing is the slow part), then claim it atomically.
      if (!(await tokens.findLive(tokenHash))) throw badRequest(INVALID_LINK);
      const used = await tokens.consume(tokenHash, await hashPassword(newPassword));
      // Another request used it while the password was being hashed.
      if (!used) throw badRequest(INVALID_LINK);
      forgetSessionsOf(used.userId);
      return used;
    },

    /**
     * 'Forgot password?' (docs/api.md#password-reset): the same answer, after the same work,
     * whether or not the address has an account. Only the two limits are counted before the answer
     * (for any address); the account's lookup, its token and its mail are the returned follow-up,
     * which the route runs once the answer is out, so neither the lookup nor the insert nor the mail
     * server's delay shows in the answer's timing.
     */
    async requestByEmail(email: string, ip: string): Promise<() => Promise<void>> {
      const { mailer, publicUrl: baseUrl } = mail;
      if (!mailer || baseUrl === undefined) throw new HttpError(503, NO_EMAIL);
      const address = email.toLowerCase();
      const [fromIp, toAddress] = await Promise.all([
        counters.hit(`password-reset-mail:ip:${ip}`, MAIL_WINDOW_MS),
        counters.hit(`password-reset-mail:to:${address}`, MAIL_WINDOW_MS),
      ]);
      if (fromIp.count > MAILS_PER_IP) {
        throw rateLimited('Too many reset requests from this address. Please try again later.', MAILS_PER_IP, fromIp);
      }
      if (toAddress.count > MAILS_PER_ADDRESS) {
        throw rateLimited(
          'Too many reset requests for this e-mail address. Please try again later.',
          MAILS_PER_ADDRESS,
          toAddress,
        );
      }
      return async () => {
        const account = await tokens.accountForEmail(address);
        if (!account || account.disabledAt !== null) return;
        const link = await issueResetLink(tokens, { userId: account.id, issuedBy: 'email', baseUrl });
        const message = resetMail({ to: account.email, username: account.username, url: link.url });
        await mailer.send(message).catch((error: unknown) => {
          log.error({ err: error, userId: account.id }, 'password-reset mail not sent');
        });
      };
    },
  };
}
export type PasswordResetService = ReturnType<typeof passwordResetService>;
