import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultProfileFields, PAGES, PREVIEW_SIZE, SUDOKU_DIFFICULTIES, siteOwner } from '@site/contract';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoMarketDataProvider } from '../../integrations/market-data/demo/demo-provider.js';
import {
  createTestApp,
  injectAs,
  logIn,
  signUp,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../test/test-databases.js';
import { STOCK_LOOKUP_TIMEOUT_MS } from './page-heads.js';

/** Friday 2025-03-14, 11:00 in New York: the demo market's prices hold still. */
const NOW = Date.parse('2025-03-14T15:00:00Z');
const ORIGIN = 'https://me.example.com';
/** The web app's own template: its head is what the build writes into dist/index.html. */
const TEMPLATE = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../web/index.html'), 'utf8');

/** The page as a crawler sees it: parsed, no script run (JSDOM runs none by default). */
function parse(html: string) {
  const { document } = new JSDOM(html).window;
  const content = (selector: string) => document.querySelector(selector)?.getAttribute('content') ?? undefined;
  const og = (name: string) => content(`meta[property="og:${name}"]`);
  const twitter = (name: string) => content(`meta[name="twitter:${name}"]`);
  return {
    document,
    title: document.title,
    titles: document.querySelectorAll('title').length,
    description: content('meta[name="description"]'),
    descriptions: document.querySelectorAll('meta[name="description"]').length,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? undefined,
    robots: content('meta[name="robots"]'),
    og,
    twitter,
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
      JSON.parse(s.textContent ?? ''),
    ),
  };
}

describe.each(routeTestDatabaseKinds)('page heads in the HTML the server sends, on %s', (kind) => {
  let t: TestApp;
  let dist: string;
  const market = new DemoMarketDataProvider({ now: () => NOW });
  /** A market whose quotes of SLOW never arrive: the page must not wait for them. */
  const slowMarket = Object.assign(Object.create(market) as DemoMarketDataProvider, {
    getQuote: (symbol: string) => (symbol === 'SLOW' ? new Promise<never>(() => {}) : market.getQuote(symbol)),
  });

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-heads-'));
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    t = await createTestApp(kind, { WEB_DIST_DIR: dist, PUBLIC_URL: ORIGIN }, undefined, { marketData: slowMarket });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control'], url).toBe('no-cache');
    return { res, head: parse(res.body) };
  };

  // A project's page has the project's own head (features/portfolio/portfolio.page-head.test.ts).
  const pages = PAGES.filter((p) => p.pattern !== '/portfolio/:slug');
  it.each(pages.map((p) => [p.pattern.replace(':symbol', 'ZZZZ'), p] as const))(
    '%s has its own title, description, canonical, OpenGraph and Twitter tags',
    async (url, meta) => {
      const { head, res } = await page(url);
      const expectedTitle = url === '/' ? meta.title : url.includes('ZZZZ') ? 'ZZZZ stock' : meta.title;
      const title = url === '/' ? expectedTitle : `${expectedTitle} · ${siteOwner.name}`;
      expect(head.title).toBe(title);
      expect(head.titles).toBe(1);
      expect(head.descriptions).toBe(1);
      expect(head.description).toContain(meta.description);
      expect(head.canonical).toBe(`${ORIGIN}${url}`);
      expect(head.og('title')).toBe(title);
      expect(head.og('description')).toBe(head.description);
      expect(head.og('url')).toBe(`${ORIGIN}${url}`);
      expect(head.og('type')).toBe(url === '/' ? 'profile' : 'website');
      expect(head.og('site_name')).toBe(siteOwner.name);
      expect(head.og('image')).toBe(`${ORIGIN}/og/${meta.image}.png`);
      expect(head.og('image:width')).toBe(String(PREVIEW_SIZE.width));
      expect(head.og('image:height')).toBe(String(PREVIEW_SIZE.height));
      expect(head.twitter('card')).toBe('summary_large_image');
      expect(head.twitter('title')).toBe(title);
      expect(head.twitter('description')).toBe(head.description);
      expect(head.twitter('image')).toBe(head.og('image'));
      expect(head.robots).toBe(meta.private ? 'noindex' : undefined);
      // The rest of the page is the template's: the app still starts.
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<script type="module" src="/src/main.tsx"></script>');
    },
  );

  it('says noindex on the private pages and on an unknown address', async () => {
    for (const url of [
      '/account',
      '/admin',
      '/reset-password?token=abc',
      '/apps/finance/wallet?id=3',
      '/no/such/page',
    ]) {
      expect((await page(url)).head.robots, url).toBe('noindex');
    }
    expect((await page('/no/such/page')).head.title).toBe(`Page not found · ${siteOwner.name}`);
    expect((await page('/portfolio')).head.robots).toBeUndefined();
  });

  // After an edit in /admin: features/profile/profile.page-head.test.ts.
  it('names the owner of the stored profile on the home page, with a JSON-LD Person', async () => {
    const { head } = await page('/');
    expect(head.title).toBe(`${defaultProfileFields.name} · ${defaultProfileFields.title}`);
    expect(head.description).toContain(defaultProfileFields.name);
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Person',
        name: defaultProfileFields.name,
        jobTitle: defaultProfileFields.title,
        description: defaultProfileFields.tagline,
        url: `${ORIGIN}/`,
      },
    ]);
    expect((await page('/portfolio')).head.jsonLd).toEqual([]);
  });

  it('names the company and its current price on a stock page', async () => {
    const quote = await market.getQuote('AAPL');
    const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: quote.currency }).format(
      quote.currentPrice,
    );
    for (const url of ['/apps/finance/stock/AAPL', '/apps/finance/stock/aapl/']) {
      const { head } = await page(url);
      expect(head.title, url).toBe(`${quote.shortName} (AAPL) · ${price} · ${siteOwner.name}`);
      expect(head.description, url).toContain(`${quote.shortName} (AAPL) trades at ${price}`);
      expect(head.og('title'), url).toBe(head.title);
      expect(head.og('image'), url).toBe(`${ORIGIN}/og/finance.png`);
    }
    expect((await page('/apps/finance/stock/AAPL')).head.canonical).toBe(`${ORIGIN}/apps/finance/stock/AAPL`);
  });

  it('names the symbol alone when the quote is unknown or slow, without waiting long for it', async () => {
    expect((await page('/apps/finance/stock/NOSUCH1')).head.title).toBe(`NOSUCH1 stock · ${siteOwner.name}`);
    const started = performance.now();
    const { head } = await page('/apps/finance/stock/SLOW');
    expect(head.title).toBe(`SLOW stock · ${siteOwner.name}`);
    // Not a timing assertion of speed: the page must not wait for a quote that never comes.
    expect(performance.now() - started).toBeLessThan(STOCK_LOOKUP_TIMEOUT_MS * 10);
  });

  it('escapes hostile input in every tag', async () => {
    const hostile = '<script>alert(1)</script>"\'&';
    const { res, head } = await page(`/apps/finance/stock/${encodeURIComponent(hostile)}`);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<SCRIPT>ALERT');
    // Only the template's own scripts, each a file (the colour-scheme script and the app's entry):
    // nothing inline was made from the input.
    const scripts = [...head.document.querySelectorAll('script')];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.getAttribute('src')).toMatch(/^\/[\w./-]+\.(js|tsx)$/);
      expect(script.textContent).toBe('');
    }
    expect(head.title).toBe(`${hostile.toUpperCase().slice(0, 20)} stock · ${siteOwner.name}`);
    const share = await page(`/apps/sudoku/game?p=${encodeURIComponent('"><script>x</script>')}`);
    expect(share.res.body).not.toContain('<script>x');
    expect(share.head.description).toContain('A Sudoku puzzle shared with you');
    expect(share.head.canonical).toBe(`${ORIGIN}/apps/sudoku/game?p=${encodeURIComponent('"><script>x</script>')}`);
  });

  it('says the level of a shared Sudoku puzzle, as the game graded it', async () => {
    const user = await signUp(t.app);
    for (const difficulty of SUDOKU_DIFFICULTIES) {
      const game = await injectAs(t.app, user, { method: 'GET', url: `/api/sudoku/play?difficulty=${difficulty}` });
      const share = game.json().share as string;
      const graded = await injectAs(t.app, user, {
        method: 'POST',
        url: '/api/sudoku/custom/check',
        payload: { puzzle: share },
      });
      const level = graded.json().difficulty as string;
      const url = `/apps/sudoku/game?p=${encodeURIComponent(share)}`;
      const { head } = await page(url);
      const article = level === 'easy' || level === 'expert' ? 'An' : 'A';
      expect(head.description, difficulty).toContain(`${article} ${level} Sudoku puzzle shared with you`);
      expect(head.title.toLowerCase(), difficulty).toBe(`${level} sudoku puzzle · ${siteOwner.name}`.toLowerCase());
      expect(head.canonical, difficulty).toBe(`${ORIGIN}${url}`);
      expect(head.og('image'), difficulty).toBe(`${ORIGIN}/og/sudoku.png`);
    }
    // Two solutions: not a puzzle we would start, so no level.
    const { head } = await page(`/apps/sudoku/game?p=${'.'.repeat(81)}`);
    expect(head.description).toContain('A Sudoku puzzle shared with you');
  });

  it('answers 304 to a revalidation of an unchanged page', async () => {
    const { res } = await page('/apps/todo');
    const again = await t.app.inject({
      method: 'GET',
      url: '/apps/todo',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('lists the public pages in sitemap.xml, and robots.txt points to it', async () => {
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const { document } = new JSDOM(sitemap.body, { contentType: 'application/xml' }).window;
    const locs = [...document.getElementsByTagName('loc')].map((l) => l.textContent);
    expect(locs).toContain(`${ORIGIN}/`);
    expect(locs).toContain(`${ORIGIN}/portfolio`);
    expect(locs).toContain(`${ORIGIN}/apps/finance`);
    expect(locs).toContain(`${ORIGIN}/docs/sudoku`);
    for (const p of PAGES.filter((p) => p.private)) expect(locs).not.toContain(`${ORIGIN}${p.pattern}`);
    expect(locs.every((l) => l?.startsWith(`${ORIGIN}/`) && !l.includes(':symbol'))).toBe(true);

    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('without PUBLIC_URL', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-heads-'));
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    t = await createTestApp('sqlite', { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('never takes the origin from the request: every address stays relative', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apps/todo', headers: { host: 'evil.example:8080' } });
    const head = parse(res.body);
    expect(head.canonical).toBe('/apps/todo');
    expect(head.og('url')).toBe('/apps/todo');
    expect(head.og('image')).toMatch(/^\/[^/]/);
    expect(res.body).not.toContain('evil.example');
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'evil.example:8080' } });
    expect(robots.body).not.toContain('Sitemap');
  });
});

describe('with ALLOWED_HOSTS', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-heads-'));
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    t = await createTestApp('sqlite', { WEB_DIST_DIR: dist, ALLOWED_HOSTS: 'site.test,www.site.test' });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('takes the origin from a request naming an allowed host', async () => {
    for (const host of ['site.test:8080', 'www.site.test']) {
      const res = await t.app.inject({ method: 'GET', url: '/apps/todo', headers: { host } });
      expect(parse(res.body).canonical).toBe(`http://${host}/apps/todo`);
      const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host } });
      expect(robots.body).toContain(`Sitemap: http://${host}/sitemap.xml`);
    }
  });
});

describe.each(routeTestDatabaseKinds)('the owner’s name from the stored profile on every page, on %s', (kind) => {
  let t: TestApp;
  let dist: string;
  let admin: TestUser;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-heads-'));
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    t = await createTestApp(kind, { WEB_DIST_DIR: dist, PUBLIC_URL: ORIGIN });
    admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const head = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    return { res, head: parse(res.body) };
  };
  /** Saves the profile with a new name, as the admin's Profile tab does. */
  const rename = async (name: string) => {
    const { updated_at: _updated, resume: _resume, ...fields } = (await t.app.inject({ url: '/api/profile' })).json();
    const res = await injectAs(t.app, admin, {
      method: 'PUT',
      url: '/api/admin/profile',
      payload: { ...fields, name },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { updated_at: string };
  };
  /** The home page's <lastmod> in sitemap.xml, null without one. */
  const homeLastmod = async () => {
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const home = new RegExp(`<url><loc>${ORIGIN}/</loc>(?:<lastmod>([^<]*)</lastmod>)?</url>`).exec(sitemap.body);
    expect(home).not.toBeNull();
    return home?.[1] ?? null;
  };

  it('after PUT /api/admin/profile, every page’s <title> suffix and og:site_name carry the new name', async () => {
    const before = await head('/apps/sudoku');
    expect(before.head.title).toBe(`Sudoku · ${siteOwner.name}`);
    expect(before.head.og('site_name')).toBe(siteOwner.name);
    expect(await homeLastmod()).toBeNull();

    const saved = await rename('Robin <Vega>');
    // The page changed, so its tag did: a revalidation gets the new head.
    const after = await head('/apps/sudoku', { 'if-none-match': String(before.res.headers.etag) });
    expect(after.res.statusCode).toBe(200);
    expect(after.head.title).toBe('Sudoku · Robin <Vega>');
    expect(after.head.og('title')).toBe('Sudoku · Robin <Vega>');
    expect(after.head.twitter('title')).toBe('Sudoku · Robin <Vega>');
    expect(after.head.og('site_name')).toBe('Robin <Vega>');
    expect(after.head.og('image:alt')).toBe('Sudoku · Robin <Vega>');
    // Escaped: a name is never markup.
    expect(after.res.body).not.toContain('<Vega>');
    expect(after.res.body).not.toContain(siteOwner.name);

    const portfolio = (await head('/portfolio')).head;
    expect(portfolio.title).toBe('Portfolio · Robin <Vega>');
    expect(portfolio.description).toMatch(/^Projects by Robin <Vega>: /);
    expect((await head('/no/such/page')).head.title).toBe('Page not found · Robin <Vega>');

    // The sitemap says when the home page, which is the profile, last changed.
    expect(await homeLastmod()).toBe(saved.updated_at.slice(0, 10));
  });
});
