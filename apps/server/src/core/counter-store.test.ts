import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from './counter-store.js';
import { openRedis } from './redis.js';

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? await openRedis(redisUrl) : undefined;
afterAll(async () => {
  await redis?.close();
});

const stores: [string, () => CounterStore][] = [['memory', () => new MemoryCounterStore()]];
if (redis) stores.push(['redis', () => new RedisCounterStore(redis, `test:${randomBytes(6).toString('hex')}:`)]);

describe.each(stores)('%s counter store', (_name, make) => {
  it('counts hits within a window and forgets them after it', async () => {
    const store = make();
    expect((await store.get('k')).count).toBe(0);
    expect((await store.hit('k', 150)).count).toBe(1);
    expect((await store.hit('k', 150)).count).toBe(2);
    expect((await store.get('k')).count).toBe(2);
    await new Promise((r) => setTimeout(r, 250));
    expect((await store.get('k')).count).toBe(0);
    expect((await store.hit('k', 150)).count).toBe(1);
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
