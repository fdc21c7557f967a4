import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../test/test-databases.js';
import { FEED_LINKS, type PageHead, renderHead } from './page-head.js';

const ORIGIN = 'https://me.example.com';
/** The web app's own template: its head is what the build writes into dist/index.html. */
const TEMPLATE = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../web/index.html'), 'utf8');

const head = (url: string): PageHead => ({
  title: 'Portfolio · Alex Morgan',
  description: 'Projects',
  url,
  image: { url: `${ORIGIN}/og/portfolio.png`, alt: 'Portfolio' },
  type: 'website',
  siteName: 'Alex "A&B" Morgan',
  noindex: false,
});

/** The feed links of a page, as a feed reader finds them (parsed, no script run). */
function feedLinks(html: string) {
  const { document } = new JSDOM(html).window;
  return [...document.querySelectorAll('link[rel="alternate"]')].map((link) => ({
    type: link.getAttribute('type'),
    title: link.getAttribute('title'),
    href: link.getAttribute('href'),
  }));
}

// docs/api.md#feeds: every page offers the portfolio's RSS and JSON Feed in its head.
describe('the feed links in every page head', () => {
  it('links both feeds at the site’s address, the titles escaped', () => {
    expect(feedLinks(renderHead(TEMPLATE, head(`${ORIGIN}/apps/todo`)))).toEqual([
      { type: 'application/rss+xml', title: 'Portfolio · Alex "A&B" Morgan (RSS)', href: `${ORIGIN}/rss.xml` },
      {
        type: 'application/feed+json',
        title: 'Portfolio · Alex "A&B" Morgan (JSON Feed)',
        href: `${ORIGIN}/feed.json`,
      },
    ]);
  });

  it('links none when the site’s address is not known (the feeds then answer 404)', () => {
    expect(feedLinks(renderHead(TEMPLATE, head('/apps/todo')))).toEqual([]);
  });

  it('replaces the feed links a page already had instead of adding a second pair', () => {
    const once = renderHead(TEMPLATE, head(`${ORIGIN}/`));
    const twice = renderHead(once, head(`${ORIGIN}/portfolio`));
    expect(feedLinks(twice)).toHaveLength(FEED_LINKS.length);
  });
});

describe.each(routeTestDatabaseKinds)('the feed links of a served page, on %s', (kind) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-feeds-'));
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    t = await createTestApp(kind, { PUBLIC_URL: ORIGIN, WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('lead to the feeds, each answered with the type its link names', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/apps/forecast' });
    expect(page.statusCode).toBe(200);
    const links = feedLinks(page.body);
    expect(links).toHaveLength(2);
    for (const link of links) {
      const url = new URL(String(link.href));
      expect(url.origin).toBe(ORIGIN);
      const feed = await t.app.inject({ method: 'GET', url: url.pathname });
      expect(feed.statusCode, feed.body).toBe(200);
      expect(feed.headers['content-type']).toBe(`${link.type}; charset=utf-8`);
    }
  });
});
