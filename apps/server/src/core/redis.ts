import { Redis } from 'ioredis';

/** Connects to Redis and fails fast (instead of queueing forever) when it is unreachable. */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    connectTimeout: 5000,
  });
  await redis.connect();
  return redis;
}
