import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteOwner } from '@site/contract';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipartBody } from '../../test/multipart.js';
import {
  createTestApp,
  injectAs,
  logIn,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../test/test-databases.js';

const ORIGIN = 'https://me.example.com';
const TEMPLATE = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../web/index.html'), 'utf8');

// A project's page as the server sends it (docs/api.md#pages): its own head and JSON-LD, a 301
// from a former slug, a 404 for an unknown slug or a visitor's draft, and its place in the sitemap.
describe.each(routeTestDatabaseKinds)('project pages in the HTML the server sends, on %s', (kind) => {
  let t: TestApp;
  let dist: string;
  let admin: TestUser;
  let project: { id: number; slug: string; image: string | null };

  const send = async (method: 'POST' | 'PUT', url: string, form: Record<string, string>) => {
    const res = await injectAs(t.app, admin, { method, url, ...(await multipartBody(form)) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-projects-'));
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    t = await createTestApp(kind, { WEB_DIST_DIR: dist, PUBLIC_URL: ORIGIN });
    admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    project = await send('POST', '/api/portfolio/create', {
      title: 'Tide <clock>',
      summary: 'Tides "at a glance"',
      tags: JSON.stringify(['React', 'Maps']),
    });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const head = (html: string) => {
    const { document } = new JSDOM(html).window;
    const content = (selector: string) => document.querySelector(selector)?.getAttribute('content') ?? undefined;
    return {
      title: document.title,
      description: content('meta[name="description"]'),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
      ogImage: content('meta[property="og:image"]'),
      robots: content('meta[name="robots"]'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
        JSON.parse(s.textContent ?? ''),
      ),
    };
  };

  it('has the project’s own title, description, canonical address and JSON-LD CreativeWork', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/portfolio/${project.slug}` });
    expect(res.statusCode).toBe(200);
    const h = head(res.body);
    expect(h.title).toBe(`Tide <clock> · ${siteOwner.name}`);
    expect(h.description).toBe('Tides "at a glance"');
    expect(h.canonical).toBe(`${ORIGIN}/portfolio/tide-clock`);
    expect(h.ogImage).toBe(`${ORIGIN}/og/portfolio.png`);
    expect(h.robots).toBeUndefined();
    expect(h.jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'CreativeWork',
        name: 'Tide <clock>',
        url: `${ORIGIN}/portfolio/tide-clock`,
        keywords: 'React, Maps',
      }),
    ]);
    // The title's '<' is escaped, never markup.
    expect(res.body).not.toContain('Tide <clock> ·');
  });

  it('reads the project once for the page and its head', async () => {
    const { pageFacts } = t.app.deps;
    const original = pageFacts.get.bind(pageFacts);
    const read = original('portfolioProject');
    const slugs: string[] = [];
    const counted = (slug: string) => {
      slugs.push(slug);
      return read ? read(slug) : Promise.resolve(null);
    };
    const get = vi
      .spyOn(pageFacts, 'get')
      .mockImplementation(((name) => (name === 'portfolioProject' ? counted : original(name))) as typeof original);
    try {
      const res = await t.app.inject({ method: 'GET', url: `/portfolio/${project.slug}` });
      expect(head(res.body).description).toBe('Tides "at a glance"');
    } finally {
      get.mockRestore();
    }
    expect(slugs).toEqual([project.slug]);
  });

  it('uses the project’s own image for OpenGraph when it has one', async () => {
    const sample = (await t.app.inject({ method: 'GET', url: '/api/portfolio' }))
      .json()
      .find((p: { image: string | null }) => p.image);
    const res = await t.app.inject({ method: 'GET', url: `/portfolio/${sample.slug}` });
    expect(head(res.body).ogImage).toBe(sample.image);
  });

  it('answers a former slug with 301 to the current one, keeping the query', async () => {
    await send('PUT', `/api/portfolio/update/${project.id}`, { title: 'Tide <clock>', slug: 'tide-clock-2' });
    const res = await t.app.inject({ method: 'GET', url: '/portfolio/tide-clock?ref=x' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/portfolio/tide-clock-2?ref=x');
  });

  it('answers an unknown slug, and a draft to a visitor, with the 404 page', async () => {
    const draft = await send('POST', '/api/portfolio/create', { title: 'Hidden thing', status: 'draft' });
    for (const url of ['/portfolio/no-such-project', `/portfolio/${draft.slug}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body).not.toContain('Hidden thing');
    }
    // The admin previews the draft.
    expect((await injectAs(t.app, admin, { method: 'GET', url: `/portfolio/${draft.slug}` })).statusCode).toBe(200);
  });

  it('lists published projects in the sitemap, not drafts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.body).toContain(`<loc>${ORIGIN}/portfolio/tide-clock-2</loc><lastmod>`);
    expect(res.body).toContain(`<loc>${ORIGIN}/portfolio/sudoku-engine</loc>`);
    expect(res.body).not.toContain('hidden-thing');
  });
});
