import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { HttpError } from './http-errors.js';

/**
 * fastify-type-provider-zod's validator, with no stack captured for the zod error of a refused
 * input: it is an answer (400), read for its issues, never for a stack, like HttpError
 * (docs/decisions.md#refusals-cost-no-more-than-answers).
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const frames = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      return validate(data);
    } catch {
      // A fault in a schema's own code, not a refusal: run again with stacks, so the log shows where.
      Error.stackTraceLimit = frames;
      return validate(data);
    } finally {
      Error.stackTraceLimit = frames;
    }
  };
};

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
