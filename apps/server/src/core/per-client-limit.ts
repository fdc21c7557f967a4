import type { FastifyRequest } from 'fastify';
import type { CounterStore } from './counter-store.js';
import { HttpError } from './http-errors.js';

/**
 * A per-client budget for public calls that may reach a paid or fair-use outside service or do
 * heavy work (weather, address search, market data): a fixed window in the app's counter store (shared through Redis when set).
 */
export function perClientLimit(counters: CounterStore, name: string, max: number, windowMs = 60_000) {
  return async (request: FastifyRequest) => {
    const count = await counters.hit(`${name}:${request.ip}`, windowMs);
    if (count > max) throw new HttpError(429, 'Too many requests. Please wait a minute and try again.');
  };
}
