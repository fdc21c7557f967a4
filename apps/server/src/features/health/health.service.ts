import type { DataMode, HealthResponse, ReadinessResponse } from '@site/contract';
import type { Drain } from '../../core/drain.js';
import { HttpError } from '../../core/http-errors.js';
import type { RedisConnection } from '../../core/redis.js';
import type { DialectName } from '../../db/dialect.js';
import type { HealthRepository } from './health.repository.js';

export function healthService(
  repository: HealthRepository,
  site: { dialect: DialectName; dataMode: DataMode; redis: RedisConnection | undefined; drain: Drain },
) {
  const { redis } = site;
  // Probes asked at once share one database ping and one Redis ping: a health check costs the
  // backends O(1) however many monitors ask.
  const ping = shared(() => repository.ping());
  // Redis is optional to serving (counters and caches fall back in-process), so liveness only
  // reports it; readiness refuses while it is down so a load balancer prefers other instances.
  const redisState = redis ? shared(() => redis.state()) : async () => 'off' as const;

  return {
    async health(): Promise<HealthResponse> {
      await ping();
      return { status: 'ok', database: site.dialect, dataMode: site.dataMode, redis: await redisState() };
    },

    async ready(): Promise<ReadinessResponse> {
      if (!site.drain.ready()) throw new HttpError(503, 'Not ready: this instance is stopping');
      const [databaseUp, redisNow] = await Promise.all([
        ping().then(
          () => true,
          () => false,
        ),
        redisState(),
      ]);
      const down = [...(databaseUp ? [] : ['the database']), ...(redisNow === 'down' ? ['Redis'] : [])];
      if (redisNow === 'down' || !databaseUp)
        throw new HttpError(503, `Not ready: ${down.join(' and ')} not answering`);
      return { ready: true, database: 'ok', redis: redisNow };
    },
  };
}

/** `run`, unless a call of it is under way: then that call's outcome. */
function shared<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };
}

export type HealthService = ReturnType<typeof healthService>;
