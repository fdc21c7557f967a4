import { z } from 'zod';

/** Every non-2xx answer of the API has this shape (docs/api.md). */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  code: z.number().int(),
  message: z.string(),
  /** Per-field messages, present only for validation failures. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
