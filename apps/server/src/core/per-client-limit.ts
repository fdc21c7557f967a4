import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CounterStore, WindowCount } from './counter-store.js';
import { HttpError } from './http-errors.js';

/**
 * The IETF draft rate-limit headers (`RateLimit-Limit`, `-Remaining`, `-Reset`: seconds until the
 * window ends), as @fastify/rate-limit sends them with `enableDraftSpec`.
 */
export function rateLimitHeaders(limit: number, counted: WindowCount, now = Date.now()): Record<string, string> {
  return {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(Math.max(0, limit - counted.count)),
    'ratelimit-reset': String(Math.max(0, Math.ceil((counted.resetAt - now) / 1000))),
  };
}

/** A 429 that tells the client when to come back: `Retry-After` (seconds) and the rate-limit headers. */
export function rateLimited(message: string, limit: number, counted: WindowCount, now = Date.now()): HttpError {
  const headers = rateLimitHeaders(limit, counted, now);
  // At least a second: "retry after 0" would invite the same request at once.
  const retryAfter = String(Math.max(1, Number(headers['ratelimit-reset'])));
  return new HttpError(429, message, undefined, { ...headers, 'ratelimit-remaining': '0', 'retry-after': retryAfter });
}

/**
 * A per-client budget for public calls that may reach a paid or fair-use outside service or do
 * heavy work (weather, address search, market data): a fixed window in the app's counter store
 * (shared through Redis when set). Every answer of a limited route carries the rate-limit
 * headers; a 429 also `Retry-After`.
 */
export function perClientLimit(counters: CounterStore, name: string, max: number, windowMs = 60_000) {
  return async (request: FastifyRequest, reply?: FastifyReply) => {
    const counted = await counters.hit(`${name}:${request.ip}`, windowMs);
    if (counted.count > max) throw rateLimited('Too many requests. Please wait a minute and try again.', max, counted);
    reply?.headers(rateLimitHeaders(max, counted));
  };
}
