import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../test/test-app.js';
import { hostName } from './allowed-hosts.js';

/** A built web app of one page, whose head the server writes (canonical, OpenGraph). */
function webDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-hosts-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>',
  );
  return dir;
}

const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

describe('hostName', () => {
  it('is the lower-case name or address of a Host header, without the port', () => {
    expect(hostName('Me.Example.com:8443')).toBe('me.example.com');
    expect(hostName('127.0.0.1')).toBe('127.0.0.1');
    expect(hostName('[::1]:8000')).toBe('[::1]');
    expect(hostName('a"><script>')).toBeUndefined();
    expect(hostName('evil.example, me.example.com')).toBeUndefined();
    expect(hostName(undefined)).toBeUndefined();
  });
});

describe.each([
  ['PUBLIC_URL', { PUBLIC_URL: 'https://me.example.com' }, 'me.example.com', 'https://me.example.com'],
  [
    'ALLOWED_HOSTS',
    { ALLOWED_HOSTS: 'www.example.org, .example.net' },
    'www.example.org:8080',
    'http://www.example.org:8080',
  ],
])('with %s set, a request naming another host', (_label, env, goodHost, origin) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = webDist();
    t = await createTestApp('sqlite', { WEB_DIST_DIR: dist, ...env });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('is refused with 400 in the API’s error format, pages and API alike', async () => {
    for (const url of ['/', '/apps/todo', '/api/portfolio', '/api/me', '/robots.txt', '/api/no-such-route']) {
      for (const host of ['evil.example', 'evil.example:443', `x${goodHost}`, 'a"><script>']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { host } });
        expect(res.statusCode, `${url} for ${host}`).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          code: 400,
          message: 'This site does not answer to that host name.',
        });
        expect(res.headers['x-frame-options']).toBe('DENY');
      }
    }
  });

  it('is refused when a trusted proxy forwards it', async () => {
    const proxied = await createTestApp('sqlite', { ...env, TRUST_PROXY: '1' });
    try {
      const forwarded = (host: string) =>
        proxied.app.inject({
          method: 'GET',
          url: '/api/portfolio',
          headers: { host: goodHost, 'x-forwarded-host': host },
        });
      expect((await forwarded('evil.example')).statusCode).toBe(400);
      expect((await forwarded(goodHost)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('is answered for the configured host, with links on it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apps/todo', headers: { host: goodHost } });
    expect(res.statusCode).toBe(200);
    expect(canonical(res.body)).toBe(`${origin}/apps/todo`);
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: goodHost } });
    expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it('is answered for the machine’s own names, without lending them to links', async () => {
    for (const host of ['localhost', 'localhost:8000', '127.0.0.1:8000', '[::1]:8000']) {
      const res = await t.app.inject({ method: 'GET', url: '/apps/todo', headers: { host } });
      expect(res.statusCode, host).toBe(200);
      expect(res.body).not.toContain(hostName(host));
    }
  });

  it('still gets the health checks a load balancer sends to an instance’s address', async () => {
    for (const url of ['/api/health', '/api/health/ready']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: '10.0.3.7:8001' } });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('is refused before the session is looked at', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { host: 'evil.example', authorization: `Token ${user.token}` },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('ALLOWED_HOSTS entries', () => {
  it('`.example.net` admits the name and its subdomains, and no look-alike', async () => {
    const t = await createTestApp('sqlite', { ALLOWED_HOSTS: '.example.net' });
    try {
      const status = async (host: string) =>
        (await t.app.inject({ method: 'GET', url: '/api/portfolio', headers: { host } })).statusCode;
      expect(await status('example.net')).toBe(200);
      expect(await status('a.b.example.net:8080')).toBe(200);
      expect(await status('EXAMPLE.NET')).toBe(200);
      expect(await status('evilexample.net')).toBe(400);
      expect(await status('example.net.evil.example')).toBe(400);
    } finally {
      await t.close();
    }
  });
});

describe('with neither PUBLIC_URL nor ALLOWED_HOSTS', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = webDist();
    t = await createTestApp('sqlite', { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers any host, but no page or answer carries an address built from it', async () => {
    const headers = { host: 'evil.example', 'x-forwarded-host': 'evil2.example', 'x-forwarded-proto': 'https' };
    const page = await t.app.inject({ method: 'GET', url: '/', headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('evil');
    expect(canonical(page.body)).toBe('/');
    expect(page.body).toContain('<meta property="og:url" content="/" />');

    const projects = await t.app.inject({ method: 'GET', url: '/api/portfolio', headers });
    const images = projects.json().map((p: { image: string | null }) => p.image);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(/^\/api\/portfolio\/\d+\/image\?v=/);

    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toBe('User-agent: *\nAllow: /\n');
    // A sitemap holds absolute addresses only: without the site's own there is none.
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers });
    expect(sitemap.statusCode).toBe(404);
    expect(sitemap.body).not.toContain('evil');
  });
});
