import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CONTACT_MIN_FILL_SECONDS,
  type ContactFormResponse,
  type ContactInboxResponse,
  type ContactMessage,
} from '@site/contract';
import { badRequest, notFound } from '../../core/http-errors.js';
import type { Mailer } from '../../integrations/mail/mailer.js';
import type { ContactRepository } from './contact.repository.js';
import { contactMail } from './contact-mail.js';

/** A form older than this is refused (reload for a new one): a token is no lasting pass. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const CONTACT_THANKS = 'Thank you, your message has been sent.';
export const TOO_FAST = 'That was quicker than anyone can write. Please wait a few seconds and send again.';
export const FORM_EXPIRED = 'This form has expired. Reload the page and send your message again.';

export interface ContactInput {
  name: string;
  email: string;
  message: string;
  website?: string | undefined;
  form_token: string;
}

/** What sending left to do after the answer: mail the owner (nothing when there is no mailer). */
export type FollowUp = () => Promise<void>;

const sign = (key: string, issuedAt: number) =>
  createHmac('sha256', key).update(`contact-form:${issuedAt}`).digest('base64url');

/** `<issued at, ms>.<HMAC>`: a form token of that time, signed with `key`. */
export function formToken(key: string, issuedAt: number): string {
  return `${issuedAt}.${sign(key, issuedAt)}`;
}

/** When a token was issued, or undefined when it is not one of ours. */
function issuedAtOf(key: string, token: string): number | undefined {
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(key, issuedAt));
  const given = Buffer.from(match[2] as string);
  return given.length === expected.length && timingSafeEqual(given, expected) ? issuedAt : undefined;
}

export function contactService(
  repository: ContactRepository,
  options: {
    mailer: Mailer | undefined;
    fallbackOwnerEmail: string;
    publicUrl: string | undefined;
    /** CONTACT_MIN_FILL_SECONDS (README); 0 lets a browser test send at once. */
    minFillSeconds?: number;
    now?: () => number;
  },
) {
  const now = options.now ?? Date.now;
  const minFillSeconds = options.minFillSeconds ?? CONTACT_MIN_FILL_SECONDS;
  let key: Promise<string> | undefined;
  const formKey = () => {
    key ??= repository.formKey().then((value) => {
      if (!value) throw new Error('The contact form key is missing: run the migrations');
      return value;
    });
    // A failed read is tried again on the next request.
    key.catch(() => {
      key = undefined;
    });
    return key;
  };

  return {
    async form(): Promise<ContactFormResponse> {
      return { token: formToken(await formKey(), now()), min_seconds: minFillSeconds };
    },

    /**
     * Stores a message (unless the honeypot is filled: then nothing, and the same answer) and
     * returns the mail to the owner to send after the answer.
     */
    async send(input: ContactInput): Promise<FollowUp> {
      if (input.website?.trim()) return async () => {};
      const issuedAt = issuedAtOf(await formKey(), input.form_token);
      const age = issuedAt === undefined ? undefined : now() - issuedAt;
      if (age === undefined || age > FORM_TOKEN_MAX_AGE_MS || age < -60_000) throw badRequest(FORM_EXPIRED);
      if (age < minFillSeconds * 1000) throw badRequest(TOO_FAST);
      const { name, email, message } = input;
      await repository.add({ name, email, message, createdAt: new Date(now()).toISOString() });
      const { mailer } = options;
      if (!mailer) return async () => {};
      return async () => {
        const to = (await repository.ownerEmail()) ?? options.fallbackOwnerEmail;
        const inboxUrl = options.publicUrl ? `${options.publicUrl}/admin?tab=inbox` : undefined;
        await mailer.send(contactMail({ to, name, email, message, inboxUrl }));
      };
    },

    async inbox(page: number, pageSize: number): Promise<ContactInboxResponse> {
      return { ...(await repository.page(page, pageSize)), page, page_size: pageSize };
    },

    async mark(id: number, read: boolean): Promise<{ message: ContactMessage }> {
      const message = await repository.mark(id, read ? new Date(now()).toISOString() : null);
      if (!message) throw notFound('No such message.');
      return { message };
    },

    async remove(id: number): Promise<{ success: true }> {
      if (!(await repository.remove(id))) throw notFound('No such message.');
      return { success: true };
    },
  };
}

export type ContactService = ReturnType<typeof contactService>;
