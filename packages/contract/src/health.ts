import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';

export const dataModeSchema = z.enum(['demo', 'live']);
export type DataMode = z.infer<typeof dataModeSchema>;

/** Redis as the server sees it: answering, configured but not answering, or not configured. */
export const redisStateSchema = z.enum(['ok', 'down', 'off']);
export type RedisState = z.infer<typeof redisStateSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  dataMode: dataModeSchema,
  // Optional for clients of a server from before it was reported; this server always sends it.
  redis: redisStateSchema.optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const readinessResponseSchema = z.object({
  ready: z.literal(true),
  database: z.literal('ok'),
  redis: z.enum(['ok', 'off']),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

export const healthEndpoints = {
  get: endpoint(routes.health.get, {
    tags: ['site'],
    summary: 'Liveness and configuration',
    description:
      'Answers while the process is up, even when Redis is down (`redis: "down"`); see `ready` for load balancers.',
    response: healthResponseSchema,
  }),
  ready: endpoint(routes.health.ready, {
    tags: ['site'],
    summary: 'Readiness: the database and a configured Redis answer',
    description: 'For load balancers: 503 while the database or a configured Redis does not answer.',
    response: readinessResponseSchema,
    errors: [503],
  }),
};
