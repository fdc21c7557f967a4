import { healthEndpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.js';
import type { HealthService } from './health.service.js';

/** Liveness and readiness (docs/api.md#every-call). */
export const healthRoutes: FastifyPluginAsyncZod<{ service: HealthService }> = async (app, { service }) => {
  route(app, healthEndpoints.get, async () => service.health());
  route(app, healthEndpoints.ready, async () => service.ready());
};
