import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoMarketDataProvider } from '../../../integrations/market-data/demo/demo-provider.js';
import { withForeignListings } from '../../../integrations/market-data/testing/foreign-listings.js';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../../test/test-databases.js';

/** Friday 2025-03-14, 11:00 in New York: Tokyo and London have closed for the day. */
const NOW = Date.parse('2025-03-14T15:00:00Z');

describe.each(routeTestDatabaseKinds)('wallet performance of listings in other currencies on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  const demo = new DemoMarketDataProvider({ now: () => NOW });
  const market = withForeignListings(demo, { JPY: 0.0064, GBP: 1.25 });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { marketData: market.provider });
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  const post = async (action: string, payload: object) => {
    const res = await injectAs(t.app, alice, { method: 'POST', url: `/api/finance/${action}`, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const lastClose = async (symbol: string) => (await demo.getHistory(symbol, '1mo', '1d')).at(-1)?.close ?? 0;

  it('values yen and pence closes in dollars at the day’s rate, never as dollars', async () => {
    const id = (await post('create_wallet', { wallet_name: 'Abroad' })).wallet_id;
    await post('add_stock_to_wallet', { wallet_id: id, symbol: '7203.T', quantity: 10 });
    const after = await post('add_stock_to_wallet', { wallet_id: id, symbol: 'SHEL.L', quantity: 4 });
    const res = await injectAs(t.app, alice, {
      method: 'GET',
      url: `/api/finance/get_wallet_performance?wallet_id=${id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const stocksCents = (body.series.at(-1).value_cents as number) - after.wallet.balance_cents;
    // Toyota's yen close × the yen's dollar close; Shell's pence ÷ 100 × the pound's (each day's
    // daily bars of the demo market: the fixed quotes of the trades are not the closes).
    const toyota = 10 * (await lastClose('7203.T')) * (await lastClose('JPYUSD=X'));
    const shell = 4 * ((await lastClose('SHEL.L')) / 100) * (await lastClose('GBPUSD=X'));
    expect(Math.abs(stocksCents - Math.floor(toyota * 100) - Math.floor(shell * 100))).toBeLessThanOrEqual(2);
    // Some $150 to $300 of stock, not ¥29,000 taken for dollars.
    expect(stocksCents).toBeGreaterThan(15_000);
    expect(stocksCents).toBeLessThan(30_000);
    expect(body.unpriced_symbols).toEqual([]);
    // This market's profiles of the two listings know no sector: one 'Unclassified' slice.
    expect(body.allocation.by_sector.map((slice: { label: string }) => slice.label)).toEqual(['Unclassified', 'Cash']);
  });
});
