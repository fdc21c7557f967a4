import { z } from 'zod';
import { idSchema, successSchema, userText } from './common.js';
import {
  CONTACT_EMAIL_MAX,
  CONTACT_INBOX_PAGE_SIZE,
  CONTACT_INBOX_PAGE_SIZE_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
} from './contact-limits.js';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';

export * from './contact-limits.js';

/** The contact form and the admin's inbox (docs/api.md#contact). */

export const contactFormResponseSchema = z.object({
  /** Signed proof of when the form was opened; sent back with the message. */
  token: z.string(),
  /** Seconds that must pass between opening the form and sending it. */
  min_seconds: z.number().int(),
});
export type ContactFormResponse = z.infer<typeof contactFormResponseSchema>;

export const contactRequestSchema = z.object({
  name: userText({ label: 'Name', max: CONTACT_NAME_MAX, required: true }),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(CONTACT_EMAIL_MAX, `Email must be at most ${CONTACT_EMAIL_MAX} characters`)
    .pipe(z.email('Enter a valid email address')),
  message: userText({ label: 'Message', max: CONTACT_MESSAGE_MAX, required: true, multiline: true }),
  /** The honeypot: hidden from people, so only robots fill it (then nothing is stored). */
  website: z.string({ error: 'Website must be text' }).max(1_000, 'Website is too long').optional(),
  /** The token of GET /api/contact/form. */
  form_token: z.string({ error: 'Form token is required' }).min(1, 'Form token is required').max(200),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  created_at: z.string(),
  /** When the admin marked it read; null while unread. */
  read_at: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactInboxQuerySchema = z.object({
  page: z.coerce.number<string | number>({ error: 'Page must be a number' }).int().min(1).max(100_000).default(1),
  page_size: z.coerce
    .number<string | number>({ error: 'Page size must be a number' })
    .int()
    .min(1)
    .max(CONTACT_INBOX_PAGE_SIZE_MAX)
    .default(CONTACT_INBOX_PAGE_SIZE),
});
export type ContactInboxQuery = z.input<typeof contactInboxQuerySchema>;

export const contactInboxResponseSchema = z.object({
  /** Newest first. */
  messages: z.array(contactMessageSchema),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ContactInboxResponse = z.infer<typeof contactInboxResponseSchema>;

export const contactMessageParamsSchema = z.object({ id: idSchema });

export const contactMarkRequestSchema = z.object({
  read: z.boolean({ error: 'Read must be true or false' }),
});

export const contactMessageResponseSchema = z.object({ message: contactMessageSchema });

export const contactEndpoints = {
  form: endpoint(routes.contact.form, {
    tags: ['contact'],
    summary: 'Open the contact form: a signed token of when it was opened',
    response: contactFormResponseSchema,
  }),
  send: endpoint(routes.contact.send, {
    tags: ['contact'],
    summary: 'Send a message to the site’s owner (no account needed)',
    description:
      'Refused (400) when sent sooner than `min_seconds` after the form was opened or with an old or forged token; 429 past the per-address hourly limit. A filled honeypot (`website`) is answered as a success and stores nothing.',
    body: contactRequestSchema,
    response: successSchema,
    errors: [400, 403, 429],
  }),
  inbox: endpoint(routes.contact.inbox, {
    tags: ['contact', 'admin'],
    summary: 'The contact messages, newest first, with the unread count',
    query: contactInboxQuerySchema,
    response: contactInboxResponseSchema,
    errors: [400, 401, 403],
  }),
  mark: endpoint(routes.contact.mark, {
    tags: ['contact', 'admin'],
    summary: 'Mark a contact message read or unread',
    params: contactMessageParamsSchema,
    body: contactMarkRequestSchema,
    response: contactMessageResponseSchema,
    errors: [400, 401, 403, 404],
  }),
  remove: endpoint(routes.contact.remove, {
    tags: ['contact', 'admin'],
    summary: 'Delete a contact message',
    params: contactMessageParamsSchema,
    response: successSchema,
    errors: [400, 401, 403, 404],
  }),
};
