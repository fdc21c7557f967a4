import { apiErrorSchema } from '@site/contract';
import type { FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode, safeParse } from 'zod/v4/core';

/**
 * Schema kinds that check a value the same way in both directions and pass it through unchanged
 * (apart from dropping undeclared object keys), so encoding through them equals parsing. Anything
 * else (transforms, pipes and codecs, defaults, catch, lazy, discriminated unions, intersections…)
 * is encoded, as fastify-type-provider-zod does.
 */
const LEAVES = new Set([
  'string',
  'number',
  'bigint',
  'boolean',
  'null',
  'undefined',
  'literal',
  'enum',
  'any',
  'unknown',
  'nan',
]);

interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/** Whether `safeEncode(schema, v)` and `safeParse(schema, v)` give the same result for every v. */
export function encodesLikeParse(schema: $ZodType): boolean {
  const def = defOf(schema);
  if (LEAVES.has(def.type)) return true;
  const all = (schemas: unknown[]) => schemas.every((s) => s instanceof $ZodType && encodesLikeParse(s));
  switch (def.type) {
    case 'optional':
    case 'nullable':
      return all([def.innerType]);
    case 'array':
      return all([def.element]);
    case 'object':
      return (
        all(Object.values(def.shape as Record<string, unknown>)) && (def.catchall === undefined || all([def.catchall]))
      );
    case 'record':
      return all([def.keyType, def.valueType]);
    case 'tuple':
      return all(def.items as unknown[]) && (def.rest == null || all([def.rest]));
    case 'union':
      // A discriminated union picks its option differently when encoding a value without the tag.
      return !('discriminator' in def) && all(def.options as unknown[]);
    default:
      return false;
  }
}

function resolveSchema(maybeSchema: $ZodType | { properties: $ZodType }): $ZodType {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  if ('properties' in maybeSchema && maybeSchema.properties instanceof $ZodType) return maybeSchema.properties;
  throw new InvalidSchemaError(JSON.stringify(maybeSchema));
}

/**
 * fastify-type-provider-zod's serializer compiler with a faster check for plain schemas (every
 * response schema of this API today): each response is still validated against its schema, and
 * undeclared keys dropped, in every environment; a mismatch is a ResponseSerializationError (500).
 *
 * The provider checks with zod's `safeEncode`, which validates each value with checks twice and
 * skips zod's compiled object fast path (~10 µs for the 20-item to-do list); for schemas where
 * encoding equals parsing (`encodesLikeParse`), `safeParse` gives the same result in ~2 µs.
 */
export const serializerCompiler: FastifySerializerCompiler<$ZodType | { properties: $ZodType }> = ({
  schema: maybeSchema,
  method,
  url,
}) => {
  const schema = resolveSchema(maybeSchema);
  // Error answers are all written by errorBody() (error-handler.ts), typed by this very schema, so
  // checking them again only made every refusal dearer than the answer it refuses
  // (docs/decisions.md#refusals-cost-no-more-than-answers).
  if (schema === apiErrorSchema) return (data) => JSON.stringify(data);
  const check = encodesLikeParse(schema) ? safeParse : safeEncode;
  return (data) => {
    const result = check(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
