import type { HealthResponse, SiteNoticeResponse } from '@site/contract';

/*
 * The answers every first page asks for, checked without zod (lib/contract-schemas.ts): loading
 * zod with a schema for them cost the home page a long task (docs/decisions.md#pre-rendered-pages).
 * plain-answers.test.ts holds each to its contract schema.
 */

const DATABASES = new Set(['sqlite', 'postgres']);
const DATA_MODES = new Set(['demo', 'live']);
const REDIS_STATES = new Set(['ok', 'down', 'off']);

/** GET /api/health's answer, to the contract's healthResponseSchema; anything else is an error. */
export function checkHealthAnswer(data: unknown): HealthResponse {
  const { status, database, dataMode, redis } = (data ?? {}) as Record<string, unknown>;
  const valid =
    typeof data === 'object' &&
    status === 'ok' &&
    DATABASES.has(database as string) &&
    DATA_MODES.has(dataMode as string) &&
    (redis === undefined || REDIS_STATES.has(redis as string));
  if (!valid) throw new Error('Not a health answer');
  return data as HealthResponse;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * GET /api/site/notice's answer, to the shape of the contract's siteNoticeResponseSchema: a title
 * and paragraphs of text and when it was set, or null (the site config's notice). The schema's
 * length limits are the server's to keep; anything malformed is an error.
 */
export function checkNoticeAnswer(data: unknown): SiteNoticeResponse {
  if (typeof data !== 'object' || data === null || !('notice' in data)) throw new Error('Not a notice answer');
  const { notice } = data as { notice: unknown };
  if (notice === null) return { notice: null };
  const { title, paragraphs, updated_at } = (notice ?? {}) as Record<string, unknown>;
  const texts = Array.isArray(paragraphs) && paragraphs.length > 0 && paragraphs.every(isText);
  if (!isText(title) || !texts || typeof updated_at !== 'string') {
    throw new Error('Not a notice answer');
  }
  return { notice: { title, paragraphs, updated_at } };
}
