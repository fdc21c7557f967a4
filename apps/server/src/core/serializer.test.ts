import { apiErrorSchema, listTodosResponseSchema } from '@site/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $ZodType, safeEncode, safeParse } from 'zod/v4/core';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { errorBody } from './error-handler.js';
import { encodesLikeParse } from './serializer.js';

/** Values shaped like the schema (valid or nearly), with now and then a wrong type or an extra key. */
function valuesFor(schema: $ZodType): fc.Arbitrary<unknown> {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => valuesFor(def[key] as $ZodType);
  let typed: fc.Arbitrary<unknown>;
  switch (def.type) {
    case 'string':
      typed = fc.string();
      break;
    case 'number':
      typed = fc.oneof(fc.integer(), fc.double());
      break;
    case 'boolean':
      typed = fc.boolean();
      break;
    case 'null':
      typed = fc.constant(null);
      break;
    case 'undefined':
      typed = fc.constant(undefined);
      break;
    case 'literal':
      typed = fc.constantFrom(...(def.values as unknown[]));
      break;
    case 'enum':
      typed = fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
      break;
    case 'optional':
      typed = fc.option(inner('innerType'), { nil: undefined });
      break;
    case 'nullable':
      typed = fc.option(inner('innerType'), { nil: null });
      break;
    case 'array':
      typed = fc.array(inner('element'), { maxLength: 3 });
      break;
    case 'record':
      typed = fc.dictionary(fc.string({ maxLength: 3 }), inner('valueType'), { maxKeys: 3 });
      break;
    case 'tuple':
      typed = fc.tuple(...(def.items as $ZodType[]).map(valuesFor));
      break;
    case 'union':
      typed = fc.oneof(...(def.options as $ZodType[]).map(valuesFor));
      break;
    case 'object': {
      const shape = def.shape as Record<string, $ZodType>;
      typed = fc
        .tuple(
          fc.record(Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, valuesFor(s)]))),
          fc.option(fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue(), { maxKeys: 2 })),
        )
        .map(([value, extra]) => (extra ? { ...extra, ...value } : value));
      break;
    }
    default:
      typed = fc.anything();
  }
  return fc.oneof({ weight: 19, arbitrary: typed }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) });
}

describe('response serialisation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, (app) => {
      const item = z.object({ id: z.number().int(), name: z.string() });
      app.get('/api/test-extra-keys', { schema: { response: { 200: item } } }, async () => ({
        id: 1,
        name: 'a',
        password_hash: 'secret',
      }));
      app.get('/api/test-wrong-type', { schema: { response: { 200: item } } }, async () => ({ id: '1', name: 'a' }));
      // A codec: encoded for the response (Date → ISO text), never parsed.
      const stamp = z.codec(z.iso.datetime(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString(),
      });
      app.get('/api/test-codec', { schema: { response: { 200: z.object({ at: stamp }) } } }, async () => ({
        at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
      }));
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('drops keys the response schema does not declare', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-extra-keys' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 1, name: 'a' });
  });

  it('refuses a response that does not match its schema with the standard 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-wrong-type' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, code: 500 });
  });

  it('encodes schemas with codecs and transforms as before', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-codec' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ at: '2026-01-02T03:04:05.000Z' });
    expect(encodesLikeParse(z.object({ at: z.string().transform((s) => s.length) }))).toBe(false);
    expect(encodesLikeParse(z.object({ n: z.number().default(1) }))).toBe(false);
    expect(encodesLikeParse(z.discriminatedUnion('k', [z.object({ k: z.literal('a') })]))).toBe(false);
  });

  it('writes error answers unchecked, and every one errorBody() can make is what checking would write', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 400, max: 599 }),
        fc.string(),
        // Not "__proto__": zod drops that key from a record, and no fields object can hold it as its
        // own key (validationFields assigns with `??=` on a plain object, which reaches the prototype).
        fc.option(
          fc.dictionary(
            fc.string().filter((key) => key !== '__proto__'),
            fc.string(),
          ),
          { nil: undefined },
        ),
        (code, message, fields) => {
          const body = errorBody(code, message, fields);
          const checked = safeParse(apiErrorSchema, body);
          if (!checked.success || JSON.stringify(checked.data) !== JSON.stringify(body)) {
            throw new Error(`errorBody(${code}, …) is not what its schema would write: ${JSON.stringify(body)}`);
          }
        },
      ),
    );
  });

  it('takes the fast path for the to-do list', () => {
    expect(encodesLikeParse(listTodosResponseSchema)).toBe(true);
  });

  it('parses exactly as zod encodes, for every response schema of the API that takes the fast path', () => {
    // Most routes share their response schemas (the standard errors above all): 653 route and
    // status pairs, 83 schemas. Each schema is checked once, named by the first route answering it.
    const schemas = new Map<$ZodType, string>();
    for (const { method, url, schema } of t.app.routeTable) {
      for (const [status, response] of Object.entries((schema?.response ?? {}) as Record<string, unknown>)) {
        if (!(response instanceof $ZodType) || schemas.has(response) || !encodesLikeParse(response)) continue;
        schemas.set(response, `${method} ${url} ${status}`);
      }
    }
    let checked = 0;
    let runs = 0;
    let valid = 0;
    for (const [response, label] of schemas) {
      checked++;
      fc.assert(
        fc.property(valuesFor(response), (value) => {
          const parsed = safeParse(response, value);
          const encoded = safeEncode(response, value);
          runs++;
          if (encoded.success) valid++;
          // Plain comparisons, not expect(): this runs 8,300 times, and fast-check reports the value.
          if (parsed.success !== encoded.success) {
            throw new Error(`${label}: parse ${parsed.success ? 'accepts' : 'refuses'}, encode does not`);
          }
          if (parsed.success && JSON.stringify(parsed.data) !== JSON.stringify(encoded.data)) {
            throw new Error(
              `${label}: parse gives ${JSON.stringify(parsed.data)}, encode ${JSON.stringify(encoded.data)}`,
            );
          }
        }),
        { numRuns: 100 },
      );
    }
    expect(checked).toBeGreaterThan(50);
    // Not just refusals on both sides: many of the generated values are valid responses.
    expect(valid / runs).toBeGreaterThan(0.2);
  });
});
