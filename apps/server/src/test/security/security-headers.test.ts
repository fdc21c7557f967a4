import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, SESSION_COOKIE } from '@site/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  injectAs,
  logIn,
  signUp,
  TEST_ADMIN_PASSWORD,
  TEST_PASSWORD,
  type TestApp,
  uniqueName,
} from '../test-app.js';
import { MatrixContext, routeMatrix } from './route-matrix.js';

// Headers and cookies do not depend on the database, so SQLite alone is enough here.

const PAGES = [
  '/',
  '/apps/todo',
  '/apps/weather',
  '/apps/sudoku',
  '/apps/portfolio',
  '/apps/finance',
  '/login',
  '/no/such/page',
  '/assets/x.js',
];
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The headers every response must carry: the web pages, the API, and every error in between. */
function expectSecurityHeaders(res: LightMyRequestResponse, label: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const directives = csp.split(';').map((d) => d.trim());
  expect(directives, `${label}: content-security-policy`).toEqual(
    expect.arrayContaining(["default-src 'self'", "frame-ancestors 'none'"]),
  );
  expect(res.headers['x-content-type-options'], `${label}: x-content-type-options`).toBe('nosniff');
  expect(res.headers['referrer-policy'], `${label}: referrer-policy`).toBeTruthy();
  expect(res.headers['x-frame-options'], `${label}: x-frame-options`).toBe('DENY');
}

/** A minimal built web app: index.html for every page, one hashed-style asset. */
function webDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title><script src="/assets/x.js"></script>');
  fs.writeFileSync(path.join(dir, 'assets', 'x.js'), 'console.log(1);');
  return dir;
}

describe('security headers', () => {
  let t: TestApp;
  let ctx: MatrixContext;
  let dist: string;

  beforeAll(async () => {
    dist = webDist();
    t = await createTestApp('sqlite', { WEB_DIST_DIR: dist });
    const alice = await signUp(t.app, uniqueName('alice'));
    const bob = await signUp(t.app, uniqueName('bob'));
    ctx = new MatrixContext(t.app, { alice, bob, admin: await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD) });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(PAGES)('on the web page %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res, url);
  });

  it('on every API route: success, signed out, bad input, and unknown paths', async () => {
    const statuses = new Set<number>();
    const check = async (label: string, options: InjectOptions | Promise<LightMyRequestResponse>) => {
      const res = await ('then' in options ? options : t.app.inject(options));
      statuses.add(res.statusCode);
      expectSecurityHeaders(res, `${label} (${res.statusCode})`);
    };
    for (const { method, url } of t.app.routeTable) {
      const key = `${method} ${url}`;
      // @fastify/static registers one route per file of the web build.
      if (!url.startsWith('/api/')) {
        await check(`${key} web file`, { method, url });
        continue;
      }
      const entry = routeMatrix[key];
      if (!entry) throw new Error(`${key} is not in route-matrix.ts`);
      const owner = (await entry.owner?.(ctx)) ?? (entry.access === 'admin' ? ctx.users.admin : ctx.users.alice);
      const request = { method, ...(await entry.request(ctx, owner.id)) };
      await check(`${key} signed out`, t.app.inject(request));
      // Public routes already succeed signed out (and the owner calling logout would end the session).
      if (entry.access === 'user' || entry.access === 'admin') {
        const res = await injectAs(t.app, owner, request);
        await check(`${key} as the owner`, Promise.resolve(res));
        // A signed-in answer never stays in the browser's cache for the next user of the browser.
        expect(res.headers['cache-control'], `${key} as the owner (${res.statusCode}): cache-control`).toBe('no-store');
        if (entry.consumes) ctx.consume();
      }
      if (UNSAFE.has(method)) {
        const { url: target } = await entry.request(ctx, owner.id);
        const malformed = { method, url: target, payload: '{', headers: { 'content-type': 'application/json' } };
        await check(`${key} malformed JSON`, injectAs(t.app, owner, { ...malformed, via: 'token' }));
      }
      if (url.includes(':id')) await check(`${key} bad id`, { method, url: url.replace(':id', 'x') });
    }
    await check('unknown API path', { method: 'GET', url: '/api/no-such-route' });
    await check('unknown method', { method: 'PATCH', url: '/api/health' });
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 401, 404]));
  });
});

describe('private answers and the browser cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it.each(['/api/me', '/api/account', '/api/account/sessions', '/api/todo'])(
    'GET %s signed in is no-store, by cookie and by token',
    async (url) => {
      const user = await signUp(t.app);
      for (const via of ['cookie', 'token'] as const) {
        const res = await injectAs(t.app, user, { method: 'GET', url, via });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['cache-control'], `${url} by ${via}`).toBe('no-store');
      }
    },
  );

  it('login and logout answers (they set cookies) are no-store; logout clears the browser cache', async () => {
    const user = await signUp(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const logout = await injectAs(t.app, user, { method: 'POST', url: '/api/logout' });
    expect(logout.statusCode, logout.body).toBe(200);
    expect(logout.headers['cache-control']).toBe('no-store');
    expect(logout.headers['clear-site-data']).toBe('"cache"');
  });

  it("keeps a route's own policy: the notice still revalidates to 304 signed in; public answers are unchanged", async () => {
    const user = await signUp(t.app);
    const first = await injectAs(t.app, user, { method: 'GET', url: '/api/site/notice' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    const again = await injectAs(t.app, user, {
      method: 'GET',
      url: '/api/site/notice',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
    const exported = await injectAs(t.app, user, { method: 'GET', url: '/api/account/export' });
    expect(exported.headers['cache-control']).toBe('no-store');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control']).toBeUndefined();
  });
});

/**
 * The whole set, value for value: what @fastify/helmet sent with the site's options before it was
 * replaced by headers computed once at start (core/security.ts). A change here is a policy change.
 */
const EXACT_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';script-src 'self';style-src 'self' 'unsafe-inline';" +
    "img-src 'self' data: blob: https:;font-src 'self' data:;connect-src 'self';object-src 'none';" +
    "frame-ancestors 'none';form-action 'self';worker-src 'self' blob:",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const HSTS = 'max-age=15552000; includeSubDomains';

describe('the exact security header set', () => {
  const cases: [string, Record<string, string>, Record<string, string | undefined>][] = [
    ['by default', {}, { ...EXACT_HEADERS, 'strict-transport-security': undefined }],
    ['behind a trusted proxy (HSTS)', { TRUST_PROXY: '1' }, { ...EXACT_HEADERS, 'strict-transport-security': HSTS }],
    [
      'with CORS origins (cross-origin resources)',
      { CORS_ORIGINS: 'https://app.example' },
      { ...EXACT_HEADERS, 'cross-origin-resource-policy': 'cross-origin', 'strict-transport-security': undefined },
    ],
  ];
  it.each(cases)('%s, on pages, files, API answers and errors', async (_label, env, expected) => {
    const dist = webDist();
    const t = await createTestApp('sqlite', { WEB_DIST_DIR: dist, ...env }, (app) => {
      app.get('/api/test-boom', async () => {
        throw new Error('boom');
      });
    });
    try {
      const requests: InjectOptions[] = [
        { method: 'GET', url: '/' },
        { method: 'HEAD', url: '/apps/todo' },
        { method: 'GET', url: '/assets/x.js' },
        { method: 'GET', url: '/api/health' },
        { method: 'GET', url: '/api/todo' },
        { method: 'GET', url: '/api/no-such-route' },
        { method: 'GET', url: '/api/test-boom' },
        { method: 'GET', url: '/api/%zz' }, // the router's own refusal, before any hook
        { method: 'POST', url: '/api/login', payload: '{', headers: { 'content-type': 'application/json' } },
        {
          method: 'POST',
          url: '/api/login',
          payload: JSON.stringify({ username: 'x'.repeat(1_100_000) }),
          headers: { 'content-type': 'application/json' },
        },
      ];
      const statuses = new Set<number>();
      for (const request of requests) {
        const res = await t.app.inject(request);
        statuses.add(res.statusCode);
        for (const [name, value] of Object.entries(expected)) {
          expect(res.headers[name], `${request.method} ${request.url} (${res.statusCode}): ${name}`).toBe(value);
        }
      }
      expect([...statuses].sort()).toEqual([200, 400, 401, 404, 413, 500]);
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

/** The Set-Cookie attributes of the session and CSRF cookies of one response. */
function sessionCookies(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  const find = (name: string) => {
    const cookie = res.cookies.find((c) => c.name === name);
    if (!cookie) throw new Error(`no ${name} cookie`);
    return cookie;
  };
  return { session: find(SESSION_COOKIE), csrf: find(CSRF_COOKIE) };
}

const HTTPS = { 'x-forwarded-proto': 'https' };

describe('session cookies', () => {
  let plain: TestApp; // TRUST_PROXY=false (the default): X-Forwarded-Proto is not believed.
  let proxied: TestApp; // TRUST_PROXY=1: behind one TLS-terminating proxy.
  beforeAll(async () => {
    plain = await createTestApp('sqlite');
    proxied = await createTestApp('sqlite', { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
  });

  /** Login and signup responses: both set the session. */
  const signIn = async (t: TestApp, headers: Record<string, string> = {}) => {
    const username = uniqueName('c');
    return [
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers,
        payload: { username: 'admin', password: TEST_ADMIN_PASSWORD },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        headers,
        payload: { username, email: `${username}@example.com`, password: TEST_PASSWORD },
      }),
    ];
  };

  it('keeps the session cookie out of scripts and cross-site requests', async () => {
    for (const res of await signIn(plain)) {
      const { session, csrf } = sessionCookies(res);
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      // The client reads csrftoken to echo it in X-CSRFToken.
      expect(csrf.httpOnly).toBeFalsy();
      expect(csrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    }
  });

  it('does not mark cookies Secure over plain HTTP, so a local http:// site works', async () => {
    for (const res of [...(await signIn(plain)), ...(await signIn(proxied))]) {
      const { session, csrf } = sessionCookies(res);
      expect(session.secure).toBeFalsy();
      expect(csrf.secure).toBeFalsy();
    }
  });

  it('marks cookies Secure and sends HSTS behind a trusted HTTPS proxy', async () => {
    for (const res of await signIn(proxied, HTTPS)) {
      const { session, csrf } = sessionCookies(res);
      expect(session.secure).toBe(true);
      expect(csrf.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
  });

  it('ignores a spoofed X-Forwarded-Proto when the proxy is not trusted', async () => {
    for (const res of await signIn(plain, HTTPS)) {
      const { session, csrf } = sessionCookies(res);
      expect(session.secure).toBeFalsy();
      expect(csrf.secure).toBeFalsy();
      // HSTS on what may be plain HTTP would only lock a local site out.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
