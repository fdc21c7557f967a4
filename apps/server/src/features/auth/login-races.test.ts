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
} from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';

const NEW_PASSWORD = 'a brand new passphrase';
/** Logins in flight at once: each chain logs in again as soon as its last answer came. */
const CHAINS = 8;

/**
 * docs/api.md#account: a password change or reset ends every other session, and a deleted account
 * has none. Logins with the old password run in parallel chains (real requests, a pool of
 * connections on PostgreSQL) from before the change until after it answered, so some check the
 * old hash before the change commits and store their session after it: none of those may survive,
 * and a login that loses the race to a deletion is answered as for an unknown user, never 500.
 */
describe.each(testDatabaseKinds)('logins racing password changes and deletions on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let address = 0;

  beforeAll(async () => {
    // Every login from its own address, and no per-account ceiling: the limits are not under test.
    t = await createTestApp(kind, { LOGIN_MAX_ATTEMPTS_PER_USERNAME: '100000' });
    admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  const login = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: TEST_PASSWORD },
      remoteAddress: `10.34.${Math.floor(++address / 250)}.${address % 250}`,
    });

  /**
   * Runs `change` once the first login has answered, while CHAINS chains of logins with the old
   * password run (so logins are at every stage of their work when it comes); each chain stops after
   * one login started once the change has answered. Returns the change's answer and every login's.
   */
  async function raceLogins(username: string, change: () => Promise<LightMyRequestResponse>) {
    const logins: LightMyRequestResponse[] = [];
    let changed = false;
    let firstAnswered: () => void = () => {};
    const first = new Promise<void>((resolve) => {
      firstAnswered = resolve;
    });
    const chain = async () => {
      let last = false;
      while (!last) {
        last = changed;
        logins.push(await login(username));
        firstAnswered();
      }
    };
    const chains = Array.from({ length: CHAINS }, chain);
    await first;
    const answer = await change();
    changed = true;
    await Promise.all(chains);
    return { answer, logins };
  }

  /** The sessions the logins were given that still work. */
  async function survivors(logins: LightMyRequestResponse[]) {
    const tokens = logins.filter((r) => r.statusCode === 200).map((r) => r.json().token as string);
    const answers = await Promise.all(
      tokens.map((token) =>
        t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Token ${token}` } }),
      ),
    );
    return answers.filter((r) => r.statusCode !== 401).length;
  }

  it('leaves no session of a login with the old password alive after a password change', async () => {
    const alice = await signUp(t.app);
    const { answer, logins } = await raceLogins(alice.username, () =>
      injectAs(t.app, alice, {
        method: 'POST',
        url: '/api/account/password',
        payload: { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(logins.map((r) => r.statusCode).filter((s) => s !== 200 && s !== 401)).toEqual([]);
    expect(logins.some((r) => r.statusCode === 401)).toBe(true);
    expect(await survivors(logins)).toBe(0);
    // The changer's own session stays.
    expect((await injectAs(t.app, alice, { method: 'GET', url: '/api/me', via: 'token' })).statusCode).toBe(200);
  });

  it('leaves no session of a login with the old password alive after a reset by link', async () => {
    const alice = await signUp(t.app);
    const issued = await injectAs(t.app, admin, { method: 'POST', url: `/api/admin/users/${alice.id}/reset-link` });
    const token = new URL(issued.json().url).searchParams.get('token');
    const { answer, logins } = await raceLogins(alice.username, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/password-reset/confirm',
        payload: { token, new_password: NEW_PASSWORD },
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(logins.map((r) => r.statusCode).filter((s) => s !== 200 && s !== 401)).toEqual([]);
    expect(logins.some((r) => r.statusCode === 401)).toBe(true);
    expect(await survivors(logins)).toBe(0);
  });

  it('answers a login that races the account’s deletion as for an unknown user, never 500', async () => {
    const alice = await signUp(t.app);
    const { answer, logins } = await raceLogins(alice.username, () =>
      injectAs(t.app, alice, { method: 'POST', url: '/api/account/delete', payload: { password: TEST_PASSWORD } }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const refused = logins.filter((r) => r.statusCode !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) expect(res.json()).toEqual({ success: false, code: 404, message: 'User not found' });
    expect(await survivors(logins)).toBe(0);
    expect(
      await t.database.handle.db.selectFrom('sessions').select('id').where('user_id', '=', alice.id).execute(),
    ).toEqual([]);
  });

  it('answers logins racing the admin’s deletion of the account the same way', async () => {
    const alice = await signUp(t.app);
    const { answer, logins } = await raceLogins(alice.username, () =>
      injectAs(t.app, admin, { method: 'DELETE', url: `/api/admin/users/${alice.id}` }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const refused = logins.filter((r) => r.statusCode !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) expect(res.json()).toEqual({ success: false, code: 404, message: 'User not found' });
    expect(await survivors(logins)).toBe(0);
  });
});
