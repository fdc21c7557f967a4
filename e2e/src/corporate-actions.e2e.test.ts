import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedSchemes, screenshot } from './browser.js';
import type { RunningServer } from './server.js';
import { openSite, type Site } from './site.js';

/**
 * docs/product.md: the stock chart marks dividends and splits (lightweight-charts markers, in a
 * real browser), and the wallet page lists the dividends and splits applied to the wallet.
 */
describe('dividends and splits on the stock chart and the wallet page', () => {
  let site: Site;
  let server: RunningServer;
  let page: Page;
  let errors: string[];
  let username: string;

  beforeAll(async () => {
    site = await openSite({ viewport: { width: 1280, height: 900 }, signUpAs: 'divs' });
    ({ server, page, errors } = site);
    username = (await page.evaluate(async () => (await (await fetch('/api/me')).json()).username)) as string;
  });
  afterAll(() => site?.close());

  it('marks Apple’s dividends on the five-year chart, and its 4-for-1 split of 2020 on Max', async () => {
    await page.goto(`${server.baseUrl}/apps/finance/stock/AAPL`);
    await page.getByRole('tab', { name: 'Analysis' }).click();
    await page.getByRole('button', { name: '5Y' }).click();
    const chart = page.getByRole('figure', { name: /^Price history chart with \d+ bars/ });
    // Five years back from today: about 20 quarterly dividends (and the 2020 split while the range still reaches it).
    await expect
      .poll(() => chart.getAttribute('aria-label'))
      .toMatch(/^Price history chart with \d+ bars, (19|20|21) dividends( and 1 split)? marked$/);
    await page.getByTestId('chart-events').getByText('D marks a dividend’s ex-date', { exact: false }).waitFor();
    await page.locator('canvas').first().waitFor();
    await screenshot(page, 'corporate-actions-chart-5y', { settleMs: 300 });
    await page.getByRole('button', { name: 'Max' }).click();
    await expect.poll(() => chart.getAttribute('aria-label')).toMatch(/dividends and 1 split marked$/);
    await page.getByTestId('chart-events').getByText('4:1 marks a split', { exact: false }).waitFor();
    await screenshot(page, 'corporate-actions-chart-max', { settleMs: 300 });
    for (const scheme of checkedSchemes) {
      await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
      for (const width of [375, 800]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.baseUrl}/apps/finance/stock/AAPL`);
        await page.getByRole('tab', { name: 'Analysis' }).click();
        await page.getByTestId('chart-events').waitFor();
        await page.locator('canvas').first().waitFor();
        await screenshot(page, `corporate-actions-chart-${width}-${scheme}`, { settleMs: 300 });
      }
    }
    await page.evaluate(() => localStorage.removeItem('mantine-color-scheme-value'));
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(errors).toEqual([]);
  });

  it('lists the dividends and splits of a wallet on the wallet page, at 375, 800 and 1280 px', async () => {
    await page.goto(`${server.baseUrl}/apps/finance`);
    await page.getByLabel('Wallet name').fill('Income');
    await page.getByRole('button', { name: 'Create Wallet' }).click();
    const form = page.getByRole('form', { name: 'Trade with Income' });
    await form.waitFor();
    await form.getByLabel('Symbol').fill('JNJ');
    await form.getByLabel('Quantity').fill('10');
    await expect.poll(async () => (await form.getByLabel('Price').inputValue()).length).toBeGreaterThan(1);
    await form.getByRole('button', { name: 'Buy' }).click();
    await expect.poll(() => form.getByLabel('Symbol').inputValue()).toBe('');

    // The server pays dividends on their pay dates, which this run's real clock will not reach:
    // the entries are written straight into its database, as the applier writes them.
    const db = new Database(path.join(server.dataDir, 'site.sqlite'));
    try {
      const wallet = db
        .prepare('select w.id, w.user_id from wallets w join users u on u.id = w.user_id where u.username = ?')
        .get(username) as { id: number; user_id: number };
      const insert = db.prepare(
        `insert into wallet_corporate_actions (wallet_id, user_id, symbol, kind, date, pay_date, currency,
           amount_per_share, fx_rate, amount_e4, numerator, denominator, quantity, shares_delta, cash_cents, applied_at)
         values (@wallet_id, @user_id, @symbol, @kind, @date, @pay_date, @currency, @amount_per_share, @fx_rate,
           @amount_e4, @numerator, @denominator, @quantity, @shares_delta, @cash_cents, @applied_at)`,
      );
      const base = {
        wallet_id: wallet.id,
        user_id: wallet.user_id,
        pay_date: null,
        fx_rate: null,
        amount_per_share: null,
      };
      const none = { amount_e4: null, numerator: null, denominator: null, shares_delta: 0 };
      insert.run({
        ...base,
        ...none,
        symbol: 'AAPL',
        kind: 'split',
        date: '2020-08-31',
        currency: 'USD',
        numerator: 4,
        denominator: 1,
        quantity: 10,
        shares_delta: 30,
        cash_cents: 0,
        applied_at: '2020-08-31T13:31:00.000Z',
      });
      insert.run({
        ...base,
        ...none,
        symbol: 'SHEL.L',
        kind: 'dividend',
        date: '2025-02-13',
        pay_date: '2025-03-20',
        currency: 'GBp',
        amount_per_share: 22.31,
        fx_rate: 0.0125,
        amount_e4: 2789,
        quantity: 100,
        cash_cents: 2789,
        applied_at: '2025-03-20T08:05:00.000Z',
      });
      insert.run({
        ...base,
        ...none,
        symbol: 'JNJ',
        kind: 'dividend',
        date: '2025-05-19',
        pay_date: '2025-06-02',
        currency: 'USD',
        amount_per_share: 1.27,
        fx_rate: 1,
        amount_e4: 12700,
        quantity: 10,
        cash_cents: 1270,
        applied_at: '2025-06-02T13:31:00.000Z',
      });
    } finally {
      db.close();
    }

    for (const scheme of checkedSchemes) {
      await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
      for (const width of [375, 800, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.baseUrl}/apps/finance/wallet`);
        const table = page.getByRole('table', { name: 'Dividends and Splits' });
        await table.getByText('SHEL.L').waitFor();
        expect(await table.locator('tbody tr').count()).toBe(3);
        // Read as shown: the page lays out a section once it nears the screen (content-visibility,
        // from the next frame on), and innerText is the laid-out text.
        await table.scrollIntoViewIfNeeded();
        await expect
          .poll(() => table.locator('tbody tr').first().innerText())
          .toMatch(/JNJ[\s\S]*\$1\.27[\s\S]*\+\$12\.70/);
        await screenshot(page, `corporate-actions-wallet-${width}-${scheme}`);
      }
    }
    await page.evaluate(() => localStorage.removeItem('mantine-color-scheme-value'));
    expect(errors).toEqual([]);
  });
});
