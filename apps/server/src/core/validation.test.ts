import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validatorCompiler } from './validation.js';

const compile = (schema: z.ZodType) =>
  validatorCompiler({ schema, method: 'GET', url: '/test', httpPart: 'querystring' }) as (data: unknown) => {
    error?: unknown;
    value?: unknown;
  };

describe('the route validator', () => {
  it('refuses bad input with its issues and passes good input through', () => {
    const validate = compile(z.object({ id: z.coerce.number().int() }));
    expect(validate({ id: '7' })).toEqual({ value: { id: 7 } });
    const refused = validate({ id: 'seven' });
    expect(refused.error).toEqual([expect.objectContaining({ instancePath: '/id' })]);
    expect(Error.stackTraceLimit).toBeGreaterThan(0);
  });

  it("keeps the stack of a fault in a schema's own code, which is a bug rather than a refusal", () => {
    const validate = compile(
      z.string().refine(() => {
        throw new Error('a bug in a refinement');
      }),
    );
    let thrown: unknown;
    try {
      validate('anything');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).stack).toMatch(/\n\s+at /);
    expect(Error.stackTraceLimit).toBeGreaterThan(0);
  });
});
