import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteFileIn } from '../../apps/server/src/db/database.js';
import { DemoMarketDataProvider } from '../../apps/server/src/integrations/market-data/demo/demo-provider.js';
import { type Browser, launchBrowser, screenshotDir, screenshotsOnly, watchErrors } from './browser.js';
import { type RunningServer, startServer } from './server.js';
import { signUpThroughUi, uniqueUsername } from './session.js';

/*
 * docs/product.md#wallet-page-appsfinancewallet (the order ticket and open orders) against the real
 * server, with its demo market's clock driven through DEMO_CLOCK_FILE (README, tests only): the
 * test picks a minute of a New York session, reads the demo price path from the same provider
 * code the server runs, and moves the server's "now" to the minute the price crosses the limit.
 */

const MINUTE = 60_000;
const DAY_MS = 86_400_000;
/** A Wednesday, 10:00 in New York (EDT): the market is open, and stays so for hours. */
const START = Date.parse('2026-06-10T14:00:00.000Z');
const SYMBOL = 'MSFT';
const QUANTITY = 10;

const usd = (value: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);
/** A buy's cost in cents, rounded up to the cent as the server charges it (docs/api.md#money). */
const costCents = (price: number, quantity: number) => Math.ceil(Math.round(price * 10_000 * quantity) / 100);

describe('paper-trading orders in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let clockFile: string;
  let walletId: number;
  /** The demo price when the order is placed, the limit below it, and the minute the price reaches it. */
  let startPrice: number;
  let limit: number;
  let fillAt: number;
  let fillPrice: number;

  const setClock = (ms: number) => fs.writeFileSync(clockFile, new Date(ms).toISOString());
  const region = (name: string) => page.getByRole('region', { name });

  beforeAll(async () => {
    // The demo market as the server will see it, minute by minute from START.
    let now = START;
    const market = new DemoMarketDataProvider({ now: () => now });
    startPrice = (await market.getQuote(SYMBOL)).currentPrice;
    // 50 cents below the price, on a cent: not marketable when placed.
    limit = Math.floor((startPrice - 0.5) * 100) / 100;
    for (let minute = 1; minute <= 240; minute++) {
      now = START + minute * MINUTE;
      const price = (await market.getQuote(SYMBOL)).currentPrice;
      if (price <= limit) {
        fillAt = now;
        fillPrice = price;
        break;
      }
    }
    if (!fillAt)
      throw new Error(`The demo ${SYMBOL} never fell to ${limit} within 4 hours of the start; pick another start`);

    clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'orders-clock-')), 'now');
    setClock(START);
    server = await startServer({
      DEMO_CLOCK_FILE: clockFile,
      ORDER_MATCH_INTERVAL_SECONDS: '1',
      // No dividends paid on the real date meanwhile: the wallet's cash is only the order's doing.
      CORPORATE_ACTIONS_INTERVAL_MINUTES: '0',
    });
    browser = await launchBrowser({ width: 1280, height: 900 });
    page = await browser.context.newPage();
    errors = watchErrors(page);
    await signUpThroughUi(page, server.baseUrl, uniqueUsername('orders'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a wallet on the wallet page', async () => {
    await page.goto(`${server.baseUrl}/apps/finance/wallet`);
    await page.getByLabel('Wallet name').fill('Orders');
    await page.getByRole('button', { name: 'Create Wallet' }).click();
    await region('Place an Order').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('wallet')).toMatch(/^\d+$/);
    walletId = Number(new URL(page.url()).searchParams.get('wallet'));
    // The wallet opened the day before the market moment the test plays (the real date is later),
    // so the Performance section has days of closes to draw.
    const { db, destroy } = openDatabase({ sqliteFile: sqliteFileIn(server.dataDir) });
    try {
      const opened = new Date(START - DAY_MS).toISOString();
      await db.updateTable('wallets').set({ created_at: opened }).where('id', '=', walletId).execute();
      await db.updateTable('wallet_history').set({ created_at: opened }).where('wallet_id', '=', walletId).execute();
    } finally {
      await destroy();
    }
    await page.reload();
    await region('Open Orders').getByText('No open orders').waitFor();
  });

  it('places a limit buy below the price and sees it open, with its cash reserved', async () => {
    const ticket = page.getByRole('form', { name: 'Place an order' });
    await ticket.getByLabel('Symbol').fill(SYMBOL);
    await ticket.getByLabel('Quantity').fill(String(QUANTITY));
    await ticket.getByLabel('Limit price').fill(limit.toFixed(2));
    // Field errors come from the contract's schema as the fields are typed.
    await ticket.getByLabel('Quantity').fill('0');
    await ticket.getByText('Quantity must be at least 1').waitFor();
    await ticket.getByLabel('Quantity').fill(String(QUANTITY));

    const reservedCents = costCents(limit, QUANTITY);
    const buyingPowerAfter = usd((10_000_000 - reservedCents) / 100);
    const preview = region('Place an Order').getByTestId('order-preview');
    await expect.poll(() => preview.textContent(), { timeout: 10_000 }).toContain(buyingPowerAfter);
    const previewText = (await preview.textContent()) ?? '';
    expect(previewText).toContain('Market open');
    expect(previewText).toContain(`Current price$${startPrice.toFixed(2)}`);
    expect(previewText).toContain(`Cash reserved${usd(reservedCents / 100)}`);
    expect(previewText).toContain('Buying power now$100,000.00');

    await ticket.getByRole('button', { name: 'Place order' }).click();
    const open = region('Open Orders').getByRole('table', { name: 'Open orders' });
    const row = open.locator('tbody tr').filter({ hasText: SYMBOL });
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(0, 4)).toEqual([SYMBOL, 'Buy', 'Limit', String(QUANTITY)]);
    expect(cells[4]).toBe(`Limit ${usd(limit)}`);
    expect(cells[6]).toBe('Day');
    expect(cells[8]).toBe('open');
    expect(cells[9]).toBe(usd(reservedCents / 100));

    const details = region('Wallet Details');
    await expect.poll(() => details.textContent()).toContain(`Buying Power${buyingPowerAfter}`);
    expect(await details.textContent()).toContain(`Reserved by Open Orders${usd(reservedCents / 100)}`);
    expect(await details.textContent()).toContain('Cash in Hand$100,000.00');
  });

  screenshotsOnly('looks right at 375, 800 and 1280 px, light and dark (screenshots)', async () => {
    fs.mkdirSync(screenshotDir, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
      await page.emulateMedia({ colorScheme: scheme });
      await page.reload();
      await region('Open Orders').getByRole('table', { name: 'Open orders' }).locator('tbody tr').first().waitFor();
      const ticket = page.getByRole('form', { name: 'Place an order' });
      await ticket.getByLabel('Order type').selectOption({ label: 'Stop limit' });
      await ticket.getByLabel('Symbol').fill(SYMBOL);
      await ticket.getByLabel('Quantity').fill('100000');
      await ticket.getByLabel('Stop price').fill(String(Math.ceil(startPrice + 5)));
      await ticket.getByLabel('Limit price').fill(String(Math.ceil(startPrice + 6)));
      await region('Place an Order').getByText('This order cannot be placed').waitFor();
      for (const width of [375, 800, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(300);
        for (const name of ['Wallet Details', 'Place an Order', 'Open Orders']) {
          // From the top, so the sticky site header is not drawn over the section.
          await page.evaluate(() => window.scrollTo(0, 0));
          const box = await region(name).boundingBox();
          const scrollY = await page.evaluate(() => window.scrollY);
          if (!box) throw new Error(`no ${name} section`);
          const file = `orders-${name.toLowerCase().replaceAll(' ', '-')}-${width}-${scheme}.png`;
          await page.screenshot({
            path: path.join(screenshotDir, file),
            fullPage: true,
            clip: { x: box.x, y: box.y + scrollY, width: box.width, height: box.height },
          });
        }
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'light'));
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await region('Open Orders').getByRole('table', { name: 'Open orders' }).locator('tbody tr').first().waitFor();
  });

  it('fills the order when the demo price crosses the limit: the holding, the trade and the closed order', async () => {
    // Still open at the start minute: the matcher has run every second since it was placed.
    const open = region('Open Orders').getByRole('table', { name: 'Open orders' });
    expect(await open.locator('tbody tr').first().textContent()).toContain(SYMBOL);

    setClock(fillAt);
    // The page polls its open orders (every 15 s while any is open) and refetches the wallet once one closes.
    await region('Open Orders').getByText('No open orders').waitFor({ timeout: 30_000 });

    const paidCents = costCents(fillPrice, QUANTITY);
    const details = region('Wallet Details');
    await expect.poll(() => details.textContent()).toContain(`Cash in Hand${usd((10_000_000 - paidCents) / 100)}`);
    expect(await details.textContent()).toContain('Reserved by Open Orders$0.00');

    const holding = region('Stocks Held').getByRole('table', { name: 'Stocks Held' }).locator('tbody tr');
    await expect.poll(() => holding.first().locator('td').nth(0).textContent()).toBe(SYMBOL);
    expect(await holding.first().locator('td').nth(1).textContent()).toBe(String(QUANTITY));

    const ledger = region('Trade Ledger');
    await expect.poll(() => ledger.locator('tbody tr').first().textContent()).toContain(SYMBOL);
    const trade = (await ledger.locator('tbody tr').first().textContent()) ?? '';
    expect(trade).toContain(usd(fillPrice));
    expect(trade).toContain(usd(paidCents / 100));

    await region('Open Orders')
      .getByRole('button', { name: /Recent closed orders \(1\)/ })
      .click();
    const closed = region('Open Orders').getByRole('table', { name: 'Recent closed orders' }).locator('tbody tr');
    await closed.first().waitFor();
    const closedCells = await closed.last().locator('td').allTextContents();
    expect(closedCells[5]).toBe('filled');
    expect(closedCells[6]).toBe(`${usd(fillPrice)} · ${usd(paidCents / 100)}`);
  });

  it('holds shares back for a sell order, and gives them back when it is cancelled after a confirmation', async () => {
    const ticket = page.getByRole('form', { name: 'Place an order' });
    await ticket.getByText('Sell', { exact: true }).click();
    await ticket.getByLabel('Symbol').fill(SYMBOL);
    await ticket.getByLabel('Quantity').fill('4');
    await ticket.getByLabel('Limit price').fill(String(Math.ceil(fillPrice + 50)));
    await ticket.getByLabel('Time in force').selectOption({ label: 'Good till cancelled' });
    const preview = region('Place an Order').getByTestId('order-preview');
    await expect.poll(() => preview.textContent(), { timeout: 10_000 }).toContain('Shares reserved4 shares');
    expect(await preview.textContent()).toContain(`Shares free to sell${QUANTITY} shares`);
    await ticket.getByRole('button', { name: 'Place order' }).click();

    const open = region('Open Orders').getByRole('table', { name: 'Open orders' }).locator('tbody tr');
    await expect.poll(() => open.first().textContent()).toContain('Good till cancelled');
    expect(await open.first().locator('td').nth(9).textContent()).toBe('4 shares');
    const held = region('Stocks Held').getByRole('table', { name: 'Stocks Held' });
    await expect
      .poll(() => held.getByRole('columnheader').allTextContents())
      .toEqual(expect.arrayContaining(['Reserved', 'Available']));
    const cells = await held.locator('tbody tr').first().locator('td').allTextContents();
    expect(cells.slice(0, 4)).toEqual([SYMBOL, String(QUANTITY), '4', String(QUANTITY - 4)]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await region('Stocks Held').screenshot({ path: path.join(screenshotDir, 'orders-stocks-held-1280-light.png') });

    await open
      .first()
      .getByRole('button', { name: `Cancel the order to sell ${SYMBOL}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await region('Open Orders').getByText('No open orders').waitFor();
    await expect.poll(() => held.getByRole('columnheader').allTextContents()).not.toContain('Reserved');
  });

  it('shows the Performance section with the SPY benchmark line', async () => {
    const performance = region('Performance');
    const chart = performance.getByRole('figure', { name: /Wallet value and the same money in SPY/ });
    // Charts are drawn when their place comes near the screen (apps/web/src/components/LazyChart.tsx).
    await performance.scrollIntoViewIfNeeded();
    await chart.waitFor();
    await expect.poll(() => chart.getAttribute('data-series')).toBe('value benchmark_value');
    const legend = performance.getByTestId('performance-chart-legend');
    await expect.poll(() => legend.textContent()).toContain('SPY (S&P 500)');
    expect(errors).toEqual([]);
  });
});
