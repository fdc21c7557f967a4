import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import type { RunningServer } from './server.js';
import { openSite, type Site } from './site.js';

describe('finance: lookup, watchlist and the stock page in a real browser', () => {
  let site: Site;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    site = await openSite({ viewport: { width: 1280, height: 900 }, signUpAs: 'fin' });
    ({ server, page, errors } = site);
  });
  afterAll(() => site?.close());

  /** The chart's pixels, to tell that it drew something new. */
  const chartPixels = () => page.locator('canvas').first().screenshot();

  it('searches a symbol and shows the quote popup', async () => {
    await page.goto(`${server.baseUrl}/apps/finance`);
    await page.getByRole('heading', { name: 'Finance', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Stock symbol' }).fill('msft');
    await page.getByRole('button', { name: 'Search' }).click();
    const popup = page.getByRole('dialog');
    await popup.getByText('Microsoft', { exact: false }).first().waitFor();
    await expect.poll(() => popup.getByLabel('Current price').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    await screenshot(page, 'finance-popup');
  });

  it('adds it to the watchlist: the button flips and the table lists it', async () => {
    const popup = page.getByRole('dialog');
    await popup.getByRole('button', { name: 'Add to Watchlist' }).click();
    await popup.getByRole('button', { name: 'Remove' }).waitFor();
    await page.keyboard.press('Escape');
    const table = page.getByRole('table', { name: 'Watchlist' });
    await table.getByRole('cell', { name: 'MSFT', exact: true }).waitFor();
    await screenshot(page, 'finance-watchlist');
  });

  it('opens the stock page through See More and switches every tab', async () => {
    await page.getByRole('textbox', { name: 'Stock symbol' }).fill('MSFT');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'See More' }).click();
    await page.waitForURL(/\/apps\/finance\/stock\/MSFT$/);
    await page.getByRole('button', { name: 'Remove from Watchlist' }).waitFor();

    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByText('Company Information').waitFor();
    await page.getByRole('tab', { name: 'Board' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('tabpanel')
          .getByText(/Chief Executive Officer|CEO/)
          .count(),
      )
      .toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'News' }).click();
    await expect.poll(() => page.getByRole('tabpanel').getByRole('link').count()).toBeGreaterThan(1);
    await page.getByRole('tab', { name: 'Analysis' }).click();
    await page.getByText('Price History').waitFor();
    await page.locator('canvas').first().waitFor();
    await screenshot(page, 'finance-analysis-1y');
  });

  it('changes range and interval and redraws the chart from new data', async () => {
    const before = await chartPixels();
    const response = page.waitForResponse((r) => r.url().includes('range=5d') && r.url().includes('interval=1d'));
    await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: 'Week' }).click();
    await response;
    // 5m is allowed for a week; 1wk is not.
    const interval = page.getByRole('group', { name: 'Interval' });
    expect(await interval.getByRole('button', { name: '1w', exact: true }).isDisabled()).toBe(true);
    const intraday = page.waitForResponse((r) => r.url().includes('range=5d') && r.url().includes('interval=5m'));
    await interval.getByRole('button', { name: '5m', exact: true }).click();
    await intraday;
    await expect.poll(async () => (await chartPixels()).equals(before)).toBe(false);
    await screenshot(page, 'finance-analysis-5d-5m');

    // A range that forbids 5m moves the interval back to 1d (that data is cached from the first view).
    const intradayPixels = await chartPixels();
    await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: '1Y' }).click();
    await expect.poll(async () => (await chartPixels()).equals(intradayPixels)).toBe(false);
    await expect
      .poll(() => interval.getByRole('button', { name: '1d', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(errors).toEqual([]);
  });
});
