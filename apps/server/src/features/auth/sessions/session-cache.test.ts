import { describe, expect, it } from 'vitest';
import { localBroadcast } from '../../../core/broadcast.js';
import { SessionCache } from './session-cache.js';
import type { SessionWithUser } from './sessions.repository.js';

/** The cache's own rules, on one instance with a clock the test moves (instances: session-cache.instances.test.ts). */

const T0 = Date.parse('2026-11-29T12:00:00Z');

function session(userId: number, expiresAt = T0 + 86_400_000): SessionWithUser {
  return {
    sessionId: userId * 10,
    csrfToken: 'csrf',
    userId,
    username: `user${userId}`,
    email: `user${userId}@example.com`,
    isAdmin: false,
    lastUsedAt: null,
    expiresAt: new Date(expiresAt).toISOString(),
  };
}

function setUp(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let now = T0;
  const cache = new SessionCache({
    ttlMs: options.ttlMs ?? 10_000,
    maxEntries: options.maxEntries ?? 100,
    broadcast: localBroadcast(),
    now: () => now,
  });
  const loads: string[] = [];
  /** Resolves `hash` as the database would: `rows` holds the live sessions. */
  const rows = new Map<string, SessionWithUser>();
  const resolve = (hash: string) =>
    cache.resolve(hash, async () => {
      loads.push(hash);
      return rows.get(hash);
    });
  return { cache, rows, loads, resolve, advance: (ms: number) => (now += ms) };
}

describe('SessionCache', () => {
  it('answers from memory within its time to live, then reads again', async () => {
    const { rows, loads, resolve, advance } = setUp();
    rows.set('a', session(1));
    expect(await resolve('a')).toMatchObject({ userId: 1 });
    advance(9_999);
    expect(await resolve('a')).toMatchObject({ userId: 1 });
    expect(loads).toEqual(['a']);
    advance(1);
    await resolve('a');
    expect(loads).toEqual(['a', 'a']);
  });

  it('never answers a session past its own expiry', async () => {
    const { rows, loads, resolve, advance } = setUp();
    rows.set('a', session(1, T0 + 3_000));
    await resolve('a');
    advance(3_000);
    rows.delete('a'); // as the query's expires_at condition would
    expect(await resolve('a')).toBeUndefined();
    expect(loads).toEqual(['a', 'a']);
  });

  it('remembers an unknown token within its time to live, apart from the sessions', async () => {
    const { cache, rows, loads, resolve, advance } = setUp({ maxEntries: 1 });
    rows.set('a', session(1));
    await resolve('a');
    expect(await resolve('nobody')).toBeUndefined();
    expect(await resolve('nobody')).toBeUndefined();
    expect(loads).toEqual(['a', 'nobody']);
    expect(cache.size).toBe(1); // the session was not pushed out
    await resolve('a');
    advance(10_000);
    await resolve('nobody');
    expect(loads).toEqual(['a', 'nobody', 'nobody']);
    // A user enabled again may bring a session back to life: forgetting any user forgets them all.
    cache.forgetUser(99);
    await resolve('nobody');
    expect(loads).toEqual(['a', 'nobody', 'nobody', 'nobody']);
  });

  it('forgets one token, or every session of one user, and nothing else', async () => {
    const { cache, rows, loads, resolve } = setUp();
    rows.set('a1', session(1));
    rows.set('a2', session(1));
    rows.set('b', session(2));
    for (const hash of ['a1', 'a2', 'b']) await resolve(hash);
    cache.forgetToken('a1');
    for (const hash of ['a1', 'a2', 'b']) await resolve(hash);
    expect(loads.slice(3)).toEqual(['a1']);
    cache.forgetUser(1);
    for (const hash of ['a1', 'a2', 'b']) await resolve(hash);
    expect(loads.slice(4)).toEqual(['a1', 'a2']);
  });

  it('does not keep a row read before a forget that overtook its lookup', async () => {
    const { cache, loads } = setUp();
    let release: (row: SessionWithUser) => void = () => {};
    const slow = cache.resolve('a', () => new Promise<SessionWithUser>((r) => (release = r)));
    cache.forgetUser(1); // the session ended while its row was on its way
    release(session(1));
    expect(await slow).toMatchObject({ userId: 1 });
    expect(cache.size).toBe(0);
    await cache.resolve('a', async () => {
      loads.push('again');
      return undefined;
    });
    expect(loads).toEqual(['again']);
  });

  it('holds at most maxEntries, dropping the oldest first', async () => {
    const { cache, rows, loads, resolve } = setUp({ maxEntries: 2 });
    for (const [hash, user] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const) {
      rows.set(hash, session(user));
      await resolve(hash);
    }
    expect(cache.size).toBe(2);
    await resolve('b');
    await resolve('c');
    await resolve('a');
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
  });

  it('with a time to live of 0, reads every time and keeps nothing', async () => {
    const { cache, rows, loads, resolve } = setUp({ ttlMs: 0 });
    rows.set('a', session(1));
    await resolve('a');
    await resolve('a');
    expect(loads).toEqual(['a', 'a']);
    expect(cache.size).toBe(0);
  });
});
