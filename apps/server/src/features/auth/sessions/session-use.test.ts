import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  injectAs,
  signUp,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
  uniqueName,
} from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { SESSION_USE_INTERVAL_MS } from './sessions.repository.js';

// The last-use write happens after the answer; on a busy machine it can take seconds, and a wait ends
// as soon as it lands (vi.waitFor's own limit is one second).
const WAIT = { timeout: 30_000 };

/**
 * docs/api.md#account: a session's last use, and its user's last visit, are written at most once
 * per SESSION_USE_INTERVAL_MS, after the answer, so the common request only reads.
 */
describe.each(testDatabaseKinds)('session last use on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.database.handle.db;
  const session = async (user: TestUser) =>
    db().selectFrom('sessions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
  const lastSeen = async (user: TestUser) =>
    (await db().selectFrom('users').select('last_seen_at').where('id', '=', user.id).executeTakeFirstOrThrow())
      .last_seen_at;
  const setLastUse = (user: TestUser, ago: number) =>
    db()
      .updateTable('sessions')
      .set({ last_used_at: new Date(Date.now() - ago).toISOString() })
      .where('user_id', '=', user.id)
      .execute();

  it('starts as the creation time, with the client and address', async () => {
    const username = uniqueName('lastuse');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'user-agent': 'test-client/1.0' },
      payload: { username, email: `${username}@example.com`, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const row = await db()
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', res.json().user_id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).toBe(row.created_at);
    expect(row).toMatchObject({ user_agent: 'test-client/1.0', ip: '127.0.0.1' });
  });

  it('is written when older than the interval, with the user’s last visit', async () => {
    const alice = await signUp(t.app);
    await setLastUse(alice, SESSION_USE_INTERVAL_MS + 60_000);
    const stale = (await session(alice)).last_used_at;
    const before = new Date().toISOString();
    expect((await injectAs(t.app, alice, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await session(alice)).last_used_at).not.toBe(stale), WAIT);
    expect((await session(alice)).last_used_at! >= before).toBe(true);
    await vi.waitFor(async () => expect(await lastSeen(alice)).toBe((await session(alice)).last_used_at), WAIT);
  });

  it('is not written again within the interval', async () => {
    const bob = await signUp(t.app);
    await setLastUse(bob, 60_000);
    const recent = (await session(bob)).last_used_at;
    for (let i = 0; i < 3; i++) {
      expect((await injectAs(t.app, bob, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    }
    // Every write the requests started has ended (the app tracks them): none may have happened.
    await t.app.deps.afterResponse.settled();
    expect((await session(bob)).last_used_at).toBe(recent);
    expect(await lastSeen(bob)).toBeNull();
  });

  it('never fails a request when the write fails', async () => {
    const dave = await signUp(t.app);
    await setLastUse(dave, SESSION_USE_INTERVAL_MS * 3);
    const stale = (await session(dave)).last_used_at;
    // A trigger makes every later write of last_used_at fail, on either database.
    const { db: raw } = t.database.handle;
    if (kind === 'sqlite') {
      await sql`create trigger refuse_last_use before update of last_used_at on sessions
        begin select raise(abort, 'refused by the test'); end`.execute(raw);
    } else {
      await sql`create function refuse_last_use() returns trigger language plpgsql
        as $$ begin raise exception 'refused by the test'; end $$`.execute(raw);
      await sql`create trigger refuse_last_use before update of last_used_at on sessions
        for each row execute function refuse_last_use()`.execute(raw);
    }
    try {
      for (let i = 0; i < 3; i++) {
        expect((await injectAs(t.app, dave, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
      }
      await t.app.deps.afterResponse.settled();
      expect((await session(dave)).last_used_at).toBe(stale);
    } finally {
      await sql`drop trigger refuse_last_use${kind === 'sqlite' ? sql`` : sql` on sessions`}`.execute(raw);
      if (kind === 'postgres') await sql`drop function refuse_last_use()`.execute(raw);
    }
  });

  it('answers every request when many see the stale time at once, and records the use', async () => {
    const carol = await signUp(t.app);
    await setLastUse(carol, SESSION_USE_INTERVAL_MS * 2);
    const stale = (await session(carol)).last_used_at;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => injectAs(t.app, carol, { method: 'GET', url: '/api/me' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    await vi.waitFor(async () => expect((await session(carol)).last_used_at).not.toBe(stale), WAIT);
    await vi.waitFor(async () => expect(await lastSeen(carol)).not.toBeNull(), WAIT);
  });
});
