import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../../../test/redis-server.js';
import { freePort } from '../../../test/server-process.js';
import {
  createInstanceOn,
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
import { waitFor } from '../../../test/wait-for.js';
import { hashToken } from '../tokens.js';

/**
 * Two instances of the site on one database and one Redis, as behind a load balancer: a session
 * ended or changed on the first stops working on the second as soon as the second hears of it
 * over Redis, although the second had it cached (docs/decisions.md#session-cache). Each action
 * that ends sessions or changes what a request reads of its user is checked here. The test waits
 * for the message to arrive, never for time to pass.
 */

type Instance = Awaited<ReturnType<typeof createInstanceOn>>;

/** Resolves when `app` receives its next forget (from any instance). */
function nextForget(app: FastifyInstance): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no forget reached the other instance')), 10_000);
    const off = app.auth.sessionCache.onForget(() => {
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

const me = (app: FastifyInstance, user: TestUser) => injectAs(app, user, { method: 'GET', url: '/api/me' });

describe.each(testDatabaseKinds)('a session cached by one instance and ended on another, on %s', (kind) => {
  let redis: RedisServer;
  let first: TestApp;
  let second: Instance;
  let admin: TestUser;

  beforeAll(async () => {
    redis = await startRedisServer(await freePort());
    first = await createTestApp(kind, { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `sessions${process.pid}${kind}:` });
    second = await createInstanceOn(first);
    await waitFor('listening', () => first.app.deps.broadcast.listening && second.app.deps.broadcast.listening);
    admin = await logIn(first.app, 'admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await redis?.kill();
  });

  /** A user signed in twice: `here` acts on the first instance, `there` is cached by the second. */
  async function userWithTwoSessions() {
    const here = await signUp(first.app);
    const there = await logIn(first.app, here.username, TEST_PASSWORD);
    expect((await me(second.app, there)).statusCode).toBe(200);
    const sessions = (await injectAs(first.app, here, { method: 'GET', url: '/api/account/sessions' })).json() as {
      sessions: { id: number; current: boolean }[];
    };
    const thereId = sessions.sessions.find((s) => !s.current)?.id;
    return { here, there, thereId };
  }

  /** Runs `action` on the first instance and waits until the second has heard of it. */
  async function onFirst(action: () => Promise<{ statusCode: number; body: string }>) {
    const heard = nextForget(second.app);
    const res = await action();
    expect(res.statusCode, res.body).toBe(200);
    await heard;
  }

  it('keeps using a session it looked up (what makes a signed-in request cost no query)', async () => {
    const { there } = await userWithTwoSessions();
    // Deleted behind both instances' backs: no instance is told, so the cached copy still works.
    await first.database.handle.db.deleteFrom('sessions').where('token_hash', '=', hashToken(there.token)).execute();
    expect((await me(second.app, there)).statusCode).toBe(200);
  });

  it('logging out', async () => {
    const { there } = await userWithTwoSessions();
    await onFirst(() => injectAs(first.app, there, { method: 'POST', url: '/api/logout' }));
    expect((await me(second.app, there)).statusCode).toBe(401);
  });

  it('ending one session from the account page', async () => {
    const { here, there, thereId } = await userWithTwoSessions();
    await onFirst(() => injectAs(first.app, here, { method: 'DELETE', url: `/api/account/sessions/${thereId}` }));
    expect((await me(second.app, there)).statusCode).toBe(401);
    expect((await me(second.app, here)).statusCode).toBe(200);
  });

  it('ending every session', async () => {
    const { here, there } = await userWithTwoSessions();
    await onFirst(() => injectAs(first.app, here, { method: 'POST', url: '/api/account/sessions/end-all' }));
    expect((await me(second.app, there)).statusCode).toBe(401);
  });

  it('changing the password (the session that changed it stays)', async () => {
    const { here, there } = await userWithTwoSessions();
    expect((await me(second.app, here)).statusCode).toBe(200);
    await onFirst(() =>
      injectAs(first.app, here, {
        method: 'POST',
        url: '/api/account/password',
        payload: { current_password: TEST_PASSWORD, new_password: 'a brand new passphrase' },
      }),
    );
    expect((await me(second.app, there)).statusCode).toBe(401);
    expect((await me(second.app, here)).statusCode).toBe(200);
  });

  it('changing the e-mail address (every instance answers the new one)', async () => {
    const { here, there } = await userWithTwoSessions();
    const email = `${here.username}.new@example.com`;
    await onFirst(() =>
      injectAs(first.app, here, {
        method: 'PUT',
        url: '/api/account/email',
        payload: { email, password: TEST_PASSWORD },
      }),
    );
    expect((await me(second.app, there)).json()).toMatchObject({ email });
  });

  it('deleting the account', async () => {
    const { here, there } = await userWithTwoSessions();
    await onFirst(() =>
      injectAs(first.app, here, { method: 'POST', url: '/api/account/delete', payload: { password: TEST_PASSWORD } }),
    );
    expect((await me(second.app, there)).statusCode).toBe(401);
  });

  it('the admin disabling the user', async () => {
    const { here, there } = await userWithTwoSessions();
    await onFirst(() => injectAs(first.app, admin, { method: 'POST', url: `/api/admin/users/${here.id}/disable` }));
    expect((await me(second.app, there)).statusCode).toBe(401);
  });

  it('the admin enabling a user whose session outlived the disabling (it works again)', async () => {
    const { here, there } = await userWithTwoSessions();
    // As if a login had raced the disabling: disabled, with a session row still there.
    await first.database.handle.db
      .updateTable('users')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', here.id)
      .execute();
    // The second instance had not seen this session: it reads it, finds it dead and remembers that.
    expect((await me(second.app, here)).statusCode).toBe(401);
    await onFirst(() => injectAs(first.app, admin, { method: 'POST', url: `/api/admin/users/${here.id}/enable` }));
    expect((await me(second.app, here)).statusCode).toBe(200);
    expect((await me(second.app, there)).statusCode).toBe(200);
  });

  it('the admin deleting the user', async () => {
    const { here, there } = await userWithTwoSessions();
    await onFirst(() => injectAs(first.app, admin, { method: 'DELETE', url: `/api/admin/users/${here.id}` }));
    expect((await me(second.app, there)).statusCode).toBe(401);
  });

  it('a password reset', async () => {
    const { here, there } = await userWithTwoSessions();
    const link = await injectAs(first.app, admin, { method: 'POST', url: `/api/admin/users/${here.id}/reset-link` });
    const token = new URL(link.json().url).searchParams.get('token');
    await onFirst(() =>
      first.app.inject({
        method: 'POST',
        url: '/api/password-reset/confirm',
        payload: { token, new_password: 'a brand new passphrase' },
      }),
    );
    expect((await me(second.app, there)).statusCode).toBe(401);
  });

  it('while Redis is away, reads every session from the database; afterwards caches again', async () => {
    const { here, there } = await userWithTwoSessions();
    await redis.kill();
    await waitFor('deaf', () => !second.app.deps.broadcast.listening);
    // Not cached now: a session deleted where no message can say so ends at once.
    await first.database.handle.db.deleteFrom('sessions').where('token_hash', '=', hashToken(there.token)).execute();
    expect((await me(second.app, there)).statusCode).toBe(401);
    expect(second.app.auth.sessionCache.size).toBe(0);

    await redis.restart();
    await waitFor('listening again', () => second.app.deps.broadcast.listening);
    expect((await me(second.app, here)).statusCode).toBe(200);
    await first.database.handle.db.deleteFrom('sessions').where('token_hash', '=', hashToken(here.token)).execute();
    expect((await me(second.app, here)).statusCode).toBe(200);
  });
});
