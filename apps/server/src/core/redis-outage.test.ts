import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../test/redis-server.js';
import { freePort } from '../test/server-process.js';
import { createTestApp, logIn, signUp, TEST_PASSWORD, type TestApp } from '../test/test-app.js';
import { waitFor } from '../test/wait-for.js';
import { openRedis, type RedisConnection } from './redis.js';

/**
 * Redis is an optimisation (README, "Running several instances"): while it is away the site
 * answers as before, counting and caching per instance; health says so, readiness refuses; and
 * everything returns to Redis by itself. Each test runs its own redis-server and kills it.
 */

const health = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/api/health' })).json();
const readiness = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/health/ready' });

/** The calls that answered 500 while Redis was down: each counts against a rate limit. */
async function siteCalls(app: FastifyInstance, username: string) {
  const remoteAddress = '10.9.8.7';
  const calls = {
    login: app.inject({ method: 'POST', url: '/api/login', payload: { username, password: TEST_PASSWORD } }),
    quote: app.inject({ method: 'GET', url: '/api/finance/get_stock?symbol=AAPL', remoteAddress }),
    weather: app.inject({ method: 'GET', url: '/api/weather?lat=48.8534&lon=2.3488&country_code=fr', remoteAddress }),
    addressSearch: app.inject({ method: 'GET', url: '/api/geocode/autocomplete?text=Paris', remoteAddress }),
  };
  const statuses = await Promise.all(Object.values(calls));
  return Object.fromEntries(Object.keys(calls).map((name, i) => [name, statuses[i]?.statusCode]));
}
const allOk = { login: 200, quote: 200, weather: 200, addressSearch: 200 };

describe('the app while its Redis goes away and comes back', () => {
  let redis: RedisServer;
  let t: TestApp;
  let username: string;
  const prefix = `outage${process.pid}:`;
  /** Counter keys in the test's Redis (a fresh one after a restart: no persistence). */
  const counterKeys = async () => {
    const client = new Redis(redis.url, { lazyConnect: true });
    try {
      await client.connect();
      return await client.keys(`${prefix}counter:*`);
    } finally {
      client.disconnect();
    }
  };

  beforeAll(async () => {
    redis = await startRedisServer(await freePort());
    t = await createTestApp('sqlite', { REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix });
    username = (await signUp(t.app)).username;
  });
  afterAll(async () => {
    await t?.close();
    await redis?.kill();
  });

  it('counts in Redis and is ready while Redis answers', async () => {
    expect(await siteCalls(t.app, username)).toEqual(allOk);
    expect(await health(t.app)).toMatchObject({ status: 'ok', redis: 'ok' });
    const ready = await readiness(t.app);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, database: 'ok', redis: 'ok' });
    expect(await counterKeys()).not.toEqual([]);
  });

  it('keeps answering with Redis killed: health says down, readiness 503', async () => {
    await redis.kill();
    expect(await siteCalls(t.app, username)).toEqual(allOk);
    // Many at once too: none waits on Redis or fails for it.
    const burst = await Promise.all(Array.from({ length: 10 }, () => siteCalls(t.app, username)));
    expect(burst.every((statuses) => JSON.stringify(statuses) === JSON.stringify(allOk))).toBe(true);

    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'sqlite', redis: 'down' });
    const ready = await readiness(t.app);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ success: false, code: 503, message: expect.stringMatching(/Redis/) });
  });

  it('still limits logins per username in-process while Redis is down', async () => {
    // The per-username failure limit (docs/api.md) must not lapse with Redis away.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password: 'wrong password!' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses).not.toContain(500);
  });

  it('returns to Redis by itself once it is back on the same port', async () => {
    await redis.restart();
    await waitFor('back', async () => (await health(t.app)).redis === 'ok');
    expect((await readiness(t.app)).statusCode).toBe(200);
    expect(await counterKeys()).toEqual([]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/geocode/autocomplete?text=Lyon',
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode).toBe(200);
    expect(await counterKeys()).not.toEqual([]);
  });
});

describe('starting while Redis is down', () => {
  let port: number;
  let redis: RedisServer | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    port = await freePort(); // Nothing listens there yet.
  });
  afterAll(async () => {
    await t?.close();
    await redis?.kill();
  });

  it('starts and serves, not ready until Redis comes up, then ready', async () => {
    t = await createTestApp('sqlite', {
      REDIS_URL: `redis://127.0.0.1:${port}`,
      REDIS_KEY_PREFIX: `start${process.pid}:`,
    });
    const user = await signUp(t.app);
    await logIn(t.app, user.username, TEST_PASSWORD);
    expect(await siteCalls(t.app, user.username)).toEqual(allOk);
    expect((await health(t.app)).redis).toBe('down');
    expect((await readiness(t.app)).statusCode).toBe(503);

    redis = await startRedisServer(port);
    const app = t.app;
    await waitFor('connected', async () => (await health(app)).redis === 'ok');
    expect((await readiness(app)).statusCode).toBe(200);
  });
});

describe('the Redis connection log', () => {
  let redis: RedisServer;
  let connection: RedisConnection | undefined;
  const log = { warn: [] as string[], info: [] as string[] };
  beforeAll(async () => {
    redis = await startRedisServer(await freePort());
  });
  afterEach(async () => {
    await connection?.close();
    await redis?.kill();
  });

  it('warns once per outage and says once when Redis is back', async () => {
    connection = await openRedis(
      redis.url,
      { warn: (_obj, message) => log.warn.push(message), info: (message) => log.info.push(message) },
      // Away only when killed below, never because a busy machine answered late (test/test-app.ts).
      30_000,
    );
    expect(await connection.state()).toBe('ok');
    expect(log).toEqual({ warn: [], info: [] });

    let failedAttempts = 0;
    connection.client.on('error', () => failedAttempts++);
    await redis.kill();
    for (let i = 0; i < 5; i++) expect(await connection.state()).toBe('down');
    await waitFor('retried three times', async () => failedAttempts >= 3);
    expect(log.warn).toHaveLength(1);
    expect(log.info).toHaveLength(0);

    await redis.restart();
    const open = connection;
    await waitFor('back', async () => (await open.state()) === 'ok');
    expect(log.warn).toHaveLength(1);
    expect(log.info).toHaveLength(1);
  });
});
