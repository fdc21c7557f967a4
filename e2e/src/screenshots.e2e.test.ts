import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedSchemes, screenshot, watchErrors } from './browser.js';
import { openSite, type Site } from './site.js';

/**
 * Every page at the phone, tablet and desktop widths (375, 800, 1280 px; docs/product.md's
 * breakpoints are 768 and 1024), checked for what a picture shows at a glance: no error on the
 * page, nothing wider than the screen. `npm run screenshots` also saves each one, in the light and
 * the dark scheme, under e2e/screenshots/ (`site-<page>-<width>-<scheme>.png`) for people to look
 * at; the tests check the light scheme only (the dark one changes colours, not sizes; the theme
 * tests cover it).
 */
describe('screenshots of every page, both schemes, three widths', () => {
  let site: Site;
  let page: Page;
  let walletId = 0;

  beforeAll(async () => {
    site = await openSite({ signUpAs: 'shots' });
    ({ page } = site);
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
    const headers = { 'X-CSRFToken': csrf };
    const created = await page.request.post(`${site.server.baseUrl}/api/finance/create_wallet`, {
      data: { wallet_name: 'Growth' },
      headers,
    });
    walletId = (await created.json()).wallet.wallet_id;
    for (const symbol of ['AAPL', 'MSFT']) {
      await page.request.post(`${site.server.baseUrl}/api/finance/add_stock_to_wallet`, {
        data: { wallet_id: walletId, symbol, quantity: 3 },
        headers,
      });
    }
    await page.request.post(`${site.server.baseUrl}/api/todo`, {
      data: { title: 'Water the plants', description: 'The ones on the balcony.' },
      headers,
    });
  });
  afterAll(() => site?.close());

  const pages = () => [
    { name: 'home', path: '/', ready: 'Alex Morgan' },
    { name: 'portfolio', path: '/portfolio', ready: 'Portfolio' },
    { name: 'project', path: '/portfolio/sudoku-engine', ready: 'Sudoku engine' },
    { name: 'docs', path: '/docs/forecast', ready: 'Weather Forecast' },
    { name: 'weather', path: '/apps/forecast', ready: 'Weather Forecast' },
    { name: 'sudoku', path: '/apps/sudoku', ready: 'Sudoku' },
    { name: 'todo', path: '/apps/todo', ready: 'Todo List' },
    { name: 'finance', path: '/apps/finance', ready: 'Finance' },
    { name: 'stock', path: '/apps/finance/stock/AAPL', ready: /AAPL/ },
    { name: 'wallet', path: `/apps/finance/wallet?wallet=${walletId}`, ready: 'Wallets' },
    { name: 'account', path: '/account', ready: 'Account' },
    { name: 'not-found', path: '/no-such-page', ready: 'Page not found' },
  ];

  for (const scheme of checkedSchemes) {
    it(`every page in the ${scheme} scheme`, async () => {
      const errors = watchErrors(page);
      await page.emulateMedia({ colorScheme: scheme });
      const problems: string[] = [];
      for (const width of [375, 800, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        for (const { name, path, ready } of pages()) {
          await page.goto(`${site.server.baseUrl}${path}`);
          await page.getByRole('heading', { level: 1, name: ready }).first().waitFor();
          await page.waitForLoadState('networkidle');
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 0) problems.push(`${name} at ${width} px: ${overflow} px wider than the screen`);
          await screenshot(page, `site-${name}-${width}-${scheme}`);
        }
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    }, 300_000);
  }
});
