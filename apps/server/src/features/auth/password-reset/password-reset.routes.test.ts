import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  injectAs,
  logIn,
  signUp,
  TEST_ADMIN_PASSWORD,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';

const INVALID = 'This reset link is invalid or has expired';
const NEW_PASSWORD = 'a brand new passphrase';
const INVALID_ANSWER = { success: false, code: 400, message: INVALID };
const RESET_PASSWORD = 'the password from the link';
const CHANGED_PASSWORD = 'the password the owner chose';

describe.each(testDatabaseKinds)('password reset by link on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let client = 0;
  /** Each test from its own address, so the per-address limit is measured only where meant. */
  const nextAddress = () => `10.1.0.${++client}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  const issue = async (user: TestUser) => {
    const res = await injectAs(t.app, admin, { method: 'POST', url: `/api/admin/users/${user.id}/reset-link` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { url: string; expires_at: string };
    const token = new URL(body.url).searchParams.get('token') as string;
    return { ...body, token };
  };
  const post = (url: string, payload: object, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress });
  const check = (token: string, address?: string) => post('/api/password-reset/check', { token }, address);
  const confirm = (token: string, new_password = NEW_PASSWORD, address?: string) =>
    post('/api/password-reset/confirm', { token, new_password }, address);
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: nextAddress() });
  const me = (user: TestUser) => injectAs(t.app, user, { method: 'GET', url: '/api/me', via: 'token' });

  it('hands the admin a one-time link on the request’s origin, valid for an hour', async () => {
    const alice = await signUp(t.app);
    const before = Date.now();
    const link = await issue(alice);
    expect(link.url).toMatch(/^http:\/\/localhost(:80)?\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(link.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 3600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3600_000);
    // Stored as a digest only, marked as the admin's.
    const rows = await t.database.handle.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', alice.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ issued_by: 'admin', used_at: null, expires_at: link.expires_at });
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(link.token);

    const checked = await check(link.token);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ username: alice.username, expires_at: link.expires_at });
  });

  it('sets the new password, ends every session of the user and is used up', async () => {
    const alice = await signUp(t.app);
    const laptop = await logIn(t.app, alice.username, TEST_PASSWORD);
    const bob = await signUp(t.app);
    const { token } = await issue(alice);

    const res = await confirm(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, username: alice.username });

    for (const session of [alice, laptop]) expect((await me(session)).statusCode).toBe(401);
    expect((await login(alice.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(alice.username, NEW_PASSWORD)).statusCode).toBe(200);
    // Another user is untouched.
    expect((await me(bob)).statusCode).toBe(200);

    for (const again of [await check(token), await confirm(token, 'yet another passphrase')]) {
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ success: false, code: 400, message: INVALID });
    }
    expect((await login(alice.username, NEW_PASSWORD)).statusCode).toBe(200);
    const row = await t.database.handle.db
      .selectFrom('password_reset_tokens')
      .select('used_at')
      .where('user_id', '=', alice.id)
      .executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
  });

  it('resets only the token’s own account, whoever sends it', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const bobsLink = await issue(bob);
    // Alice, signed in, uses Bob's link: Bob's password changes, Alice's account and session do not.
    const res = await injectAs(t.app, alice, {
      method: 'POST',
      url: '/api/password-reset/confirm',
      payload: { token: bobsLink.token, new_password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(bob.username);
    expect((await me(alice)).statusCode).toBe(200);
    expect((await login(alice.username, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(bob.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await me(bob)).statusCode).toBe(401);
  });

  it('refuses unknown, superseded and expired links and changes nothing', async () => {
    const alice = await signUp(t.app);
    const first = await issue(alice);
    const second = await issue(alice);
    const unknown = 'A'.repeat(43);
    const expiring = await (async () => {
      const carol = await signUp(t.app);
      const link = await issue(carol);
      await t.database.handle.db
        .updateTable('password_reset_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', carol.id)
        .execute();
      return { ...link, user: carol };
    })();

    for (const token of [unknown, first.token, expiring.token]) {
      for (const res of [await check(token), await confirm(token)]) {
        expect(res.statusCode, token).toBe(400);
        expect(res.json().message).toBe(INVALID);
      }
    }
    // An incomplete token is refused by the contract before any lookup.
    const short = await check('abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ token: 'The reset link is incomplete' });

    expect((await me(alice)).statusCode).toBe(200);
    expect((await me(expiring.user)).statusCode).toBe(200);
    expect((await login(expiring.user.username, TEST_PASSWORD)).statusCode).toBe(200);
    // The newest link still works.
    expect((await confirm(second.token)).statusCode).toBe(200);
  });

  it('lets only one of several simultaneous uses of a link through', async () => {
    const alice = await signUp(t.app);
    const { token } = await issue(alice);
    const passwords = Array.from({ length: 6 }, (_, i) => `racing passphrase ${i}`);
    const answers = await Promise.all(passwords.map((password) => confirm(token, password)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(passwords.length - 1);
    const winner = passwords[statuses.indexOf(200)] as string;
    for (const password of passwords) {
      expect((await login(alice.username, password)).statusCode).toBe(password === winner ? 200 : 401);
    }
  });

  it('keeps exactly one live link when several are issued at once', async () => {
    const alice = await signUp(t.app);
    const links = await Promise.all(Array.from({ length: 6 }, () => issue(alice)));
    const rows = await t.database.handle.db
      .selectFrom('password_reset_tokens')
      .select('token_hash')
      .where('user_id', '=', alice.id)
      .execute();
    expect(rows).toHaveLength(1);
    const live = [];
    for (const link of links) if ((await check(link.token)).statusCode === 200) live.push(link);
    expect(live).toHaveLength(1);
  });

  it('limits checks and uses per client address, counted before the token is looked at', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < 30; i++) expect((await check('B'.repeat(43), address)).statusCode).toBe(400);
    const limited = await confirm('B'.repeat(43), NEW_PASSWORD, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // A good link from that address waits too; from another address it works.
    const alice = await signUp(t.app);
    const { token } = await issue(alice);
    expect((await check(token, address)).statusCode).toBe(429);
    expect((await check(token, '10.9.9.10')).statusCode).toBe(200);
  });

  it('lets no more than the limit through when the attempts come all at once', async () => {
    const address = '10.9.8.7';
    const answers = await Promise.all(Array.from({ length: 45 }, () => check('C'.repeat(43), address)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('says that e-mailed resets are off without SMTP_URL', async () => {
    const options = await t.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(options.json()).toEqual({ password_reset_by_email: false });
    const res = await post('/api/password-reset/request', { email: 'someone@example.com' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Password reset by e-mail is not available on this site');
  });

  /**
   * docs/api.md#password-reset: a link handed out before the owner changes their password or e-mail
   * address stops working with that change (the tokens end in the change's transaction), so a link
   * mailed to an old address, or seen by someone else, cannot undo it.
   */
  describe('links ended by account changes', () => {
    const changePassword = (user: TestUser) =>
      injectAs(t.app, user, {
        method: 'POST',
        url: '/api/account/password',
        payload: { current_password: TEST_PASSWORD, new_password: CHANGED_PASSWORD },
      });

    it('ends outstanding links when the owner changes the password', async () => {
      const alice = await signUp(t.app);
      const { token } = await issue(alice);
      expect((await changePassword(alice)).statusCode).toBe(200);
      for (const res of [await check(token), await confirm(token, RESET_PASSWORD)])
        expect(res.json()).toEqual(INVALID_ANSWER);
      expect((await login(alice.username, CHANGED_PASSWORD)).statusCode).toBe(200);
    });

    it('ends outstanding links when the owner changes the e-mail address', async () => {
      const alice = await signUp(t.app);
      const { token } = await issue(alice);
      const changed = await injectAs(t.app, alice, {
        method: 'PUT',
        url: '/api/account/email',
        payload: { email: `new-${alice.username}@example.com`, password: TEST_PASSWORD },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      for (const res of [await check(token), await confirm(token, RESET_PASSWORD)])
        expect(res.json()).toEqual(INVALID_ANSWER);
      expect((await login(alice.username, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('lets only one of a password change and a use of an older link win when they race', async () => {
      const answers: { change: LightMyRequestResponse; use: LightMyRequestResponse }[] = [];
      for (let round = 0; round < 4; round++) {
        const alice = await signUp(t.app);
        const { token } = await issue(alice);
        const [change, use] = await Promise.all([changePassword(alice), confirm(token, RESET_PASSWORD)]);
        answers.push({ change, use });
        const works = [
          (await login(alice.username, CHANGED_PASSWORD)).statusCode === 200,
          (await login(alice.username, RESET_PASSWORD)).statusCode === 200,
        ];
        // Exactly one password works, and it is the one whose request was answered 200.
        expect(works).toEqual([change.statusCode === 200, use.statusCode === 200]);
        expect(works.filter(Boolean)).toHaveLength(1);
      }
      for (const { change, use } of answers) {
        // The link won: its reset ended the changer's session (401) or changed the password it checked (403).
        if (change.statusCode !== 200) expect([401, 403]).toContain(change.statusCode);
        if (use.statusCode !== 200) expect(use.json()).toEqual(INVALID_ANSWER);
      }
    });
  });
});

describe('reset links with PUBLIC_URL', () => {
  it('start with the configured address, not the request’s Host', async () => {
    const t = await createTestApp('sqlite', {
      PUBLIC_URL: 'https://me.example.com/',
      ALLOWED_HOSTS: 'internal.example',
    });
    try {
      const admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
      const alice = await signUp(t.app);
      const res = await injectAs(t.app, admin, {
        method: 'POST',
        url: `/api/admin/users/${alice.id}/reset-link`,
        headers: { host: 'internal.example' },
      });
      expect(res.json().url).toMatch(/^https:\/\/me\.example\.com\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    } finally {
      await t.close();
    }
  });
});
