import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@site/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Integrations } from '../integrations/index.js';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './test-databases.js';

export const TEST_ADMIN_PASSWORD = 'admin-test-password';
export const TEST_PASSWORD = 'correct horse battery';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

/** A test app's configuration: no data directory, no web build, no timers that change data; `env` on top. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-data-dir',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Puzzles are generated on demand in tests, so no app spends CPU filling a pool nobody uses.
    SUDOKU_POOL_SIZE: '0',
    // No wallet gets dividends or splits behind a test's back; the corporate-action tests turn it on.
    CORPORATE_ACTIONS_INTERVAL_MINUTES: '0',
    // Tests run the order matcher themselves (matchOnce), so no timer changes data under them.
    ORDER_MATCH_INTERVAL_SECONDS: '0',
    // A test's Redis is away only when the test stops it (the connection then closes at once): a
    // busy machine that delays an answer past the production 500 ms must not look like an outage.
    REDIS_COMMAND_TIMEOUT_MS: '30000',
    ...env,
  });
}

/**
 * A real app on a fresh database of the given kind; `env` overrides configuration, `setup`
 * may add test-only routes before the app is ready, and `overrides` replaces outside systems
 * (a demo market with a pinned clock, a provider pointed at a fake upstream).
 */
export async function createTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  setup?: (app: FastifyInstance) => void,
  overrides: Partial<Integrations> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = testConfig(env);
  const app = await buildApp({ config, database: database.handle, logger: false, overrides });
  setup?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * Another app instance on `t`'s database through connections of its own: a second server beside
 * it, or the same site started again. `config` changes the first one's configuration.
 */
export async function createInstanceOn(
  t: TestApp,
  config: Partial<Config> = {},
  overrides: Partial<Integrations> = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = t.database.connectAgain();
  const app = await buildApp({ config: { ...t.config, ...config }, database, logger: false, overrides });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/** A signed-in test user and the credentials to act as them. */
export interface TestUser {
  id: number;
  username: string;
  token: string;
  csrfToken: string;
  /** Cookies as the browser would send them. */
  cookies: Record<string, string>;
}

let counter = 0;
/** Unique per process so suites sharing a database never collide. */
export const uniqueName = (prefix = 'user') => `${prefix}${process.pid}_${++counter}`;

export async function signUp(app: FastifyInstance, username = uniqueName()): Promise<TestUser> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: { username, email: `${username}@example.com`, password: TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return userFromResponse(res);
}

/** An app with the admin logged in and a signed-up user: the set-up of suites that check who may do what. */
export async function createTestAppWithUsers(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
): Promise<{ t: TestApp; admin: TestUser; user: TestUser }> {
  const t = await createTestApp(kind, env);
  try {
    return { t, admin: await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD), user: await signUp(t.app) };
  } catch (error) {
    await t.close();
    throw error;
  }
}

export async function logIn(app: FastifyInstance, username: string, password: string): Promise<TestUser> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return userFromResponse(res);
}

function userFromResponse(res: LightMyRequestResponse): TestUser {
  const body = res.json();
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return { id: body.user_id, username: body.username, token: body.token, csrfToken: body.csrf_token, cookies };
}

/**
 * Sends a request as `user` the way the web app does: session cookie plus, for mutations, the
 * CSRF header. `via: 'token'` uses `Authorization: Token …` instead (no cookie, no CSRF).
 */
export function injectAs(
  app: FastifyInstance,
  user: TestUser,
  options: InjectOptions & { via?: 'cookie' | 'token'; csrf?: boolean },
) {
  const { via = 'cookie', csrf = true, ...request } = options;
  const headers = { ...(request.headers ?? {}) } as Record<string, string>;
  if (via === 'token') {
    headers.authorization = `Token ${user.token}`;
    return app.inject({ ...request, headers });
  }
  if (csrf) headers[CSRF_HEADER] = user.csrfToken;
  return app.inject({
    ...request,
    headers,
    cookies: {
      [SESSION_COOKIE]: user.cookies[SESSION_COOKIE] ?? '',
      [CSRF_COOKIE]: user.cookies[CSRF_COOKIE] ?? '',
    },
  });
}
