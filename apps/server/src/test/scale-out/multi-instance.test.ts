import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../../integrations/testing/fake-upstream.js';
import { waitFor } from '../wait-for.js';
import { type ServerProcess, startServerProcess } from './server-process.js';
import { asUser, sessionFrom } from './session.js';
import { createThrowawayDatabase } from './throwaway-database.js';

/**
 * DESIGN: several instances behind a load balancer share one PostgreSQL and one Redis. Two real
 * server processes on different ports, started at the same moment on an empty database, must
 * behave as one site: sessions, rate limits, upstream caches and images are shared.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ADMIN_PASSWORD = 'scale-out-admin-password';
const LOGIN_FAILURES = 4;

const yahooFixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../../integrations/market-data/yahoo/fixtures', name), 'utf8');

/** Response bodies as the contract describes them (the test reads only these fields). */
// biome-ignore lint/suspicious/noExplicitAny: test reads of JSON bodies; shapes are asserted.
const json = async (res: Response): Promise<any> => res.json();

const postJson = (url: string, body: unknown, init: RequestInit = {}) =>
  fetch(url, {
    ...init,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    body: JSON.stringify(body),
  });

describe.skipIf(!databaseUrl || !redisUrl)('two instances on one PostgreSQL and one Redis', () => {
  let database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  let yahoo: FakeUpstream;
  let a: ServerProcess;
  let b: ServerProcess;
  // Its own key space, so counts and caches of other runs on this Redis don't leak in.
  const redisKeyPrefix = `scale-${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    yahoo = await startFakeUpstream();
    yahoo.on('/v10/finance/quoteSummary/AAPL', { body: yahooFixture('quotesummary-aapl.json') });
    yahoo.on('/v7/finance/quote', { body: yahooFixture('quote-aapl-msft.json') });
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl ?? '',
      REDIS_KEY_PREFIX: redisKeyPrefix,
      DATA_DIR: '/nonexistent-data-dir',
      ADMIN_PASSWORD,
      LOGIN_MAX_FAILURES_PER_USERNAME: String(LOGIN_FAILURES),
      DATA_MODE: 'live',
      YAHOO_BASE_URL: yahoo.baseUrl,
      YAHOO_COOKIE_URL: yahoo.baseUrl,
      YAHOO_CRUMB: 'off',
      YAHOO_MAX_RETRIES: '0',
    };
    // Both at once on an empty database: migrations, the admin and the sample projects race.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await yahoo?.close();
    await database?.drop();
  });

  it('starts both on an empty database: migrations, admin and samples happen once', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const migrations = await client.query('select name from kysely_migration order by name');
      const names = migrations.rows.map((r) => r.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names.length).toBeGreaterThanOrEqual(7);
      const admins = await client.query("select count(*)::int as n from users where username = 'admin'");
      expect(admins.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
    const [fromA, fromB] = await Promise.all([a, b].map((s) => fetch(`${s.baseUrl}/api/portfolio`)));
    const [listA, listB] = await Promise.all([json(fromA as Response), json(fromB as Response)]);
    // The same projects, images on the same path: without PUBLIC_URL or ALLOWED_HOSTS no answer
    // carries an address built from the request (docs/api.md#other-behaviour).
    expect(listA).toEqual(listB);
    for (const p of listA as { image: string | null }[])
      if (p.image) expect(p.image.startsWith('/api/portfolio/')).toBe(true);
    expect(new Set(listA.map((p: { title: string }) => p.title)).size).toBe(listA.length); // Seeded once.
    for (const s of [a, b]) expect((await json(await fetch(`${s.baseUrl}/api/health`))).database).toBe('postgres');
  });

  it('accepts a session created on one instance on the other, and a logout on either ends it', async () => {
    const username = `scale${randomBytes(3).toString('hex')}`;
    const res = await postJson(`${a.baseUrl}/api/signup`, {
      username,
      email: `${username}@example.com`,
      password: 'correct horse battery',
    });
    expect(res.status).toBe(200);
    const session = sessionFrom(res, await json(res));

    const me = await fetch(`${b.baseUrl}/api/me`, asUser(session));
    expect(me.status).toBe(200);
    expect((await json(me)).username).toBe(username);

    // A write on B is read back on A.
    const created = await postJson(
      `${b.baseUrl}/api/todo/`,
      { user: session.userId, title: 'Written on B', description: '' },
      asUser(session),
    );
    expect(created.status).toBe(200);
    const list = await json(await fetch(`${a.baseUrl}/api/todo?user=${session.userId}`, asUser(session)));
    expect(list.todos.map((t: { title: string }) => t.title)).toEqual(['Written on B']);

    expect((await postJson(`${b.baseUrl}/api/logout`, {}, asUser(session))).status).toBe(200);
    // A kept the session in memory; B's logout reaches it over Redis, after B has answered: wait for it.
    let status = 0;
    await waitFor('the session ended on A', async () => {
      status = (await fetch(`${a.baseUrl}/api/me`, asUser(session))).status;
      return status !== 200;
    });
    expect(status).toBe(401);
  });

  it('counts a rate limit across both instances', async () => {
    const username = `victim${randomBytes(3).toString('hex')}`;
    const signup = await postJson(`${a.baseUrl}/api/signup`, {
      username,
      email: `${username}@example.com`,
      password: 'correct horse battery',
    });
    expect(signup.status).toBe(200);
    const wrong = (s: ServerProcess) => postJson(`${s.baseUrl}/api/login`, { username, password: 'wrong password' });
    // Alternate instances: each alone has seen only half of the failures.
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES; i++) statuses.push((await wrong(i % 2 === 0 ? a : b)).status);
    expect(statuses.every((s) => s === 401 || s === 400)).toBe(true);
    expect((await wrong(a)).status).toBe(429);
    expect((await wrong(b)).status).toBe(429);
  });

  it('shares the upstream cache: a quote fetched through one instance is not fetched again by the other', async () => {
    const fromA = await fetch(`${a.baseUrl}/api/finance/get_stock?symbol=AAPL`);
    expect(fromA.status, await fromA.clone().text()).toBe(200);
    const upstreamCalls = yahoo.requests.length;
    expect(upstreamCalls).toBeGreaterThan(0);
    // The shared writes happen in the background: wait until Redis holds the quote and the profile.
    const redis = new Redis(redisUrl ?? '');
    try {
      const keys = ['quote', 'profile'].map((cache) => `${redisKeyPrefix}cache:yahoo:${cache}:AAPL`);
      await vi.waitFor(async () => expect(await redis.exists(...keys)).toBe(keys.length), { timeout: 30_000 });
    } finally {
      redis.disconnect();
    }

    const fromB = await fetch(`${b.baseUrl}/api/finance/get_stock?symbol=AAPL`);
    expect(fromB.status).toBe(200);
    expect(await json(fromB)).toEqual(await json(fromA));
    expect(yahoo.requests.length).toBe(upstreamCalls);
  });

  it('serves an image uploaded through one instance from the other', async () => {
    const login = await postJson(`${a.baseUrl}/api/login`, { username: 'admin', password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const admin = sessionFrom(login, await json(login));
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: 'Scale-out',
      description: 'Two instances',
      technology: 'Redis',
      backend_features: 'Shared sessions',
      frontend_features: 'None',
    })) {
      form.set(k, v);
    }
    form.set('image', new File([new Uint8Array(png)], 'cover.png', { type: 'image/png' }));
    const created = await fetch(`${a.baseUrl}/api/portfolio/create`, asUser(admin, { method: 'POST', body: form }));
    expect(created.status, await created.clone().text()).toBe(200);
    const { image } = await json(created);
    // On the site's own path (no PUBLIC_URL here: docs/api.md#other-behaviour); any instance serves it.
    expect(image.startsWith('/api/portfolio/')).toBe(true);
    const { pathname, search } = new URL(image, a.baseUrl);
    const path = pathname + search;

    const [fromA, fromB] = await Promise.all([fetch(`${a.baseUrl}${path}`), fetch(`${b.baseUrl}${path}`)]);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe(fromA.headers.get('content-type'));
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
  });
});
