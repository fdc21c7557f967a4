import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('expires entries after their TTL', () => {
    let now = 1000;
    const cache = new TtlCache<string>({ maxEntries: 10, now: () => now });
    cache.set('a', 'x', 100);
    expect(cache.get('a')).toBe('x');
    now += 99;
    expect(cache.get('a')).toBe('x');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', 'y', 0);
    expect(cache.get('b')).toBeUndefined();
  });

  it('reports every lookup, one at a time or many at once', async () => {
    const seen: string[] = [];
    const cache = new TtlCache<number>({ maxEntries: 10, onLookup: (result) => seen.push(result) });
    await cache.getOrLoad('a', 1000, async () => 1);
    await cache.getOrLoad('a', 1000, async () => 2);
    cache.set('b', 2, 1000);
    await cache.getMany(['a', 'b', 'c']);
    expect(seen).toEqual(['miss', 'hit', 'hit', 'hit', 'miss']);
  });

  it('drops the oldest entries beyond its size', () => {
    const cache = new TtlCache<number>({ maxEntries: 2 });
    cache.set('a', 1, 1000);
    cache.set('b', 2, 1000);
    cache.set('a', 3, 1000);
    cache.set('c', 4, 1000);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
    expect(cache.size).toBe(2);
  });

  it('loads once for concurrent misses and does not cache failures', async () => {
    const cache = new TtlCache<number>({ maxEntries: 10 });
    let calls = 0;
    // The load finishes only once both lookups have been made, so the second one sees it running.
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const load = async () => {
      calls += 1;
      await finished;
      return 42;
    };
    const both = Promise.all([cache.getOrLoad('k', 1000, load), cache.getOrLoad('k', 1000, load)]);
    finish();
    expect(await both).toEqual([42, 42]);
    expect(calls).toBe(1);
    expect(await cache.getOrLoad('k', 1000, load)).toBe(42);
    expect(calls).toBe(1);

    await expect(cache.getOrLoad('bad', 1000, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.getOrLoad('bad', 1000, async () => 7)).toBe(7);
  });

  it('drops exactly the entries whose value matches', () => {
    const cache = new TtlCache<{ owner: number }>({ maxEntries: 10 });
    cache.set('a', { owner: 1 }, 1000);
    cache.set('b', { owner: 2 }, 1000);
    cache.set('c', { owner: 1 }, 1000);
    cache.deleteWhere((value) => value.owner === 1);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, { owner: 2 }, undefined]);
  });
});
