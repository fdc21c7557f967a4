import type { z } from 'zod';
import { HttpError } from './http-errors.js';

/**
 * Validates data that did not pass through a route schema (multipart and form fields) and answers
 * like the route schemas do: 400 with the first message and one message per field.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0] ?? 'Invalid request';
  throw new HttpError(400, `Invalid body: ${first}`, fields);
}
