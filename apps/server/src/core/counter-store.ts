import type { Redis } from 'ioredis';

/**
 * Fixed-window counters for rate limits. In-process by default; Redis when several instances
 * must share the same counts.
 */
export interface CounterStore {
  /** Adds one to `key` and returns the new count; the window starts at the first hit. */
  hit(key: string, windowMs: number): Promise<number>;
  get(key: string): Promise<number>;
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
      return 1;
    }
    entry.count += 1;
    return entry.count;
  }

  async get(key: string) {
    const entry = this.counts.get(key);
    return entry && entry.expiresAt > Date.now() ? entry.count : 0;
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
    // INCR then set the expiry only if none is set yet: one round trip, atomic per key.
    const result = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec();
    const count = result?.[0]?.[1];
    return typeof count === 'number' ? count : Number(count ?? 0);
  }

  async get(key: string) {
    const value = await this.redis.get(this.prefix + key);
    return value ? Number.parseInt(value, 10) : 0;
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async close() {
    // The Redis connection is owned by the app and closed there.
  }
}
