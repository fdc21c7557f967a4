import {
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGES_PER_HOUR,
  CONTACT_NAME_MAX,
  contactFormResponseSchema,
  contactInboxResponseSchema,
} from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.js';
import {
  createTestApp,
  injectAs,
  logIn,
  signUp,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../test/test-app.js';
import { routeTestDatabaseKinds, testDatabaseKinds } from '../../test/test-databases.js';
import { CONTACT_THANKS, FORM_EXPIRED, FORM_TOKEN_MAX_AGE_MS, TOO_FAST } from './contact.service.js';
import { agedFormToken } from './testing/aged-form-token.js';

// The form's age is read from the app's clock, pinned here: a form made "1 s ago" stays 1 s old
// however long a busy machine takes to send it.
const pinnedClock = () => Date.parse('2026-06-01T12:00:00Z');

describe.each(testDatabaseKinds)('contact form and inbox on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    send: async (message) => {
      mails.push(message);
    },
    close: async () => {},
  };
  let address = 0;
  /** Each visitor from an address of its own unless a test says otherwise, so limits stay per test. */
  const visitor = () => `10.61.${Math.floor(++address / 250)}.${address % 250}`;

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'https://owner.example' }, undefined, { mailer, clock: pinnedClock });
    admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  const rows = () => t.database.handle.db.selectFrom('contact_messages').selectAll().orderBy('id').execute();
  const fields = async (overrides: Record<string, unknown> = {}) => ({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    message: 'Hello!\n\nI liked your site.',
    form_token: await agedFormToken(t.app),
    ...overrides,
  });
  const send = async (payload: object, remoteAddress = visitor()) =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });
  const inbox = async (query = '') => {
    const res = await injectAs(t.app, admin, { url: `/api/admin/contact${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return contactInboxResponseSchema.parse(res.json());
  };

  it('gives a signed form token and the minimum fill time', async () => {
    const res = await t.app.inject({ url: '/api/contact/form' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const form = contactFormResponseSchema.parse(res.json());
    expect(form.min_seconds).toBe(3);
    expect(form.token).toMatch(/^\d+\.[\w-]{43}$/);
  });

  it('stores a message from a signed-out visitor, newest first in the inbox, and mails the owner', async () => {
    const before = (await inbox()).total;
    mails.length = 0;
    const res = await send(await fields({ name: '<b>Ada</b>', message: '<script>alert(1)</script>\nBye' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: CONTACT_THANKS });
    expect(res.headers['ratelimit-limit']).toBe(String(CONTACT_MESSAGES_PER_HOUR));
    const page = await inbox();
    expect(page.total).toBe(before + 1);
    expect(page.messages[0]).toMatchObject({ name: '<b>Ada</b>', email: 'ada@example.com', read_at: null });
    expect(page.unread).toBeGreaterThanOrEqual(1);

    await t.app.deps.afterResponse.settled();
    expect(mails).toHaveLength(1);
    const mail = mails[0] as MailMessage;
    // The admin account's address (ADMIN_EMAIL at its creation), and the visitor's words as text only.
    expect(mail.to).toBe(t.config.adminEmail);
    expect(mail.subject).toBe('Contact form: <b>Ada</b>');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
    expect(mail.text).toContain('https://owner.example/admin?tab=inbox');
  });

  it('answers a filled honeypot as accepted and stores and mails nothing', async () => {
    const before = await rows();
    mails.length = 0;
    const res = await send(await fields({ website: 'http://spam.example' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: CONTACT_THANKS });
    await t.app.deps.afterResponse.settled();
    expect(await rows()).toEqual(before);
    expect(mails).toEqual([]);
  });

  it.each([
    ['sent under 3 s after the form opened', () => agedFormToken(t.app, 1_000), TOO_FAST],
    ['a day-old form', () => agedFormToken(t.app, FORM_TOKEN_MAX_AGE_MS + 1_000), FORM_EXPIRED],
    ['a forged token', async () => `${pinnedClock() - 10_000}.${'a'.repeat(43)}`, FORM_EXPIRED],
    ['a token that is not one', async () => 'hello', FORM_EXPIRED],
  ])('refuses %s with a clear 400', async (_label, token, message) => {
    const before = await rows();
    const res = await send(await fields({ form_token: await token() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400, message });
    expect(await rows()).toEqual(before);
  });

  it.each([
    ['name', { name: 'n'.repeat(CONTACT_NAME_MAX + 1) }, `Name must be at most ${CONTACT_NAME_MAX} characters`],
    ['name', { name: '   ' }, 'Name is required'],
    [
      'email',
      { email: `${'e'.repeat(CONTACT_EMAIL_MAX - 11)}@example.com` },
      `Email must be at most ${CONTACT_EMAIL_MAX} characters`,
    ],
    ['email', { email: 'not an address' }, 'Enter a valid email address'],
    [
      'message',
      { message: 'm'.repeat(CONTACT_MESSAGE_MAX + 1) },
      `Message must be at most ${CONTACT_MESSAGE_MAX} characters`,
    ],
    ['message', { message: '' }, 'Message is required'],
  ])('refuses a bad %s with 400 naming it', async (field, override, message) => {
    const before = await rows();
    const res = await send(await fields(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.[field] ?? res.json().message).toContain(message);
    expect(await rows()).toEqual(before);
  });

  it('accepts the longest name, e-mail and message', async () => {
    const res = await send(
      await fields({
        name: 'n'.repeat(CONTACT_NAME_MAX),
        email: `${'e'.repeat(CONTACT_EMAIL_MAX - 12)}@example.com`,
        message: 'm'.repeat(CONTACT_MESSAGE_MAX),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it(`lets one address send ${CONTACT_MESSAGES_PER_HOUR} messages an hour, then answers 429`, async () => {
    const from = visitor();
    for (let i = 0; i < CONTACT_MESSAGES_PER_HOUR; i++) {
      expect((await send(await fields({ message: `Message ${i}` }), from)).statusCode).toBe(200);
    }
    const before = await rows();
    const refused = await send(await fields(), from);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await rows()).toEqual(before);
    // Another address is not held back.
    expect((await send(await fields())).statusCode).toBe(200);
  });

  it('needs the CSRF header when a signed-in visitor sends with the session cookie', async () => {
    const payload = await fields();
    const before = await rows();
    const refused = await injectAs(t.app, alice, { method: 'POST', url: '/api/contact', payload, csrf: false });
    expect(refused.statusCode).toBe(403);
    expect(await rows()).toEqual(before);
    const sent = await injectAs(t.app, alice, { method: 'POST', url: '/api/contact', payload });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  describe('the inbox', () => {
    let id: number;
    beforeAll(async () => {
      expect((await send(await fields({ name: 'Inbox test' }))).statusCode).toBe(200);
      id = (await inbox()).messages[0]?.id as number;
    });

    it('is the admin’s alone: 401 signed out, 403 for another user', async () => {
      expect((await t.app.inject({ url: '/api/admin/contact' })).statusCode).toBe(401);
      const res = await injectAs(t.app, alice, { url: '/api/admin/contact' });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Inbox test');
      const mark = await injectAs(t.app, alice, {
        method: 'PATCH',
        url: `/api/admin/contact/${id}`,
        payload: { read: true },
      });
      expect(mark.statusCode).toBe(403);
      expect((await injectAs(t.app, alice, { method: 'DELETE', url: `/api/admin/contact/${id}` })).statusCode).toBe(
        403,
      );
      expect((await inbox()).messages.find((m) => m.id === id)?.read_at).toBeNull();
    });

    it('pages newest first', async () => {
      const all = await inbox('?page_size=100');
      const second = await inbox('?page=2&page_size=1');
      expect(second.messages).toEqual([all.messages[1]]);
      expect(second).toMatchObject({ page: 2, page_size: 1, total: all.total, unread: all.unread });
      const times = all.messages.map((m) => m.created_at);
      expect(times).toEqual([...times].sort().reverse());
      expect((await injectAs(t.app, admin, { url: '/api/admin/contact?page_size=101' })).statusCode).toBe(400);
    });

    it('marks a message read (keeping when it was first read) and unread, with the unread count', async () => {
      const unread = (await inbox()).unread;
      const mark = (read: unknown, csrf = true) =>
        injectAs(t.app, admin, { method: 'PATCH', url: `/api/admin/contact/${id}`, payload: { read }, csrf });
      expect((await mark(true, false)).statusCode).toBe(403);
      const read = await mark(true);
      expect(read.statusCode, read.body).toBe(200);
      const readAt = read.json().message.read_at;
      expect(readAt).toEqual(expect.any(String));
      expect((await inbox()).unread).toBe(unread - 1);
      expect((await mark(true)).json().message.read_at).toBe(readAt);
      expect((await mark('yes')).statusCode).toBe(400);
      expect((await mark(false)).json().message.read_at).toBeNull();
      expect((await inbox()).unread).toBe(unread);
    });

    it('deletes a message (CSRF needed), then answers 404 for it', async () => {
      const remove = (csrf = true) =>
        injectAs(t.app, admin, { method: 'DELETE', url: `/api/admin/contact/${id}`, csrf });
      expect((await remove(false)).statusCode).toBe(403);
      expect((await remove()).statusCode).toBe(200);
      expect((await inbox('?page_size=100')).messages.some((m) => m.id === id)).toBe(false);
      expect((await remove()).statusCode).toBe(404);
      const mark = await injectAs(t.app, admin, {
        method: 'PATCH',
        url: `/api/admin/contact/${id}`,
        payload: { read: true },
      });
      expect(mark.statusCode).toBe(404);
      expect((await injectAs(t.app, admin, { method: 'DELETE', url: '/api/admin/contact/abc' })).statusCode).toBe(400);
    });
  });
});

describe.each(routeTestDatabaseKinds)('the minimum fill time from CONTACT_MIN_FILL_SECONDS on %s', (kind) => {
  const message = async (app: TestApp['app'], ageMs: number) =>
    app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        message: 'Hello!',
        form_token: await agedFormToken(app, ageMs),
      },
    });

  it('refuses a 9 s old form at 10 and tells the form so', async () => {
    const t = await createTestApp(kind, { CONTACT_MIN_FILL_SECONDS: '10' }, undefined, { clock: pinnedClock });
    try {
      const form = contactFormResponseSchema.parse((await t.app.inject({ url: '/api/contact/form' })).json());
      expect(form.min_seconds).toBe(10);
      expect((await message(t.app, 9_000)).json()).toMatchObject({ code: 400, message: TOO_FAST });
      expect((await message(t.app, 10_000)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  // The browser test's server: it runs in a process of its own, whose clock a test cannot move.
  it('accepts a form sent at once at 0', async () => {
    const t = await createTestApp(kind, { CONTACT_MIN_FILL_SECONDS: '0' });
    try {
      const form = contactFormResponseSchema.parse((await t.app.inject({ url: '/api/contact/form' })).json());
      expect(form.min_seconds).toBe(0);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello!', form_token: form.token },
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await t.close();
    }
  });
});
