import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_RULES, expectNoAxeViolations } from './axe.js';
import { type Browser, launchBrowser, waitForApp, watchErrors } from './browser.js';
import { E2E_ADMIN_PASSWORD, type RunningServer, startServer } from './server.js';

/**
 * A project whose body holds code (docs/product.md#project-page-portfolioslug): highlighted by the
 * server, readable at WCAG AA in both schemes; and the feeds every page's head links
 * (docs/api.md#feeds), fetched from the real server as a reader that found them there.
 */
const BODY = [
  'Why it exists.',
  '```ts',
  '// Fetches the forecast, cached for ten minutes.',
  'export async function forecast(lat: number): Promise<string> {',
  '  const key = lat.toFixed(2);',
  '  return "<script>alert(1)</script>" + key;',
  '}',
  '```',
  '```diff',
  '- old line',
  '+ new line',
  '```',
  '```',
  'plain <b>text</b>',
  '```',
].join('\n');

describe('code in a project page, and the feeds', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let slug: string;

  beforeAll(async () => {
    // The test server's own address is an allowed host: links, and so the feeds, are absolute.
    server = await startServer({ ALLOWED_HOSTS: '127.0.0.1' });
    browser = await launchBrowser({ width: 1280, height: 900 });
    page = await browser.context.newPage();
    errors = watchErrors(page);
    const login = await fetch(`${server.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const form = new FormData();
    form.set('title', 'Forecast client');
    form.set('summary', 'A small forecast client');
    form.set('body', BODY);
    const made = await fetch(`${server.baseUrl}/api/portfolio/create`, {
      method: 'POST',
      headers: { authorization: `Token ${token}` },
      body: form,
    });
    expect(made.status).toBe(200);
    ({ slug } = (await made.json()) as { slug: string });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the code highlighted, its script as text, readable in the light and the dark scheme', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${server.baseUrl}/portfolio/${slug}`);
      await waitForApp(page);
      const code = page.locator('[data-project-body] pre code.language-ts');
      await code.waitFor();
      expect(await code.textContent()).toContain('return "<script>alert(1)</script>" + key;');
      const colour = (selector: string) =>
        page
          .locator(`[data-project-body] ${selector}`)
          .first()
          .evaluate((e) => getComputedStyle(e).color);
      const plain = await colour('pre code.language-ts');
      // Tokens in colours of their own, and the block one box without inline code's band.
      expect(await colour('.hljs-keyword')).not.toBe(plain);
      expect(await colour('.hljs-string')).not.toBe(await colour('.hljs-keyword'));
      expect(await code.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
      expect(await page.locator('[data-project-body] pre code:not([class]) span').count()).toBe(0);
      await expectNoAxeViolations(page, `project page with code (${scheme})`, {
        include: '[data-project-body]',
        ...(scheme === 'dark' ? { rules: COLOUR_RULES } : {}),
      });
    }
    expect(errors).toEqual([]);
  });

  it('links the feeds from the page, and they hold the project with its highlighted code', async () => {
    await page.goto(`${server.baseUrl}/portfolio/${slug}`);
    const links = await page
      .locator('head link[rel="alternate"]')
      .evaluateAll((all) => all.map((l) => ({ type: l.getAttribute('type'), href: l.getAttribute('href') })));
    expect(links.map((l) => l.type)).toEqual(['application/rss+xml', 'application/feed+json']);
    const [rss, json] = await Promise.all(links.map((l) => fetch(String(l.href))));
    expect(rss?.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(await rss?.text()).toContain(`<link>${server.baseUrl}/portfolio/${slug}</link>`);
    const feed = (await json?.json()) as { items: { url: string; content_html: string }[] };
    const item = feed.items.find((i) => i.url === `${server.baseUrl}/portfolio/${slug}`);
    expect(item?.content_html).toContain('<span class="hljs-keyword">');
    expect(item?.content_html).not.toContain('<script');
  });
});
