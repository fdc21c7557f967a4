import type { RedisConnection } from './redis.js';

/** A key's count in its current window, and when that window ends. */
export interface WindowCount {
  count: number;
  /** Epoch milliseconds when the window (and the count) ends; now when there is no window. */
  resetAt: number;
}

/**
 * Fixed-window counters for rate limits. In-process by default; Redis when several instances
 * must share the same counts.
 */
export interface CounterStore {
  /** Adds one to `key` and returns the new count; the window starts at the first hit. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  get(key: string): Promise<WindowCount>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly counts = new Map<string, { count: number; expiresAt: number }>();
  private sweeps = 0;

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    // Drop expired entries now and then so an attacker rotating keys cannot grow the map forever.
    if (++this.sweeps % 1000 === 0) {
      for (const [k, v] of this.counts) if (v.expiresAt <= now) this.counts.delete(k);
    }
    const entry = this.counts.get(key);
    if (!entry || entry.expiresAt <= now) {
      this.counts.set(key, { count: 1, expiresAt: now + windowMs });
      return { count: 1, resetAt: now + windowMs };
    }
    entry.count += 1;
    return { count: entry.count, resetAt: entry.expiresAt };
  }

  async get(key: string) {
    const now = Date.now();
    const entry = this.counts.get(key);
    return entry && entry.expiresAt > now
      ? { count: entry.count, resetAt: entry.expiresAt }
      : { count: 0, resetAt: now };
  }

  async reset(key: string) {
    this.counts.delete(key);
  }

  async close() {
    this.counts.clear();
  }
}

/**
 * Counts in Redis, shared by every instance. While Redis is away (down, restarting, not yet
 * connected at start) each instance counts in-process instead, so limits still hold per instance
 * and no request fails for it (README, "Running several instances"); counting returns to Redis
 * by itself when it is back.
 */
export class RedisCounterStore implements CounterStore {
  private readonly fallback = new MemoryCounterStore();

  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number) {
    const k = this.prefix + key;
    return this.redis.run(
      async (client) => {
        // INCR, set the expiry only if none is set yet, read what is left of it: one round trip,
        // atomic per key.
        const result = await client.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
        const count = Number(result?.[0]?.[1] ?? 0);
        return { count, resetAt: resetAt(result?.[2]?.[1], windowMs) };
      },
      () => this.fallback.hit(key, windowMs),
    );
  }

  async get(key: string) {
    const k = this.prefix + key;
    return this.redis.run(
      async (client) => {
        const result = await client.multi().get(k).pttl(k).exec();
        const value = result?.[0]?.[1];
        if (typeof value !== 'string') return { count: 0, resetAt: Date.now() };
        return { count: Number.parseInt(value, 10), resetAt: resetAt(result?.[1]?.[1], 0) };
      },
      () => this.fallback.get(key),
    );
  }

  async reset(key: string) {
    // Both places, so a count kept during an outage does not come back at the next one.
    await this.fallback.reset(key);
    await this.redis.run(
      (client) => client.del(this.prefix + key),
      () => 0,
    );
  }

  async close() {
    // The Redis connection is owned by the app and closed there.
    await this.fallback.close();
  }
}

/** The end of a window from Redis PTTL (ms left; negative when the key has no expiry or is gone). */
function resetAt(pttl: unknown, fallbackMs: number): number {
  const left = Number(pttl);
  return Date.now() + (Number.isFinite(left) && left >= 0 ? left : fallbackMs);
}
