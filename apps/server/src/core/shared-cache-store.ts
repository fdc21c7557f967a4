import type { Redis } from 'ioredis';

/**
 * The second cache level that several instances share (Redis when REDIS_URL is set), so one
 * instance's upstream answer (a quote, a forecast, an address search) saves the others the call.
 * Values are JSON text; each entry expires on its own.
 */
export interface SharedCacheStore {
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
}

export class RedisCacheStore implements SharedCacheStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async getMany(keys: readonly string[]) {
    if (keys.length === 0) return [];
    return this.redis.mget(keys.map((k) => this.prefix + k));
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.redis.set(this.prefix + key, value, 'PX', Math.max(1, Math.round(ttlMs)));
  }
}
