import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../../integrations/mail/mailer.js';
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp-catcher.js';
import {
  createTestApp,
  injectAs,
  logIn,
  signUp,
  TEST_ADMIN_PASSWORD,
  TEST_PASSWORD,
  type TestApp,
} from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';

const PUBLIC_URL = 'https://me.example.com';
const LINK = /https:\/\/me\.example\.com\/reset-password\?token=([A-Za-z0-9_-]{43})/;

/** A message's body as written: quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe.each(testDatabaseKinds)('password reset by e-mail on %s', (kind) => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let client = 0;
  const nextAddress = () => `10.3.0.${++client}`;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'My site <site@me.example.com>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const request = (email: string, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email }, remoteAddress });
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: nextAddress() });

  it('offers the reset in the login modal', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(res.json()).toEqual({ password_reset_by_email: true });
  });

  it('mails a link that resets the password and ends the sessions', async () => {
    const alice = await signUp(t.app);
    const sent = smtp.mails.length;
    const res = await request(`${alice.username.toUpperCase()}@EXAMPLE.COM`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });

    const mail = await smtp.waitFor(sent + 1);
    expect(mail.to).toEqual([`${alice.username}@example.com`]);
    expect(mail.from).toBe('site@me.example.com');
    expect(mail.raw).toMatch(/^From: My site <site@me\.example\.com>$/m);
    expect(mail.raw).toMatch(/^Subject: Reset your password$/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const body = decoded(mail.raw);
    expect(body).toContain('expires in 1 hour');
    expect(body).toContain(alice.username);
    const token = body.match(LINK)?.[1] as string;
    expect(token).toBeDefined();
    // The HTML part carries the same link.
    expect(body).toContain(`<a href="${PUBLIC_URL}/reset-password?token=${token}">`);

    const row = await t.database.handle.db
      .selectFrom('password_reset_tokens')
      .select('issued_by')
      .where('user_id', '=', alice.id)
      .executeTakeFirstOrThrow();
    expect(row.issued_by).toBe('email');

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/confirm',
      payload: { token, new_password: 'mailed new passphrase' },
      remoteAddress: nextAddress(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await injectAs(t.app, alice, { method: 'GET', url: '/api/me', via: 'token' })).statusCode).toBe(401);
    expect((await login(alice.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(alice.username, 'mailed new passphrase')).statusCode).toBe(200);
  });

  it('answers the same for an unknown address and a disabled account, and sends them nothing', async () => {
    // An app of its own: closing it waits for every mail it started, so the count below is final.
    const own = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL });
    try {
      const ask = (email: string) =>
        own.app.inject({
          method: 'POST',
          url: '/api/password-reset/request',
          payload: { email },
          remoteAddress: nextAddress(),
        });
      const bob = await signUp(own.app);
      const disabled = await signUp(own.app);
      const admin = await logIn(own.app, 'admin', TEST_ADMIN_PASSWORD);
      const off = await injectAs(own.app, admin, { method: 'POST', url: `/api/admin/users/${disabled.id}/disable` });
      expect(off.statusCode).toBe(200);

      const sent = smtp.mails.length;
      const unknown = await ask(`nobody-${process.pid}@example.com`);
      const forDisabled = await ask(`${disabled.username}@example.com`);
      const known = await ask(`${bob.username}@example.com`);
      expect(known.statusCode).toBe(200);
      for (const res of [unknown, forDisabled]) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(known.body);
      }

      // Closing waits for the work each answer left behind (the lookup, the token, the mail).
      await own.app.close();
      const tokens = await own.database.handle.db.selectFrom('password_reset_tokens').select('user_id').execute();
      expect(tokens).toEqual([{ user_id: bob.id }]);
      expect(smtp.mails.slice(sent).map((m) => m.to)).toEqual([[`${bob.username}@example.com`]]);
    } finally {
      await own.close();
    }
  });

  it('answers before it looks the address up, so a known address answers after the same work as an unknown one', async () => {
    // A mail server that records what it is handed, and when (the follow-up's last step).
    const handed: MailMessage[] = [];
    let handedOver: (message: MailMessage) => void = () => {};
    const mailer: Mailer = {
      async send(message) {
        handed.push(message);
        handedOver(message);
      },
      async close() {},
    };
    const own = await createTestApp(kind, { PUBLIC_URL }, undefined, { mailer });
    try {
      const dave = await signUp(own.app);
      const mailed = new Promise<MailMessage>((resolve) => {
        handedOver = resolve;
      });
      const res = await own.app.inject({
        method: 'POST',
        url: '/api/password-reset/request',
        payload: { email: `${dave.username}@example.com` },
        remoteAddress: nextAddress(),
      });
      // Read at once, before this test yields: the answer is here and the mail not yet asked for.
      const handedAtAnswer = handed.length;
      expect(res.statusCode).toBe(200);
      expect(handedAtAnswer).toBe(0);
      // Then the lookup, the token and the mail follow.
      expect((await mailed).to).toBe(`${dave.username}@example.com`);
      const tokens = await own.database.handle.db.selectFrom('password_reset_tokens').select('user_id').execute();
      expect(tokens).toEqual([{ user_id: dave.id }]);
    } finally {
      await own.close();
    }
  });

  it('limits requests per e-mail address and per client address, for known and unknown addresses alike', async () => {
    const carol = await signUp(t.app);
    for (const email of [`${carol.username}@example.com`, `nobody2-${process.pid}@example.com`]) {
      for (let i = 0; i < 3; i++) expect((await request(email)).statusCode).toBe(200);
      const limited = await request(email);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    }
    const address = '10.3.9.9';
    for (let i = 0; i < 10; i++)
      expect((await request(`x${i}-${process.pid}@example.com`, address)).statusCode).toBe(200);
    expect((await request(`y-${process.pid}@example.com`, address)).statusCode).toBe(429);
  });
});
