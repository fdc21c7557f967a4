import type { Redis } from 'ioredis';

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

export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number) {
    const k = this.prefix + key;
    // INCR, set the expiry only if none is set yet, read what is left of it: one round trip,
    // atomic per key.
    const result = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
    const count = Number(result?.[0]?.[1] ?? 0);
    return { count, resetAt: resetAt(result?.[2]?.[1], windowMs) };
  }

  async get(key: string) {
    const k = this.prefix + key;
    const result = await this.redis.multi().get(k).pttl(k).exec();
    const value = result?.[0]?.[1];
    if (typeof value !== 'string') return { count: 0, resetAt: Date.now() };
    return { count: Number.parseInt(value, 10), resetAt: resetAt(result?.[1]?.[1], 0) };
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async close() {
    // The Redis connection is owned by the app and closed there.
  }
}

/** The end of a window from Redis PTTL (ms left; negative when the key has no expiry or is gone). */
function resetAt(pttl: unknown, fallbackMs: number): number {
  const left = Number(pttl);
  return Date.now() + (Number.isFinite(left) && left >= 0 ? left : fallbackMs);
}
