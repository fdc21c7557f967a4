import { healthResponseSchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { parseHealthResponse } from './auth-queries';

/** The hand-written check of GET /api/health must agree with the contract's schema, both ways. */
describe('parseHealthResponse', () => {
  const answers: unknown[] = [
    { status: 'ok', database: 'sqlite', dataMode: 'demo', redis: 'off' },
    { status: 'ok', database: 'postgres', dataMode: 'live', redis: 'down' },
    { status: 'ok', database: 'postgres', dataMode: 'live' },
    { status: 'ok', database: 'mysql', dataMode: 'live' },
    { status: 'down', database: 'sqlite', dataMode: 'demo' },
    { status: 'ok', database: 'sqlite', dataMode: 'test' },
    { status: 'ok', database: 'sqlite', dataMode: 'demo', redis: 'maybe' },
    { status: 'ok', database: 'sqlite' },
    null,
    'ok',
    [],
  ];

  it.each(answers.map((answer) => [JSON.stringify(answer), answer]))('%s: as the schema decides', (_, answer) => {
    const expected = healthResponseSchema.safeParse(answer).success;
    if (expected) expect(parseHealthResponse(answer)).toEqual(answer);
    else expect(() => parseHealthResponse(answer)).toThrow('Not a health answer');
  });
});
