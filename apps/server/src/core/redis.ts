import type { Redis } from 'ioredis';

/**
 * Connects to Redis and fails fast (instead of queueing forever) when it is unreachable. ioredis
 * is loaded only here, so a single instance without REDIS_URL never pays for it.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    connectTimeout: 5000,
  });
  await redis.connect();
  return redis;
}
