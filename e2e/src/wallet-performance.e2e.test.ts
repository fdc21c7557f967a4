import fs from 'node:fs';
import path from 'node:path';
import { LEDGER_CSV_COLUMNS } from '@site/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteFileIn } from '../../apps/server/src/db/database.js';
import { screenshotDir, screenshotsOnly } from './browser.js';
import type { RunningServer } from './server.js';
import { openSite, type Site } from './site.js';

const DAY_MS = 86_400_000;
/** Commas and quotes: the CSV's wallet cells and the file name must survive them. */
const WALLET = 'Perf, "e2e"';

describe('wallet performance and the ledger CSV in a real browser', () => {
  let site: Site;
  let server: RunningServer;
  let page: Page;
  let walletId: number;

  beforeAll(async () => {
    site = await openSite({ signUpAs: 'perf', viewport: { width: 1280, height: 900 } });
    ({ server, page } = site);
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
    const post = async (action: string, data: object) => {
      const res = await page.request.post(`${server.baseUrl}/api/finance/${action}`, {
        data,
        headers: { 'X-CSRFToken': csrf },
      });
      expect(res.status(), await res.text()).toBe(200);
      return res.json();
    };
    walletId = (await post('create_wallet', { wallet_name: WALLET })).wallet_id;
    await post('add_stock_to_wallet', { wallet_id: walletId, symbol: 'AAPL', quantity: 20 });
    await post('add_stock_to_wallet', { wallet_id: walletId, symbol: 'JPM', quantity: 30 });
    await post('sell_stock_from_wallet', { wallet_id: walletId, symbol: 'AAPL', quantity: 5 });
    // Move the wallet two months back (its trades spread over them), so the chart has weeks of
    // daily closes to draw rather than today's one point. The server has nothing cached yet.
    const { db, destroy } = openDatabase({ sqliteFile: sqliteFileIn(server.dataDir) });
    try {
      const start = Date.now() - 60 * DAY_MS;
      const at = (days: number) => new Date(start + days * DAY_MS).toISOString();
      await db
        .updateTable('wallets')
        .set({ created_at: at(0) })
        .where('id', '=', walletId)
        .execute();
      const trades = await db
        .selectFrom('wallet_trades')
        .select('id')
        .where('wallet_id', '=', walletId)
        .orderBy('id')
        .execute();
      for (const [i, trade] of trades.entries()) {
        await db
          .updateTable('wallet_trades')
          .set({ created_at: at(1 + i * 20) })
          .where('id', '=', trade.id)
          .execute();
      }
      const snapshots = await db
        .selectFrom('wallet_history')
        .select('id')
        .where('wallet_id', '=', walletId)
        .orderBy('id')
        .execute();
      for (const [i, snapshot] of snapshots.entries()) {
        await db
          .updateTable('wallet_history')
          .set({ created_at: at(i === 0 ? 0 : 1 + (i - 1) * 20) })
          .where('id', '=', snapshot.id)
          .execute();
      }
    } finally {
      await destroy();
    }
  });
  afterAll(() => site?.close());

  const section = () => page.getByRole('region', { name: 'Performance' });

  it('shows the performance section with the wallet line and the SPY benchmark line', async () => {
    await page.goto(`${server.baseUrl}/apps/finance/wallet?wallet=${walletId}`);
    const chart = section().getByRole('figure', { name: /Wallet value and the same money in SPY/ });
    // Charts are drawn when their place comes near the screen (apps/web/src/components/LazyChart.tsx).
    await section().scrollIntoViewIfNeeded();
    await chart.waitFor();
    // Two series drawn on the canvas: the wallet and the benchmark.
    await expect.poll(() => chart.getAttribute('data-series')).toBe('value benchmark_value');
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
    const legend = section().getByTestId('performance-chart-legend');
    await expect.poll(() => legend.textContent()).toContain('This wallet');
    expect(await legend.textContent()).toContain('SPY (S&P 500)');
    // 61 calendar days hold 8 weeks and 5 more days, so 43 to 45 weekdays, one fewer while today's
    // close is not in yet: 42–45, by the weekday the suite runs on (45 on a Friday). Every figure
    // is there, each naming its method.
    expect(await chart.getAttribute('aria-label')).toMatch(/at the close of (4[2-5]) trading days/);
    const all = section().getByRole('group', { name: 'All return' });
    expect(await all.textContent()).toMatch(
      /^All[+-]?\d+\.\d\d%SPY [+-]?\d+\.\d\d%Time-weighted · From the starting money/,
    );
    await section()
      .getByText(/no deposits or withdrawals, so it equals the simple return/)
      .waitFor();
    await section()
      .getByText(/^Annualised volatility: the sample standard deviation/)
      .waitFor();
    const holdings = section().getByRole('table', { name: 'Allocation by holding' });
    expect(await holdings.locator('tbody tr').allTextContents()).toEqual([
      expect.stringMatching(/^(AAPL|JPM)\$/),
      expect.stringMatching(/^(AAPL|JPM)\$/),
      expect.stringMatching(/^Cash\$/),
    ]);
    expect(site.errors).toEqual([]);
  });

  it('switches the benchmark: the legend names the new fund', async () => {
    await section().getByRole('combobox', { name: 'Benchmark' }).selectOption({ label: 'QQQ · Nasdaq-100' });
    const legend = section().getByTestId('performance-chart-legend');
    await expect.poll(() => legend.textContent()).toContain('QQQ (Nasdaq-100)');
    await section()
      .getByRole('figure', { name: /the same money in QQQ/ })
      .waitFor();
    await section().getByText('By sector', { exact: true }).click();
    await section().getByRole('table', { name: 'Allocation by sector' }).getByText('Financial Services').waitFor();
  });

  it('downloads the ledger as CSV with the documented header row', async () => {
    const ledger = page.getByRole('region', { name: 'Trade Ledger' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      ledger.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    // Chromium swaps the quotes, which file names may not hold everywhere, for underscores.
    expect(download.suggestedFilename()).toBe('Perf, _e2e_-ledger.csv');
    const file = await download.path();
    const lines = fs.readFileSync(file, 'utf8').split('\r\n');
    expect(lines[0]).toBe(LEDGER_CSV_COLUMNS.join(','));
    expect(lines[0]).toBe(
      'date,type,symbol,quantity,price,amount,currency,local_price,fx_rate,realized_gain,cash_after,wallet',
    );
    expect(lines.slice(1, 4).map((line) => line.split(',').slice(1, 4).join(','))).toEqual([
      'buy,AAPL,20',
      'buy,JPM,30',
      'sell,AAPL,5',
    ]);
    expect(lines[1]?.endsWith(',"Perf, ""e2e"""')).toBe(true);
  });

  screenshotsOnly('looks right at 375, 800 and 1280 px, light and dark (screenshots)', async () => {
    fs.mkdirSync(screenshotDir, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
      await page.emulateMedia({ colorScheme: scheme });
      await page.reload();
      await section().scrollIntoViewIfNeeded();
      await section().getByTestId('performance-chart-legend').waitFor();
      for (const width of [375, 800, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await section()
          .getByRole('figure', { name: /Wallet value/ })
          .waitFor();
        await page.waitForTimeout(300);
        // The section out of a full-page picture: an element screenshot scrolls, and the sticky
        // site header would then cover part of it.
        const box = await section().boundingBox();
        const scrollY = await page.evaluate(() => window.scrollY);
        if (!box) throw new Error('no Performance section');
        await page.screenshot({
          path: path.join(screenshotDir, `wallet-performance-${width}-${scheme}.png`),
          fullPage: true,
          clip: { x: box.x, y: box.y + scrollY, width: box.width, height: box.height },
        });
      }
      // The Trade Ledger's header with its Download CSV button on a phone.
      await page.setViewportSize({ width: 375, height: 900 });
      await page.getByRole('region', { name: 'Trade Ledger' }).screenshot({
        path: path.join(screenshotDir, `wallet-ledger-375-${scheme}.png`),
      });
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'light'));
    expect(site.errors).toEqual([]);
  });
});
