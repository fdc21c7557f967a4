import { describe, expect, it } from 'vitest';
import { TODO_FEED_TOKEN_PATTERN, todoFeedParamsSchema, todoImportRequestSchema } from './todo-transfer.js';

describe('todoImportRequestSchema', () => {
  it('defaults to the Inbox and reads a zone under its current name', () => {
    expect(todoImportRequestSchema.parse({ format: 'text', content: 'Milk', tz: 'Asia/Calcutta' })).toEqual({
      format: 'text',
      content: 'Milk',
      list_id: null,
      tz: 'Asia/Kolkata',
    });
  });

  it.each([
    [{ format: 'json', content: 'x' }, 'Format must be one of: todoist-csv, csv, text'],
    [{ format: 'text', content: '' }, 'Content is required'],
    [{ format: 'text', content: 'x'.repeat(1_000_001) }, 'Content must be at most 1,000,000 characters'],
    [{ format: 'csv', content: 'x', list_id: 0 }, undefined],
  ])('refuses %j', (body, message) => {
    const result = todoImportRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    if (message) expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('the feed secret', () => {
  it('matches only what the server makes (43 base64url characters); the params never refuse a shape', () => {
    expect(TODO_FEED_TOKEN_PATTERN.test('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNO-_')).toBe(true);
    expect(TODO_FEED_TOKEN_PATTERN.test('short')).toBe(false);
    expect(TODO_FEED_TOKEN_PATTERN.test('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNO+/')).toBe(false);
    // A malformed secret is the server's 404, like an unknown one, not a 400 that tells them apart.
    expect(todoFeedParamsSchema.safeParse({ token: 'short' }).success).toBe(true);
  });
});
