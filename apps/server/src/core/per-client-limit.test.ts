import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { perClientLimit, rateLimited, rateLimitHeaders } from './per-client-limit.js';

/** In-process counters, and Redis ones (shared by several instances) when TEST_REDIS_URL is set. */
const stores = process.env.TEST_REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);

describe.each(stores)('per-client limit headers with %s counters', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      'sqlite',
      {
        ...(store === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL ?? '' } : {}),
        REDIS_KEY_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
      },
      (app) => {
        app.get(
          '/api/test/limited',
          { preHandler: perClientLimit(app.deps.counters, 'test', 2, 30_000) },
          async () => ({ ok: true }),
        );
      },
    );
  });
  afterAll(() => t?.close());

  const call = (url: string, ip: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip });

  it('sends RateLimit-Limit, -Remaining and -Reset on answers within the budget', async () => {
    const first = await call('/api/test/limited', '10.1.1.1');
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({ 'ratelimit-limit': '2', 'ratelimit-remaining': '1' });
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(29);
    expect(Number(first.headers['ratelimit-reset'])).toBeLessThanOrEqual(30);
    expect(first.headers['retry-after']).toBeUndefined();
    const second = await call('/api/test/limited', '10.1.1.1');
    expect(second.headers).toMatchObject({ 'ratelimit-limit': '2', 'ratelimit-remaining': '0' });
  });

  it('answers 429 with Retry-After (seconds until the window ends) and the same headers', async () => {
    for (let i = 0; i < 2; i++) await call('/api/test/limited', '10.1.1.2');
    const limited = await call('/api/test/limited', '10.1.1.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 429 });
    expect(limited.headers).toMatchObject({ 'ratelimit-limit': '2', 'ratelimit-remaining': '0' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(29);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(limited.headers['ratelimit-reset']).toBe(String(retryAfter));
    // Another address has its own budget.
    expect((await call('/api/test/limited', '10.1.1.3')).headers['ratelimit-remaining']).toBe('1');
  });

  it('are sent by the limited API routes (market data, weather, address search)', async () => {
    const market = await call('/api/finance/search?q=a', '10.1.1.4');
    expect(market.headers).toMatchObject({ 'ratelimit-limit': '600', 'ratelimit-remaining': '599' });
    const weather = await call('/api/weather?lat=1', '10.1.1.4');
    // Counted after validation (preHandler): a malformed request does not use the budget up.
    expect(weather.statusCode).toBe(400);
    expect(weather.headers['ratelimit-limit']).toBeUndefined();
    const geocode = await call('/api/geocode/autocomplete?text=London', '10.1.1.4');
    expect(geocode.headers).toMatchObject({ 'ratelimit-limit': '600', 'ratelimit-remaining': '599' });
    // Unlimited routes carry none.
    expect((await call('/api/health', '10.1.1.4')).headers['ratelimit-limit']).toBeUndefined();
  });
});

describe('rate-limit headers across origins', () => {
  it('are exposed to the CORS origins, so their front ends can read them', async () => {
    const t = await createTestApp('sqlite', { CORS_ORIGINS: 'https://app.example' });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/finance/search?q=a',
        headers: { origin: 'https://app.example' },
      });
      expect(res.headers['access-control-expose-headers']).toBe(
        'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Idempotent-Replayed',
      );
    } finally {
      await t.close();
    }
  });
});

describe('rate-limit header values', () => {
  it('round the reset up to whole seconds and never go below zero', () => {
    const now = 1_000_000;
    expect(rateLimitHeaders(5, { count: 2, resetAt: now + 1_001 }, now)).toEqual({
      'ratelimit-limit': '5',
      'ratelimit-remaining': '3',
      'ratelimit-reset': '2',
    });
    expect(rateLimitHeaders(5, { count: 9, resetAt: now - 10 }, now)).toMatchObject({
      'ratelimit-remaining': '0',
      'ratelimit-reset': '0',
    });
    // A window ending now still asks for a second's wait.
    expect(rateLimited('x', 5, { count: 6, resetAt: now }, now).headers).toMatchObject({ 'retry-after': '1' });
  });
});
