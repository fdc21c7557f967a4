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

const INVALID = { success: false, code: 400, message: 'This reset link is invalid or has expired' };
const RESET_PASSWORD = 'the password from the link';
const CHANGED_PASSWORD = 'the password the owner chose';

/**
 * docs/api.md#password-reset: a link handed out before the owner changes their password or e-mail
 * address stops working with that change (the tokens end in the change's transaction), so a link
 * mailed to an old address, or seen by someone else, cannot undo it.
 */
describe.each(testDatabaseKinds)('reset links ended by account changes on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let client = 0;
  const nextAddress = () => `10.5.0.${++client}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  const issue = async (user: TestUser) => {
    const res = await injectAs(t.app, admin, { method: 'POST', url: `/api/admin/users/${user.id}/reset-link` });
    expect(res.statusCode, res.body).toBe(200);
    return new URL(res.json().url).searchParams.get('token') as string;
  };
  const confirm = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/password-reset/confirm',
      payload: { token, new_password: RESET_PASSWORD },
      remoteAddress: nextAddress(),
    });
  const check = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/password-reset/check',
      payload: { token },
      remoteAddress: nextAddress(),
    });
  const changePassword = (user: TestUser) =>
    injectAs(t.app, user, {
      method: 'POST',
      url: '/api/account/password',
      payload: { current_password: TEST_PASSWORD, new_password: CHANGED_PASSWORD },
    });
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: nextAddress() });

  it('ends outstanding links when the owner changes the password', async () => {
    const alice = await signUp(t.app);
    const token = await issue(alice);
    expect((await changePassword(alice)).statusCode).toBe(200);
    for (const res of [await check(token), await confirm(token)]) expect(res.json()).toEqual(INVALID);
    expect((await login(alice.username, CHANGED_PASSWORD)).statusCode).toBe(200);
  });

  it('ends outstanding links when the owner changes the e-mail address', async () => {
    const alice = await signUp(t.app);
    const token = await issue(alice);
    const changed = await injectAs(t.app, alice, {
      method: 'PUT',
      url: '/api/account/email',
      payload: { email: `new-${alice.username}@example.com`, password: TEST_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const res of [await check(token), await confirm(token)]) expect(res.json()).toEqual(INVALID);
    expect((await login(alice.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets only one of a password change and a use of an older link win when they race', async () => {
    const answers: { change: LightMyRequestResponse; use: LightMyRequestResponse }[] = [];
    for (let round = 0; round < 4; round++) {
      const alice = await signUp(t.app);
      const token = await issue(alice);
      const [change, use] = await Promise.all([changePassword(alice), confirm(token)]);
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
      if (use.statusCode !== 200) expect(use.json()).toEqual(INVALID);
    }
  });
});
