import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  injectAs,
  logIn,
  signUp,
  TEST_ADMIN_PASSWORD,
  TEST_PASSWORD,
  type TestApp,
  uniqueName,
} from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { hashToken } from './tokens.js';

describe.each(testDatabaseKinds)('accounts and sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_MAX_ATTEMPTS_PER_IP: '10000' });
  });
  afterAll(() => t.close());

  const TAKEN = { success: false, code: 409, message: 'Username or email is already taken' };
  const signupBody = (username: string, overrides: Record<string, unknown> = {}) => ({
    username,
    email: `${username}@example.com`,
    password: TEST_PASSWORD,
    ...overrides,
  });

  describe('signup', () => {
    it('creates the account, answers with the seed fields and sets both cookies', async () => {
      const username = uniqueName('Alice');
      const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: signupBody(username) });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ code: 200, username, message: expect.any(String) });
      expect(body.user_id).toBeGreaterThan(0);
      expect(body.token).toMatch(/^[\w-]{43}$/);
      const session = res.cookies.find((c) => c.name === SESSION_COOKIE);
      const csrf = res.cookies.find((c) => c.name === CSRF_COOKIE);
      expect(session).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(csrf).toMatchObject({ value: body.csrf_token, path: '/' });
      expect(csrf?.httpOnly).toBeFalsy();
    });

    it('stores a password hash and a token digest, never the secrets themselves', async () => {
      const user = await signUp(t.app);
      const db = t.database.handle.db;
      const row = await db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(TEST_PASSWORD);
      const sessions = await db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
      expect(sessions).toHaveLength(1);
      expect(sessions[0]?.token_hash).toBe(hashToken(user.token));
      expect(JSON.stringify(sessions)).not.toContain(user.token);
    });

    it('refuses a username taken in another letter case with 409 and changes nothing', async () => {
      const username = uniqueName('Bob');
      await signUp(t.app, username);
      const before = await countUsers();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: signupBody(username.toUpperCase(), { email: `other-${username}@example.com` }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(TAKEN);
      expect(await countUsers()).toBe(before);
    });

    // Saying which one is taken would tell a stranger which email addresses have accounts.
    it('refuses a taken email (any letter case) with the same 409, not naming the field', async () => {
      const first = uniqueName('carol');
      await signUp(t.app, first);
      const before = await countUsers();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: signupBody(uniqueName('dave'), { email: `${first.toUpperCase()}@EXAMPLE.com` }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(TAKEN);
      expect(await countUsers()).toBe(before);
    });

    it('answers the same 409 to parallel sign-ups that race for one email', async () => {
      const email = `${uniqueName('race')}@example.com`;
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.app.inject({ method: 'POST', url: '/api/signup', payload: signupBody(uniqueName('racer'), { email }) }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      for (const a of answers.filter((a) => a.statusCode === 409)) expect(a.json()).toEqual(TAKEN);
    });

    it.each([
      ['missing everything', {}, ['username', 'email', 'password']],
      ['reserved name admin', { username: 'Admin' }, ['username']],
      ['too short username', { username: 'ab' }, ['username']],
      ['too long username', { username: 'a'.repeat(31) }, ['username']],
      ['username with spaces', { username: 'bad name' }, ['username']],
      ['invalid email', { email: 'not-an-email' }, ['email']],
      ['short password', { password: 'short' }, ['password']],
      ['huge password', { password: 'x'.repeat(129) }, ['password']],
      ['wrong types', { username: 42, email: true, password: ['x'] }, ['username', 'email', 'password']],
    ])('answers 400 with field messages for %s', async (_label, overrides, fields) => {
      const before = await countUsers();
      const payload = Object.keys(overrides).length === 0 ? {} : signupBody(uniqueName('valid'), overrides);
      const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 400 });
      expect(Object.keys(body.fields).sort()).toEqual([...fields].sort());
      expect(await countUsers()).toBe(before);
    });

    it('uses the seed message texts for empty fields', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: { username: '', email: '', password: '' },
      });
      expect(res.json().fields).toEqual({
        username: 'Username is required',
        email: 'Email is required',
        password: 'Password is required',
      });
    });
  });

  describe('login', () => {
    it('signs in with a cookie session and a bearer token for the same session', async () => {
      const username = uniqueName('erin');
      await signUp(t.app, username);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: username.toUpperCase(), password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ code: 200, username, is_admin: false, message: 'Login successful' });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe(body.token);
      expect(res.cookies.find((c) => c.name === CSRF_COOKIE)?.value).toBe(body.csrf_token);

      const viaToken = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Token ${body.token}` },
      });
      expect(viaToken.json()).toMatchObject({ user_id: body.user_id, username, is_admin: false });
      const viaCookie = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        cookies: { [SESSION_COOKIE]: body.token },
      });
      expect(viaCookie.json()).toMatchObject({ user_id: body.user_id, username });
    });

    it('answers 401 with the seed text for a wrong password', async () => {
      const username = uniqueName('frank');
      await signUp(t.app, username);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password: 'wrong-pass' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 401, message: 'Invalid username or password' });
      expect(res.cookies).toHaveLength(0);
    });

    it('answers 404 for an unknown user', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'nobody-here', password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 404, message: 'User not found' });
    });

    it('answers 400 for missing fields', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ password: 'Password is required' });
    });

    // Found by the fuzzer: PostgreSQL refuses NUL in a text parameter, so the look-up failed with a 500.
    it('answers 400 for a NUL character in the username', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'admin\u0000', password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ username: 'Username may not contain NUL characters' });
    });
  });

  describe('me and logout', () => {
    it('answers 401 without a session, with a bad token and with a bogus cookie', async () => {
      for (const request of [
        { method: 'GET' as const, url: '/api/me' },
        { method: 'GET' as const, url: '/api/me', headers: { authorization: 'Token not-a-real-token' } },
        { method: 'GET' as const, url: '/api/me', cookies: { [SESSION_COOKIE]: 'forged' } },
      ]) {
        const res = await t.app.inject(request);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ success: false, code: 401 });
      }
    });

    it('deletes the session on the server: cookie and token both stop working', async () => {
      const user = await signUp(t.app);
      const res = await injectAs(t.app, user, { method: 'POST', url: '/api/logout' });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
      expect((await injectAs(t.app, user, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
      expect((await injectAs(t.app, user, { method: 'GET', url: '/api/me', via: 'token' })).statusCode).toBe(401);
    });

    it('ends only the session that logs out', async () => {
      const user = await signUp(t.app);
      const second = await logIn(t.app, user.username, TEST_PASSWORD);
      await injectAs(t.app, user, { method: 'POST', url: '/api/logout' });
      expect((await injectAs(t.app, second, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    });

    it('treats an expired session as signed out', async () => {
      const user = await signUp(t.app);
      await t.database.handle.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashToken(user.token))
        .execute();
      expect((await injectAs(t.app, user, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
      expect(await t.app.auth.purgeExpiredSessions()).toBeGreaterThanOrEqual(1);
    });

    it('has its expired sessions deleted by the hourly session-purge job', async () => {
      const user = await signUp(t.app);
      const ofUser = () =>
        t.database.handle.db.selectFrom('sessions').select('id').where('token_hash', '=', hashToken(user.token));
      await t.database.handle.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashToken(user.token))
        .execute();
      expect(await ofUser().execute()).toHaveLength(1);
      expect(t.app.deps.jobs.names()).toContain('session-purge');
      await t.app.deps.jobs.runNow('session-purge');
      expect(await ofUser().execute()).toEqual([]);
    });
  });

  describe('CSRF', () => {
    it('refuses a cookie-authenticated mutation without the header (403) and leaves the session alive', async () => {
      const user = await signUp(t.app);
      const res = await injectAs(t.app, user, { method: 'POST', url: '/api/logout', csrf: false });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 403, message: expect.stringMatching(/CSRF/) });
      expect((await injectAs(t.app, user, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    });

    it("refuses a header that matches the cookie but not the session's token", async () => {
      const user = await signUp(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { [CSRF_HEADER]: 'attacker-chosen' },
        cookies: { [SESSION_COOKIE]: user.token, [CSRF_COOKIE]: 'attacker-chosen' },
      });
      expect(res.statusCode).toBe(403);
    });

    it('does not ask token-authenticated calls for a CSRF header', async () => {
      const user = await signUp(t.app);
      const res = await injectAs(t.app, user, { method: 'POST', url: '/api/logout', via: 'token' });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('admin bootstrap', () => {
    it('creates admin with ADMIN_PASSWORD, once', async () => {
      const admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
      const me = await injectAs(t.app, admin, { method: 'GET', url: '/api/me' });
      expect(me.json()).toMatchObject({ username: 'admin', is_admin: true });
      const count = await t.database.handle.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('is_admin', '=', 1)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });
  });

  async function countUsers() {
    const row = await t.database.handle.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
});
