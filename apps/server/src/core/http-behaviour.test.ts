import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { routeTestDatabaseKinds } from '../test/test-databases.js';

describe.each(routeTestDatabaseKinds)('HTTP behaviour on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('reports health with the database kind and data mode', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: kind, dataMode: 'demo', redis: 'off' });
  });

  it('accepts a trailing slash on API paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ success: false, code: 404, message: 'No API route GET /api/does-not-exist' });
  });

  it('answers malformed JSON with a JSON 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 400, message: 'Request body is not valid JSON' });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, code: 415 });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, code: 413, message: 'Request body is too large' });
  });

  it('answers a JSON null or array body with 400, not 500', async () => {
    for (const payload of ['null', '[]', '"text"', '42']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400 });
    }
  });

  // Found by the fuzzer: the router answered these itself, in Fastify's format instead of ours.
  it('answers a malformed %-escape in a path with a JSON 400 and an over-long path parameter with 414', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/portfolio/%zz/image' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      code: 400,
      message: 'The address is not valid: it has a malformed %-escape',
    });
    const long = await t.app.inject({ method: 'DELETE', url: `/api/portfolio/delete/${'9'.repeat(200)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ success: false, code: 414, message: 'A part of the address is too long' });
  });

  it('sends security headers on API responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves an OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/login', '/api/signup', '/api/logout', '/api/me']),
    );
    const loginBody = doc.paths['/api/login'].post.requestBody.content['application/json'].schema;
    expect(loginBody.required).toEqual(expect.arrayContaining(['username', 'password']));
  });
});

describe('unexpected failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('secret detail');
      });
    });
  });
  afterAll(() => t.close());

  it('hide the internal error behind a JSON 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      code: 500,
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(res.body).not.toContain('secret detail');
  });
});

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'brochure.pdf'), '%PDF-1.4');
    // Left by a build from before the résumé was uploaded in /admin: the server's route answers.
    fs.writeFileSync(path.join(dist, 'resume.pdf'), '%PDF-1.4');
    t = await createTestApp('sqlite', { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers client-side routes with index.html, revalidated on every load', async () => {
    for (const url of ['/', '/apps/todo', '/apps/finance/stock/AAPL', '/portfolio']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('serves other public files without long caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/brochure.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'GET', url: '/resume.pdf' })).statusCode).toBe(404);
  });

  it('still answers unknown API paths with JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 404 });
  });
});
