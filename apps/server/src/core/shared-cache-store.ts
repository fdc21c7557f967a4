import type { RedisConnection } from './redis.js';

/**
 * The second cache level that several instances share (Redis when REDIS_URL is set), so one
 * instance's upstream answer (a quote, a forecast, an address search) saves the others the call.
 * Values are JSON text; each entry expires on its own.
 */
export interface SharedCacheStore {
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
}

/** The shared cache in Redis; while Redis is away every read is a miss and writes are skipped. */
export class RedisCacheStore implements SharedCacheStore {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
  ) {}

  async getMany(keys: readonly string[]) {
    if (keys.length === 0) return [];
    return this.redis.run(
      (client) => client.mget(keys.map((k) => this.prefix + k)),
      () => keys.map(() => null),
    );
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.redis.run(
      async (client) => {
        await client.set(this.prefix + key, value, 'PX', Math.max(1, Math.round(ttlMs)));
      },
      () => undefined,
    );
  }
}
