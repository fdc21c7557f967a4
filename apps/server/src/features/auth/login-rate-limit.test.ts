import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_PASSWORD, type TestApp } from '../../test/test-app.js';

/** Runs in-process, and against Redis (shared counters for several instances) when TEST_REDIS_URL is set. */
const stores = process.env.TEST_REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);

describe.each(stores)('login rate limits with %s counters', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      LOGIN_MAX_FAILURES_PER_USERNAME: '3',
      LOGIN_MAX_ATTEMPTS_PER_IP: '6',
      ...(store === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL ?? '' } : {}),
      // A unique prefix keeps this run's Redis keys apart from any other run's.
      REDIS_KEY_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
    });
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: ip });
  const randomIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

  it('locks a username after repeated wrong passwords, even for the right password (429)', async () => {
    const user = await signUp(t.app);
    const ip = randomIp();
    for (let i = 0; i < 3; i++) expect((await login(user.username, 'wrong-password', ip)).statusCode).toBe(401);
    const locked = await login(user.username, TEST_PASSWORD, randomIp());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      success: false,
      code: 429,
      message: expect.stringMatching(/Too many login attempts/),
    });
  });

  it('tells a locked-out client when to retry: Retry-After and the RateLimit headers', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 3; i++) await login(user.username, 'wrong-password', randomIp());
    const locked = await login(user.username, TEST_PASSWORD, randomIp());
    expect(locked.statusCode).toBe(429);
    expect(locked.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '0' });
    const retryAfter = Number(locked.headers['retry-after']);
    // The 15-minute window started with the first failure, moments ago.
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.headers['ratelimit-reset']).toBe(String(retryAfter));

    const ip = randomIp();
    for (let i = 0; i < 6; i++) await login(`ghost${i}`, 'whatever1', ip);
    const perIp = await login('ghost-last', 'whatever1', ip);
    expect(perIp.statusCode).toBe(429);
    expect(perIp.headers).toMatchObject({ 'ratelimit-limit': '6', 'ratelimit-remaining': '0' });
    expect(Number(perIp.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('limits attempts per IP across usernames', async () => {
    const ip = randomIp();
    for (let i = 0; i < 6; i++) expect((await login(`ghost${i}`, 'whatever1', ip)).statusCode).toBe(404);
    expect((await login('ghost-last', 'whatever1', ip)).statusCode).toBe(429);
    // Another address is unaffected.
    expect((await login('ghost-last', 'whatever1', randomIp())).statusCode).toBe(404);
  });

  it('clears the failure count after a successful login', async () => {
    const user = await signUp(t.app);
    const ip = randomIp();
    for (let i = 0; i < 2; i++) await login(user.username, 'wrong-password', ip);
    expect((await login(user.username, TEST_PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login(user.username, 'wrong-password', randomIp())).statusCode).toBe(401);
  });
});
