import type { FastifyInstance } from 'fastify';
import { healthRepository } from './health.repository.js';
import { healthRoutes } from './health.routes.js';
import { healthService } from './health.service.js';

/** `GET /api/health` and `/api/health/ready`: the database, the data mode and Redis. */
export async function healthFeature(api: FastifyInstance): Promise<void> {
  const { database, config, redis, drain } = api.deps;
  const service = healthService(healthRepository(database), {
    dialect: database.dialect,
    dataMode: config.dataMode,
    redis,
    drain,
  });
  await api.register(healthRoutes, { service });
}
