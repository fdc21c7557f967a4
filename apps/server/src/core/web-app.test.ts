import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../test/test-app.js';
import { DRAWN_ANSWERS_MAX_BYTES, FRESH_DRAWINGS } from './data-pages.js';

const precompressScript = path.resolve(import.meta.dirname, '../../../../scripts/precompress-web.mjs');

/** Text that compresses well, as minified bundles do. */
const JS = `export function f(){${'console.log("a fairly repetitive line of bundled code");'.repeat(200)}}`;
const CSS = `.a{${'color:red;margin:0 auto;padding:1rem;'.repeat(100)}}`;
const HTML = `<!doctype html><html><head><title>Site</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- filler -->'.repeat(50)}</body></html>`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

function decode(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.body;
}

const varyIncludesAcceptEncoding = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim())
    .includes('accept-encoding');

describe('pre-compressed web app files', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), HTML);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), JS);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.css'), CSS);
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    fs.writeFileSync(path.join(dist, 'brochure.pdf'), '%PDF-1.4');
    // Left by an earlier build: its source is gone, so the script removes it.
    fs.writeFileSync(path.join(dist, 'assets', 'old-zzz999.js.br'), 'stale');
    execFileSync(process.execPath, [precompressScript, dist], { stdio: 'pipe' });
    t = await createTestApp('sqlite', { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('are written by the build script for text files that shrink, and nothing else', () => {
    const files = fs.readdirSync(dist, { recursive: true }).map(String).sort();
    expect(files).toEqual(
      [
        'assets',
        'assets/index-abc123.css',
        'assets/index-abc123.css.br',
        'assets/index-abc123.css.gz',
        'assets/index-abc123.js',
        'assets/index-abc123.js.br',
        'assets/index-abc123.js.gz',
        'brochure.pdf',
        'index.html',
        'index.html.br',
        'index.html.gz',
        // Too small to gain anything: no copies.
        'robots.txt',
      ].map((f) => f.split('/').join(path.sep)),
    );
    const copy = (name: string) => fs.readFileSync(path.join(dist, 'assets', name));
    expect(zlib.brotliDecompressSync(copy('index-abc123.js.br')).toString()).toBe(JS);
    expect(zlib.gunzipSync(copy('index-abc123.js.gz')).toString()).toBe(JS);
  });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('sends a .js asset to Accept-Encoding %s as %s, with its type and long caching', async (accept, encoding) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: accept === undefined ? {} : { 'accept-encoding': accept },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(varyIncludesAcceptEncoding(res)).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(decode(res)).toBe(JS);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    if (encoding) expect(res.rawPayload.length).toBeLessThan(JS.length / 5);
  });

  it('sends CSS compressed with its type', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.css',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(decode(res)).toBe(CSS);
  });

  it('sends index.html compressed for every client-side route, revalidated on each load', async () => {
    for (const url of ['/', '/apps/todo', '/index.html']) {
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url, headers: accept ? { 'accept-encoding': accept } : {} });
        const label = `${url} (${accept ?? 'no Accept-Encoding'})`;
        expect(res.statusCode, label).toBe(200);
        expect(res.headers['content-encoding'], label).toBe(encoding);
        expect(res.headers['content-type'], label).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control'], label).toBe('no-cache');
        expect(varyIncludesAcceptEncoding(res), label).toBe(true);
        expect(res.headers['content-security-policy'], label).toContain("default-src 'self'");
        const body = decode(res);
        if (url === '/index.html') {
          expect(body, label).toBe(HTML);
        } else {
          // A route's head is written for it (features/site-meta/pages.test.ts); the rest is index.html.
          expect(body, label).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
          expect(body.slice(body.indexOf('</head>')), label).toBe(HTML.slice(HTML.indexOf('</head>')));
          expect(body, label).not.toContain('<title>Site</title>');
        }
      }
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe('');
  });

  it('sends files without copies as they are', async () => {
    for (const url of ['/robots.txt', '/brochure.pdf']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves the copies only in place of their file, never as files of their own', async () => {
    const routes = t.app.routeTable.map((r) => r.url);
    expect(routes.filter((url) => url.endsWith('.br') || url.endsWith('.gz'))).toEqual([]);
    for (const url of ['/assets/index-abc123.js.br', '/assets/index-abc123.css.gz']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      // The page's HTML, not the copy's bytes.
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  it('answers a missing asset the way it answers any unknown page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-000000.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

/** docs/decisions.md#pre-rendered-pages: the server sends the page's pre-rendered file, with its inline script allowed by hash. */
describe('pre-rendered pages', () => {
  let t: TestApp;
  let dist: string;
  const SCRIPT = "document.documentElement.setAttribute('data-mantine-color-scheme','dark')";
  const page = (body: string) =>
    `<!doctype html><html><head><title>Site</title><script>${SCRIPT}</script></head><body><div id="root" data-preload="">${body}</div></body></html>`;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), HTML);
    fs.writeFileSync(path.join(dist, 'prerendered', 'portfolio.html'), page('<h1>Portfolio</h1>'));
    fs.writeFileSync(path.join(dist, 'prerendered', 'apps_finance_stock__symbol.html'), page('<p>Loading page</p>'));
    t = await createTestApp('sqlite', { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const hash = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;
  const scriptSrc = (res: LightMyRequestResponse) =>
    String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('script-src'));

  it('answers a route with its page, and a route with parameters with the pattern’s page', async () => {
    const portfolio = await t.app.inject({ method: 'GET', url: '/portfolio?ref=x' });
    expect(portfolio.statusCode).toBe(200);
    expect(decode(portfolio)).toContain('<h1>Portfolio</h1>');
    const stock = await t.app.inject({ method: 'GET', url: '/apps/finance/stock/MSFT' });
    expect(decode(stock)).toContain('<p>Loading page</p>');
  });

  it('allows exactly the page’s inline script by its hash, and no other page’s', async () => {
    const portfolio = await t.app.inject({ method: 'GET', url: '/portfolio' });
    expect(scriptSrc(portfolio)).toBe(`script-src 'self' ${hash}`);
    // No pre-rendered file: index.html, which has no inline script, so the CSP has no hash.
    const todo = await t.app.inject({ method: 'GET', url: '/apps/todo' });
    expect(decode(todo)).toContain('<div id="root"></div>');
    expect(scriptSrc(todo)).toBe("script-src 'self'");
    // The API keeps the plain policy.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(scriptSrc(health)).toBe("script-src 'self'");
  });

  it('sends a page encoded as the browser accepts, the same bytes each time, and says it varies', async () => {
    const get = (encoding?: string) =>
      t.app.inject({ method: 'GET', url: '/portfolio', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const [first, second, gzip, plain] = [await get('br'), await get('br'), await get('gzip'), await get()];
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const res of [first, gzip, plain]) {
      expect(decode(res)).toContain('<h1>Portfolio</h1>');
      expect(varyIncludesAcceptEncoding(res)).toBe(true);
    }
  });

  it('does not serve the pre-rendered files by their own path', async () => {
    const direct = await t.app.inject({ method: 'GET', url: '/prerendered/portfolio.html' });
    // The 404 page route (index.html), not the file itself.
    expect(decode(direct)).not.toContain('<h1>Portfolio</h1>');
  });
});

/**
 * docs/decisions.md#pages-rendered-with-their-data: what a data page costs is bounded whatever the
 * visitor's data. The build's rendering entry is stood in for by a small one with the same
 * interface (as the HTML files above stand in for the build's pages): it asks the real API, with
 * the visitor's cookies, for the session and the to-do list, and lists their titles.
 */
describe('pages drawn with a signed-in visitor’s data', () => {
  let t: TestApp;
  let root: string;
  let todoAnswers = 0;
  const ENTRY = `
let transport;
export function setApiTransport(next) { transport = next; }
const answer = (queryKey, data) => ({ queryKey, state: { data, dataUpdatedAt: Date.now() } });
export async function loadPageData() {
  const me = await transport('/api/me');
  if (me.status !== 200) return { data: { queries: [answer(['auth', 'me'], null)] }, personal: false, address: '/apps/todo' };
  const list = await transport('/api/todo');
  if (list.status !== 200) throw new Error('/api/todo answered ' + list.status);
  return { data: { queries: [answer(['auth', 'me'], await me.json()), answer(['todo'], await list.json())] }, personal: true, address: '/apps/todo' };
}
export async function renderRoute(url, mode, data) {
  const list = data.queries[1]?.state.data;
  return { html: '<main>' + (list ? list.todos.map((todo) => '<p>' + todo.title + '</p>').join('') : 'Please log in') + '</main>', pages: ['TodoPage'] };
}
`;
  const page = (body: string) =>
    `<!doctype html><html><head><title>Site</title></head><body><div id="root" data-pages="TodoPage">${body}</div></body></html>`;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
    const dist = path.join(root, 'dist');
    fs.mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
    fs.mkdirSync(path.join(root, 'dist-ssr'));
    fs.writeFileSync(path.join(dist, 'index.html'), HTML);
    fs.writeFileSync(path.join(dist, 'prerendered', 'apps_todo.html'), page('<p>Loading page</p>'));
    fs.writeFileSync(path.join(dist, 'prerendered', 'apps_todo.data.html'), page('<!--page-html--><!--page-data-->'));
    fs.writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), ENTRY);
    // The fresh-drawing allowance and the too-large window run on Date.now: held still, so a slow
    // run cannot refill one between views and the counts below do not depend on time passing.
    vi.useFakeTimers({ toFake: ['Date'] });
    t = await createTestApp('sqlite', { WEB_DIST_DIR: dist }, (app) => {
      app.addHook('onRequest', async (request) => {
        if (request.url === '/api/todo' && request.method === 'GET') todoAnswers++;
      });
    });
  });
  afterAll(async () => {
    await t?.close();
    vi.useRealTimers();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const view = (user: TestUser | null, headers: Record<string, string> = {}) =>
    user
      ? injectAs(t.app, user, { method: 'GET', url: '/apps/todo', headers })
      : t.app.inject({ method: 'GET', url: '/apps/todo', headers });
  const add = async (user: TestUser, title: string) =>
    expect(
      (await injectAs(t.app, user, { method: 'POST', url: '/api/todo', payload: { title, description: '' } }))
        .statusCode,
    ).toBe(200);

  it('answers a matching revalidation with 304, for the visitor’s browser only, and a changed list with the page', async () => {
    const user = await signUp(t.app);
    await add(user, 'First item');
    const first = await view(user);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<p>First item</p>');
    expect(first.body).toContain('id="page-data"');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);

    const again = await view(user, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('private, no-cache');
    expect(again.headers.etag).toBe(etag);
    // In a list of tags, too.
    expect((await view(user, { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    // Another visitor's page is not this one, whatever tag they send.
    expect((await view(null, { 'if-none-match': etag })).statusCode).toBe(200);

    await add(user, 'Second item');
    const changed = await view(user, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('<p>Second item</p>');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('sends the frame, without drawing, when the answers outweigh the bound, and does not ask for them on the next views', async () => {
    const user = await signUp(t.app);
    const now = new Date().toISOString();
    const description = 'd'.repeat(2000);
    const count = Math.ceil(DRAWN_ANSWERS_MAX_BYTES / description.length) + 1;
    await t.database.handle.db
      .insertInto('todos')
      .values(
        Array.from({ length: count }, (_, i) => ({
          user_id: user.id,
          title: `Heavy item ${i}`,
          description,
          completed: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const before = todoAnswers;
    const res = await view(user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('<p>Loading page</p>');
    expect(res.body).not.toContain('Heavy item');
    expect(res.body).not.toContain('id="page-data"');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(todoAnswers - before).toBe(1);
    // The frame is the same for everyone: its tag revalidates, and the list is not asked for again.
    const again = await view(user, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(todoAnswers - before).toBe(1);
  });

  it('draws a visitor’s page afresh a few times in a row, then sends the frame without asking for the answers', async () => {
    const user = await signUp(t.app);
    const bodies: string[] = [];
    for (let i = 0; i <= FRESH_DRAWINGS; i++) {
      await add(user, `Item ${i}`);
      bodies.push((await view(user)).body);
    }
    for (const [i, body] of bodies.slice(0, FRESH_DRAWINGS).entries()) expect(body).toContain(`<p>Item ${i}</p>`);
    expect(bodies[FRESH_DRAWINGS]).toContain('<p>Loading page</p>');
    // None left: the next views are the frame, without the list being asked for.
    const before = todoAnswers;
    expect((await view(user)).body).toContain('<p>Loading page</p>');
    expect(todoAnswers).toBe(before);
  });
});
