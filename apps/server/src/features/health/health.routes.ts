import { healthEndpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.js';
import type { HealthService } from './health.service.js';

// A proxy asks each instance for readiness every second and monitors ask for health: at the
// default level their request lines would be most of the log (docs/deploy.md#9-logs). Readiness
// writes a line of its own when its answer changes instead.
const probe = { logLevel: 'warn' } as const;

/** Liveness and readiness (docs/api.md#every-call). */
export const healthRoutes: FastifyPluginAsyncZod<{ service: HealthService }> = async (app, { service }) => {
  route(app, healthEndpoints.get, probe, async () => service.health());
  let wasReady = true;
  route(app, healthEndpoints.ready, probe, async (request) => {
    try {
      const answer = await service.ready();
      if (!wasReady) request.log.warn('ready again');
      wasReady = true;
      return answer;
    } catch (error) {
      if (wasReady) request.log.warn({ reason: (error as Error).message }, 'not ready');
      wasReady = false;
      throw error;
    }
  });
};
