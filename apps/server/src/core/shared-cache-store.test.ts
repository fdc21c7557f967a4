import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openRedis } from './redis.js';
import { RedisCacheStore, type SharedCacheStore } from './shared-cache-store.js';
import { TtlCache } from './ttl-cache.js';

const redisUrl = process.env.TEST_REDIS_URL;
// These tests are about what Redis stores. A command slowed past production's 500 ms limit by a
// busy test machine would make the store fall back to its in-process copy (the outage behaviour,
// redis-outage.test.ts) and read, say, a count of 0: here a command may take 10 s.
const redis = redisUrl ? await openRedis(redisUrl, undefined, 10_000) : undefined;
afterAll(async () => {
  await redis?.close();
});

/**
 * The real store, remembering its writes so a test can wait for the ones the caches make in the
 * background instead of waiting for time to pass.
 */
function watched(store: SharedCacheStore) {
  const writes: Promise<void>[] = [];
  const watchedStore: SharedCacheStore = {
    getMany: (keys) => store.getMany(keys),
    set: (key, value, ttlMs) => {
      const write = store.set(key, value, ttlMs);
      writes.push(write);
      return write;
    },
  };
  return { store: watchedStore, written: () => Promise.all(writes) };
}

/** Two caches on one store stand for the same cache in two server instances. */
function twoInstances(store: SharedCacheStore, now?: () => number) {
  const make = () => new TtlCache<{ price: number }>({ maxEntries: 10, shared: { store, namespace: 'quote' }, now });
  return [make(), make()] as const;
}

describe.skipIf(!redis)('TtlCache shared through Redis', () => {
  const prefix = () => `test:${randomBytes(6).toString('hex')}:`;
  const store = () => watched(new RedisCacheStore(redis!, prefix()));

  it("serves one instance's load to the other without loading again", async () => {
    const shared = store();
    const [a, b] = twoInstances(shared.store);
    let loads = 0;
    const load = async () => ({ price: 100 + ++loads });
    expect(await a.getOrLoad('AAPL', 10_000, load)).toEqual({ price: 101 });
    await shared.written(); // The shared write happens in the background.
    expect(await b.getOrLoad('AAPL', 10_000, load)).toEqual({ price: 101 });
    expect(loads).toBe(1);
  });

  it('finds many keys at once, some here, some shared, some nowhere', async () => {
    const shared = store();
    const [a, b] = twoInstances(shared.store);
    a.set('MSFT', { price: 1 }, 10_000);
    b.set('TSLA', { price: 2 }, 10_000);
    await shared.written();
    const found = await b.getMany(['MSFT', 'TSLA', 'NOPE']);
    expect(Object.fromEntries(found)).toEqual({ MSFT: { price: 1 }, TSLA: { price: 2 } });
  });

  it('reports each key of a many-key lookup as a hit here, a shared hit or a miss (metrics)', async () => {
    const shared = store();
    const [a] = twoInstances(shared.store);
    const seen: string[] = [];
    const b = new TtlCache<{ price: number }>({
      maxEntries: 10,
      shared: { store: shared.store, namespace: 'quote' },
      onLookup: (result) => seen.push(result),
    });
    a.set('MSFT', { price: 1 }, 10_000);
    b.set('TSLA', { price: 2 }, 10_000);
    await shared.written();
    await b.getMany(['TSLA', 'MSFT', 'NOPE']);
    expect(seen).toEqual(['hit', 'shared', 'miss']);
    // A getOrLoad that finds the key in the shared store reports it once, as shared.
    seen.length = 0;
    a.set('IBM', { price: 3 }, 10_000);
    await shared.written();
    expect(await b.getOrLoad('IBM', 10_000, async () => ({ price: 0 }))).toEqual({ price: 3 });
    expect(seen).toEqual(['shared']);
  });

  it('lets shared entries expire, so the next instance loads afresh', async () => {
    // Both instances on one clock that the test moves; Redis is told the same time to live (and
    // drops the key itself then: the entry's own expiry is what instances check before that).
    let now = Date.parse('2025-03-14T15:00:00Z');
    const keys = prefix();
    const shared = watched(new RedisCacheStore(redis!, keys));
    const [a, b] = twoInstances(shared.store, () => now);
    a.set('IBM', { price: 5 }, 60_000);
    await shared.written();
    const ttl = await redis!.client.pttl(`${keys}quote:IBM`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    now += 59_999;
    expect(Object.fromEntries(await b.getMany(['IBM']))).toEqual({ IBM: { price: 5 } });
    now += 1;
    expect((await b.getMany(['IBM'])).size).toBe(0);
  });

  it('ignores entries it cannot read (another version wrote them)', async () => {
    const s = new RedisCacheStore(redis!, prefix());
    await s.set('quote:BAD', 'not json', 10_000);
    const [a] = twoInstances(s);
    expect(await a.getOrLoad('BAD', 10_000, async () => ({ price: 7 }))).toEqual({ price: 7 });
  });
});

describe('TtlCache with a shared store that fails', () => {
  const broken: SharedCacheStore = {
    getMany: () => Promise.reject(new Error('connection refused')),
    set: () => Promise.reject(new Error('connection refused')),
  };

  it('treats the failure as a miss and still caches in process', async () => {
    const [a] = twoInstances(broken);
    let loads = 0;
    const load = async () => ({ price: ++loads });
    expect(await a.getOrLoad('X', 10_000, load)).toEqual({ price: 1 });
    expect(await a.getOrLoad('X', 10_000, load)).toEqual({ price: 1 });
    expect(loads).toBe(1);
    expect((await a.getMany(['X', 'Y'])).size).toBe(1);
  });
});
