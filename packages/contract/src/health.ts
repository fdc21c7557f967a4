import { z } from 'zod';

export const dataModeSchema = z.enum(['demo', 'live']);
export type DataMode = z.infer<typeof dataModeSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  dataMode: dataModeSchema,
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
