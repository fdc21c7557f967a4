import { healthResponseSchema, siteNoticeResponseSchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { checkHealthAnswer, checkNoticeAnswer } from './plain-answers';

const cases = (answers: unknown[]) => answers.map((answer) => [JSON.stringify(answer), answer] as const);

/** The hand-written check of GET /api/health must agree with the contract's schema, both ways. */
describe('checkHealthAnswer', () => {
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

  it.each(cases(answers))('%s: as the schema decides', (_, answer) => {
    const expected = healthResponseSchema.safeParse(answer).success;
    if (expected) expect(checkHealthAnswer(answer)).toEqual(answer);
    else expect(() => checkHealthAnswer(answer)).toThrow('Not a health answer');
  });
});

/**
 * The notice's check keeps to the schema's shape (its length limits are the server's): what the
 * schema accepts it returns as the schema does, and a malformed answer it refuses.
 */
describe('checkNoticeAnswer', () => {
  const notice = { title: 'Hello', paragraphs: ['One', 'Two {email}'], updated_at: '2026-01-01T00:00:00Z' };
  const answers: unknown[] = [
    { notice },
    { notice: null },
    { notice: { ...notice, extra: 1 } },
    { notice: { ...notice, title: '' } },
    { notice: { ...notice, title: 3 } },
    { notice: { ...notice, paragraphs: [] } },
    { notice: { ...notice, paragraphs: ['One', ''] } },
    { notice: { ...notice, paragraphs: 'One' } },
    { notice: { title: 'Hello', paragraphs: ['One'] } },
    { notice: { ...notice, updated_at: null } },
    {},
    null,
    'notice',
  ];

  it.each(cases(answers))('%s: as the schema decides', (_, answer) => {
    const parsed = siteNoticeResponseSchema.safeParse(answer);
    if (parsed.success) expect(checkNoticeAnswer(answer)).toEqual(parsed.data);
    else expect(() => checkNoticeAnswer(answer)).toThrow('Not a notice answer');
  });
});
