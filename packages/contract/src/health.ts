import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';

export const dataModeSchema = z.enum(['demo', 'live']);
export type DataMode = z.infer<typeof dataModeSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  dataMode: dataModeSchema,
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const healthEndpoints = {
  get: endpoint(routes.health.get, {
    tags: ['site'],
    summary: 'Liveness and configuration',
    response: healthResponseSchema,
  }),
};
