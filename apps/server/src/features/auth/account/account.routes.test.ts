import { CSRF_COOKIE, SESSION_COOKIE } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  injectAs,
  logIn,
  TEST_ADMIN_PASSWORD,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
  uniqueName,
} from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { isKnownDevice, KNOWN_DEVICE_COOKIE } from '../sessions/known-device.js';

const NEW_PASSWORD = 'a brand new passphrase';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe.each(testDatabaseKinds)('account API on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.database.handle.db;
  const call = (
    user: TestUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    extra: { via?: 'cookie' | 'token'; csrf?: boolean; headers?: Record<string, string> } = {},
  ) => injectAs(t.app, user, { method, url, ...(payload ? { payload } : {}), ...extra });
  const me = (user: TestUser) => call(user, 'GET', '/api/me');
  const sessionsOf = async (user: TestUser) => {
    const res = await call(user, 'GET', '/api/account/sessions', undefined, { via: 'token' });
    expect(res.statusCode).toBe(200);
    return res.json().sessions as Array<{ id: number; current: boolean; client: string; user_agent: string | null }>;
  };
  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, headers });
  const userRow = (id: number) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  const sessionRows = (userId: number) =>
    db().selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  /**
   * A new user, each signing up from its own address: sign-up allows 20 an hour per address, and
   * each test's user has its own password-attempt counts.
   */
  let addresses = 0;
  async function newUser(): Promise<TestUser> {
    const username = uniqueName('acct');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      remoteAddress: `10.9.${Math.floor(++addresses / 250)}.${addresses % 250}`,
      payload: { username, email: `${username}@example.com`, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
    return { id: body.user_id, username, token: body.token, csrfToken: body.csrf_token, cookies };
  }

  describe('GET /api/account', () => {
    it('answers the session’s user, and 401 signed out', async () => {
      const alice = await newUser();
      const res = await call(alice, 'GET', '/api/account');
      expect(res.statusCode).toBe(200);
      const row = await userRow(alice.id);
      expect(res.json()).toEqual({
        user_id: alice.id,
        username: alice.username,
        email: `${alice.username}@example.com`,
        is_admin: false,
        created_at: row?.created_at,
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
    });
  });

  describe('sessions', () => {
    it('records the client and address at sign-in and lists live sessions, newest use first', async () => {
      const alice = await newUser();
      const firefox = await login(alice.username, TEST_PASSWORD, { 'user-agent': FIREFOX });
      expect(firefox.statusCode).toBe(200);
      const long = await login(alice.username, TEST_PASSWORD, { 'user-agent': `curl/8.5.0 ${'x'.repeat(400)}` });
      const longId = (await sessionRows(alice.id)).at(-1)?.id;
      // An expired session is not listed.
      const expired = (await sessionRows(alice.id))[0]!;
      await db()
        .updateTable('sessions')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .where('id', '=', expired.id)
        .execute();
      // Spread the last uses so the order is certain.
      const rows = await sessionRows(alice.id);
      for (const [i, row] of rows.entries()) {
        await db()
          .updateTable('sessions')
          .set({ last_used_at: new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString() })
          .where('id', '=', row.id)
          .execute();
      }

      const current: TestUser = { ...alice, token: long.json().token };
      const res = await call(current, 'GET', '/api/account/sessions', undefined, { via: 'token' });
      const list = res.json().sessions as Array<Record<string, unknown>>;
      expect(list.map((s) => s.id)).toEqual(
        rows
          .filter((r) => r.id !== expired.id)
          .map((r) => r.id)
          .reverse(),
      );
      const [top, middle] = list;
      // `current` marks the calling session (here the one its bearer token belongs to).
      expect(top).toMatchObject({ id: longId, current: true, client: 'curl', ip: '127.0.0.1' });
      expect(top?.user_agent).toHaveLength(256);
      expect(middle).toMatchObject({ user_agent: FIREFOX, client: 'Firefox on Linux', current: false });
      expect(list.filter((s) => s.current)).toHaveLength(1);
      for (const s of list) {
        expect(String(s.last_used_at) >= String(s.created_at)).toBe(true);
        expect(Object.keys(s).sort()).toEqual(
          ['client', 'created_at', 'current', 'expires_at', 'id', 'ip', 'last_used_at', 'user_agent'].sort(),
        );
      }
    });

    it('names a client without a User-Agent an API client', async () => {
      const alice = await newUser();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: alice.username, password: TEST_PASSWORD },
        headers: { 'user-agent': '' },
      });
      await call(alice, 'DELETE', `/api/account/sessions/${(await sessionRows(alice.id))[0]?.id}`);
      const list = await sessionsOf({ ...alice, token: res.json().token });
      expect(list).toEqual([expect.objectContaining({ current: true, user_agent: null, client: 'API client' })]);
    });

    it('ends one session of the user; another user’s id is 404 and that session stays', async () => {
      const alice = await newUser();
      const bob = await newUser();
      const second = await logIn(t.app, alice.username, TEST_PASSWORD);
      const secondId = (await sessionRows(alice.id)).at(-1)!.id;
      const bobSession = (await sessionRows(bob.id))[0]!.id;

      const refused = await call(alice, 'DELETE', `/api/account/sessions/${bobSession}`);
      expect(refused.statusCode).toBe(404);
      expect((await me(bob)).statusCode).toBe(200);
      expect((await call(bob, 'DELETE', `/api/account/sessions/${secondId}`)).statusCode).toBe(404);
      expect((await me(second)).statusCode).toBe(200);

      const ended = await call(alice, 'DELETE', `/api/account/sessions/${secondId}`);
      expect(ended.statusCode).toBe(200);
      expect(ended.json()).toEqual({ success: true, ended: 1 });
      expect((await me(second)).statusCode).toBe(401);
      expect((await me(alice)).statusCode).toBe(200);
      expect((await call(alice, 'DELETE', `/api/account/sessions/${secondId}`)).statusCode).toBe(404);
      // Its own session: ended, and the cookies are cleared.
      const own = (await sessionRows(alice.id))[0]!.id;
      const self = await call(alice, 'DELETE', `/api/account/sessions/${own}`);
      expect(self.statusCode).toBe(200);
      expect(self.cookies.filter((c) => c.name === SESSION_COOKIE || c.name === CSRF_COOKIE)).toHaveLength(2);
      expect((await me(alice)).statusCode).toBe(401);
    });

    it('answers 400 for a session id that is not a number', async () => {
      const alice = await newUser();
      for (const id of ['abc', '-1', '1.5', '99999999999']) {
        const res = await call(alice, 'DELETE', `/api/account/sessions/${id}`);
        expect(res.statusCode, id).toBe(400);
      }
      expect(await sessionRows(alice.id)).toHaveLength(1);
    });

    it('logs out everywhere, this session included, clearing its cookies; others’ sessions stay', async () => {
      const alice = await newUser();
      const bob = await newUser();
      const other = await logIn(t.app, alice.username, TEST_PASSWORD);
      const res = await call(alice, 'POST', '/api/account/sessions/end-all');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, ended: 2 });
      const cleared = res.cookies.filter((c) => c.name === SESSION_COOKIE || c.name === CSRF_COOKIE);
      expect(cleared.map((c) => c.value)).toEqual(['', '']);
      expect((await me(alice)).statusCode).toBe(401);
      expect((await me(other)).statusCode).toBe(401);
      expect(await sessionRows(alice.id)).toEqual([]);
      expect((await me(bob)).statusCode).toBe(200);
    });

    it('log-out still ends only the current session', async () => {
      const alice = await newUser();
      const other = await logIn(t.app, alice.username, TEST_PASSWORD);
      expect((await call(alice, 'POST', '/api/logout')).statusCode).toBe(200);
      expect((await me(alice)).statusCode).toBe(401);
      expect((await me(other)).statusCode).toBe(200);
    });
  });

  describe('POST /api/account/password', () => {
    it('changes the password: the old one is refused at log-in, other sessions end, this one stays', async () => {
      const alice = await newUser();
      const other = await logIn(t.app, alice.username, TEST_PASSWORD);
      const third = await logIn(t.app, alice.username, TEST_PASSWORD);
      const bob = await newUser();
      const before = (await userRow(alice.id))?.password_hash;

      const res = await call(alice, 'POST', '/api/account/password', {
        current_password: TEST_PASSWORD,
        new_password: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Password changed', ended_sessions: 2 });
      const after = (await userRow(alice.id))?.password_hash;
      expect(after).not.toBe(before);
      // This browser stays a known device under the new password (the old cookie is void).
      const device = res.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE);
      expect(device?.path).toBe('/api/login');
      expect(isKnownDevice(device?.value, { id: alice.id, passwordHash: after ?? '' })).toBe(true);
      expect(isKnownDevice(alice.cookies[KNOWN_DEVICE_COOKIE], { id: alice.id, passwordHash: after ?? '' })).toBe(
        false,
      );
      expect((await me(alice)).statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
      expect((await me(third)).statusCode).toBe(401);
      expect((await me(bob)).statusCode).toBe(200);
      expect((await login(alice.username, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await login(alice.username, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a wrong current password with 403 and changes nothing', async () => {
      const alice = await newUser();
      const other = await logIn(t.app, alice.username, TEST_PASSWORD);
      const before = await userRow(alice.id);
      const res = await call(alice, 'POST', '/api/account/password', {
        current_password: 'not my password',
        new_password: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Current password is incorrect');
      expect(await userRow(alice.id)).toEqual(before);
      expect((await me(other)).statusCode).toBe(200);
    });

    it('answers 400 for bad input and changes nothing', async () => {
      const alice = await newUser();
      const before = await userRow(alice.id);
      for (const payload of [
        {},
        { current_password: TEST_PASSWORD },
        { current_password: '', new_password: NEW_PASSWORD },
        { current_password: TEST_PASSWORD, new_password: 'short' },
        { current_password: TEST_PASSWORD, new_password: 'x'.repeat(129) },
        { current_password: 1, new_password: NEW_PASSWORD },
      ]) {
        const res = await call(alice, 'POST', '/api/account/password', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect(await userRow(alice.id)).toEqual(before);
    });

    it('counts wrong passwords with the log-in limiter: guessing stops at the limit', async () => {
      const alice = await newUser();
      const limit = t.config.loginMaxFailuresPerUsername;
      for (let i = 0; i < limit; i++) {
        const res = await call(alice, 'POST', '/api/account/password', {
          current_password: `guess ${i}`,
          new_password: NEW_PASSWORD,
        });
        expect(res.statusCode).toBe(403);
      }
      const limited = await call(alice, 'POST', '/api/account/password', {
        current_password: TEST_PASSWORD,
        new_password: NEW_PASSWORD,
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      // The same budget as the log-in form from this address.
      expect((await login(alice.username, TEST_PASSWORD)).statusCode).toBe(429);
      expect((await login(alice.username, NEW_PASSWORD)).statusCode).toBe(429);
    });

    it('of two changes at once with the same current password, exactly one takes effect', async () => {
      const alice = await newUser();
      const other = await logIn(t.app, alice.username, TEST_PASSWORD);
      const [a, b] = await Promise.all([
        call(alice, 'POST', '/api/account/password', {
          current_password: TEST_PASSWORD,
          new_password: 'first new one',
        }),
        call(other, 'POST', '/api/account/password', {
          current_password: TEST_PASSWORD,
          new_password: 'second new one',
        }),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort((x, y) => x - y);
      // Both may pass the check; the compare-and-set lets one write. The loser is 403 (its
      // current password is no longer current) or 401 (the winner ended its session first).
      expect(statuses[0]).toBe(200);
      expect([401, 403]).toContain(statuses[1]);
      const winner = a.statusCode === 200 ? 'first new one' : 'second new one';
      const loser = a.statusCode === 200 ? 'second new one' : 'first new one';
      expect((await login(alice.username, loser)).statusCode).toBe(401);
      expect((await login(alice.username, winner)).statusCode).toBe(200);
    });
  });

  describe('PUT /api/account/email', () => {
    it('changes the e-mail with the password; /api/me shows it', async () => {
      const alice = await newUser();
      const email = `${alice.username}.new@Example.org`;
      const res = await call(alice, 'PUT', '/api/account/email', { email: `  ${email} `, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, email });
      expect((await me(alice)).json().email).toBe(email);
      expect((await userRow(alice.id))?.email).toBe(email);
      // Its own address in another case is not "taken".
      const again = await call(alice, 'PUT', '/api/account/email', {
        email: email.toUpperCase(),
        password: TEST_PASSWORD,
      });
      expect(again.statusCode).toBe(200);
    });

    it('refuses a wrong password (403), an address taken in any case (409) and bad input (400)', async () => {
      const alice = await newUser();
      const bob = await newUser();
      const before = await userRow(alice.id);
      const wrong = await call(alice, 'PUT', '/api/account/email', { email: 'x@example.com', password: 'nope' });
      expect(wrong.statusCode).toBe(403);
      const taken = await call(alice, 'PUT', '/api/account/email', {
        email: `${bob.username.toUpperCase()}@EXAMPLE.COM`,
        password: TEST_PASSWORD,
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('Email is already taken');
      for (const payload of [
        {},
        { email: 'not an address', password: TEST_PASSWORD },
        { email: 'x@example.com' },
        { email: `${'a'.repeat(250)}@example.com`, password: TEST_PASSWORD },
      ]) {
        expect((await call(alice, 'PUT', '/api/account/email', payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect(await userRow(alice.id)).toEqual(before);
    });

    it('gives one address to one of two accounts claiming it at once; the other gets 409', async () => {
      const alice = await newUser();
      const bob = await newUser();
      const email = `${uniqueName('shared')}@example.com`;
      const results = await Promise.all(
        [alice, bob].map((user) => call(user, 'PUT', '/api/account/email', { email, password: TEST_PASSWORD })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const owners = await db().selectFrom('users').select('id').where('email', '=', email).execute();
      expect(owners).toHaveLength(1);
    });
  });

  describe('POST /api/account/delete', () => {
    it('deletes the account after the password; its sessions and log-in end', async () => {
      const alice = await newUser();
      const other = await logIn(t.app, alice.username, TEST_PASSWORD);
      const wrong = await call(alice, 'POST', '/api/account/delete', { password: 'wrong password' });
      expect(wrong.statusCode).toBe(403);
      expect(await userRow(alice.id)).toBeDefined();

      const res = await call(alice, 'POST', '/api/account/delete', { password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Account deleted' });
      expect(res.cookies.filter((c) => c.name === SESSION_COOKIE).map((c) => c.value)).toEqual(['']);
      expect(await userRow(alice.id)).toBeUndefined();
      expect((await me(alice)).statusCode).toBe(401);
      expect((await call(other, 'GET', '/api/account', undefined, { via: 'token' })).statusCode).toBe(401);
      expect((await login(alice.username, TEST_PASSWORD)).statusCode).toBe(404);
    });

    it('refuses the admin account (409) and bad input (400)', async () => {
      const admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
      const res = await call(admin, 'POST', '/api/account/delete', { password: TEST_ADMIN_PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('The admin account cannot be deleted');
      expect(await userRow(admin.id)).toBeDefined();
      const alice = await newUser();
      for (const payload of [{}, { password: '' }, { password: 5 }, { password: 'x'.repeat(200) }]) {
        expect((await call(alice, 'POST', '/api/account/delete', payload)).statusCode).toBe(400);
      }
      expect(await userRow(alice.id)).toBeDefined();
    });

    it('is rate-limited like log-in', async () => {
      const alice = await newUser();
      for (let i = 0; i < t.config.loginMaxFailuresPerUsername; i++) {
        expect((await call(alice, 'POST', '/api/account/delete', { password: `guess ${i}` })).statusCode).toBe(403);
      }
      const limited = await call(alice, 'POST', '/api/account/delete', { password: TEST_PASSWORD });
      expect(limited.statusCode).toBe(429);
      expect(await userRow(alice.id)).toBeDefined();
    });
  });

  describe('every mutation', () => {
    const mutations = (sessionId: number) =>
      [
        ['POST', '/api/account/password', { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD }],
        ['PUT', '/api/account/email', { email: `${uniqueName('csrf')}@example.com`, password: TEST_PASSWORD }],
        ['DELETE', `/api/account/sessions/${sessionId}`, undefined],
        ['POST', '/api/account/sessions/end-all', undefined],
        ['POST', '/api/account/delete', { password: TEST_PASSWORD }],
      ] as const satisfies ReadonlyArray<readonly ['POST' | 'PUT' | 'DELETE', string, object | undefined]>;

    it('needs the CSRF header with cookies, and changes nothing without it', async () => {
      const alice = await newUser();
      const other = await logIn(t.app, alice.username, TEST_PASSWORD);
      const otherId = (await sessionRows(alice.id)).at(-1)!.id;
      const before = { user: await userRow(alice.id), sessions: await sessionRows(alice.id) };
      for (const [method, url, payload] of mutations(otherId)) {
        const res = await call(alice, method, url, payload, { csrf: false });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      expect({ user: await userRow(alice.id), sessions: await sessionRows(alice.id) }).toEqual(before);
      expect((await me(other)).statusCode).toBe(200);
    });

    it('answers 401 signed out', async () => {
      for (const [method, url, payload] of mutations(1)) {
        const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
      for (const url of ['/api/account', '/api/account/sessions', '/api/account/export']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
    });
  });
});
