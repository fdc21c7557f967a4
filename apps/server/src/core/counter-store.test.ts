import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from './counter-store.js';
import { openRedis } from './redis.js';

const redisUrl = process.env.TEST_REDIS_URL;
// These tests are about what Redis stores. A command slowed past production's 500 ms limit by a
// busy test machine would make the store fall back to its in-process copy (the outage behaviour,
// redis-outage.test.ts) and read, say, a count of 0: here a command may take 10 s.
const redis = redisUrl ? await openRedis(redisUrl, undefined, 10_000) : undefined;
afterAll(async () => {
  await redis?.close();
});

/**
 * Each store and how a test ends a window without waiting for it: the memory store's clock is
 * Date (faked, then set to the window's end); Redis expires keys on its own clock, so the test
 * checks that the window is the key's time to live and then moves the key's expiry into the past,
 * which Redis treats as expired.
 */
type EndWindow = (key: string, windowMs: number, endsAt: number) => Promise<void>;
const stores: [string, () => CounterStore, EndWindow][] = [
  ['memory', () => new MemoryCounterStore(), async (_key, _windowMs, endsAt) => void vi.setSystemTime(endsAt)],
];
if (redis) {
  // One prefix per run (keys differ between tests), so the test can look at a key's expiry.
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  stores.push([
    'redis',
    () => new RedisCounterStore(redis, prefix),
    async (key, windowMs) => {
      const left = await redis.client.pttl(prefix + key);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(windowMs);
      await redis.client.pexpireat(prefix + key, 1);
    },
  ]);
}

describe.each(stores)('%s counter store', (_name, make, endWindow) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts hits within a window and forgets them after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = make();
    const start = Date.now();
    expect((await store.get('k')).count).toBe(0);
    expect((await store.hit('k', 60_000)).count).toBe(1);
    vi.setSystemTime(start + 59_999); // Still inside the window the first hit opened.
    expect((await store.hit('k', 60_000)).count).toBe(2);
    expect((await store.get('k')).count).toBe(2);
    await endWindow('k', 60_000, start + 60_000);
    expect((await store.get('k')).count).toBe(0);
    expect((await store.hit('k', 60_000)).count).toBe(1);
  });

  it('keeps keys apart and resets one key', async () => {
    const store = make();
    await store.hit('a', 10_000);
    await store.hit('a', 10_000);
    await store.hit('b', 10_000);
    await store.reset('a');
    expect((await store.get('a')).count).toBe(0);
    expect((await store.get('b')).count).toBe(1);
  });

  it('tells when the window ends: set by the first hit, the same for later hits', async () => {
    const store = make();
    const before = Date.now();
    const first = await store.hit('w', 60_000);
    expect(first.resetAt).toBeGreaterThanOrEqual(before + 59_000);
    expect(first.resetAt).toBeLessThanOrEqual(Date.now() + 60_000);
    const second = await store.hit('w', 60_000);
    expect(Math.abs(second.resetAt - first.resetAt)).toBeLessThan(250);
    expect(Math.abs((await store.get('w')).resetAt - first.resetAt)).toBeLessThan(250);
    // No window: it "ends" now.
    const none = await store.get('no-such-key');
    expect(none.count).toBe(0);
    expect(Math.abs(none.resetAt - Date.now())).toBeLessThan(1000);
  });

  it('counts concurrent hits exactly', async () => {
    const store = make();
    const results = await Promise.all(Array.from({ length: 50 }, () => store.hit('burst', 10_000)));
    expect(new Set(results.map((r) => r.count)).size).toBe(50);
    expect((await store.get('burst')).count).toBe(50);
  });
});
