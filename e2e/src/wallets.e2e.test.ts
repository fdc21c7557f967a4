import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import type { RunningServer } from './server.js';
import { openSite, type Site } from './site.js';

const dollars = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

describe('paper-trading wallets in a real browser', () => {
  let site: Site;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    site = await openSite({ signUpAs: 'trader', viewport: { width: 1280, height: 900 } });
    ({ server, page, errors } = site);
  });
  afterAll(() => site?.close());

  const tradeForm = () => page.getByRole('form', { name: 'Trade with Growth' });
  const historyRows = () => page.getByRole('table', { name: 'Wallet History' }).locator('tbody tr');

  it('creates a wallet, which becomes the active one', async () => {
    await page.goto(`${server.baseUrl}/apps/finance`);
    await page.getByLabel('Wallet name').fill('Growth');
    await page.getByRole('button', { name: 'Create Wallet' }).click();
    const table = page.getByRole('table', { name: 'My Wallets' });
    await table.getByRole('cell', { name: 'Growth', exact: true }).waitFor();
    await expect.poll(() => table.getByText('$100,000.00').count()).toBeGreaterThan(0);
    await tradeForm().waitFor();
  });

  it('buys shares at the server price; the form clears', async () => {
    const form = tradeForm();
    await form.getByLabel('Symbol').fill('aapl');
    await form.getByLabel('Quantity').fill('10');
    await expect.poll(async () => dollars(await form.getByLabel('Price').inputValue())).toBeGreaterThan(0);
    const price = dollars(await form.getByLabel('Price').inputValue());
    await expect.poll(async () => dollars(await form.getByLabel('Total').inputValue())).toBeCloseTo(price * 10, 1);
    await screenshot(page, 'wallet-buy-form');
    await form.getByRole('button', { name: 'Buy' }).click();
    await expect.poll(() => form.getByLabel('Symbol').inputValue()).toBe('');
  });

  it('shows the over-balance error and disables Buy', async () => {
    const form = tradeForm();
    await form.getByLabel('Symbol').fill('AAPL');
    await form.getByLabel('Quantity').fill('100000');
    const alert = form.getByRole('alert').filter({ hasText: 'Total price exceeds available balance.' });
    await alert.waitFor();
    expect(await alert.getByText('Error', { exact: true }).count()).toBe(1);
    expect(await form.getByRole('button', { name: 'Buy' }).isDisabled()).toBe(true);
    await screenshot(page, 'wallet-over-balance');
    await form.getByLabel('Quantity').fill('');
    await form.getByLabel('Symbol').fill('');
  });

  it('sells part on the wallet page; holdings, history and chart update', async () => {
    await page.goto(`${server.baseUrl}/apps/finance/wallet`);
    const held = page.getByRole('table', { name: 'Stocks Held' });
    const aaplRow = held.getByRole('row').filter({ hasText: 'AAPL' });
    await aaplRow.getByRole('cell', { name: '10', exact: true }).waitFor();
    await page.locator('canvas').first().waitFor();
    const rowsBefore = await historyRows().count();
    const chartBefore = await page.locator('canvas').first().screenshot();

    const sell = page.getByRole('form', { name: 'Sell stocks' });
    await sell.getByRole('combobox', { name: /^Stock/ }).click();
    await page.getByRole('option', { name: /AAPL/ }).click();
    await sell.getByRole('textbox', { name: /^Quantity/ }).fill('4');
    await sell.getByRole('button', { name: 'Sell', exact: true }).click();

    await aaplRow.getByRole('cell', { name: '6', exact: true }).waitFor();
    await expect.poll(() => historyRows().count()).toBeGreaterThan(rowsBefore);
    await expect.poll(async () => (await page.locator('canvas').first().screenshot()).equals(chartBefore)).toBe(false);
    await screenshot(page, 'wallet-page');
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});
