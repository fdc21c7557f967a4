import { healthEndpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { route } from '../../core/endpoint.js';
import { HttpError } from '../../core/http-errors.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config, redis } = app.deps;
  // Redis is optional to serving (counters and caches fall back in-process), so liveness only
  // reports it; readiness refuses while it is down so a load balancer prefers other instances.
  const redisState = async () => (redis ? redis.state() : ('off' as const));

  route(app, healthEndpoints.get, async () => {
    // A trivial query proves the database answers, not just that the process is up.
    await sql`select 1`.execute(database.db);
    return { status: 'ok' as const, database: database.dialect, dataMode: config.dataMode, redis: await redisState() };
  });

  route(app, healthEndpoints.ready, async () => {
    const [databaseUp, redisNow] = await Promise.all([
      sql`select 1`.execute(database.db).then(
        () => true,
        () => false,
      ),
      redisState(),
    ]);
    const down = [...(databaseUp ? [] : ['the database']), ...(redisNow === 'down' ? ['Redis'] : [])];
    if (redisNow === 'down' || !databaseUp) throw new HttpError(503, `Not ready: ${down.join(' and ')} not answering`);
    return { ready: true as const, database: 'ok' as const, redis: redisNow };
  });
};
