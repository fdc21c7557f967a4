import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoMarketDataProvider } from '../../integrations/market-data/demo/demo-provider.js';
import { withForeignListings } from '../../integrations/market-data/testing/foreign-listings.js';
import { upstreamUnavailable } from '../../integrations/market-data/types.js';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../test/test-databases.js';

/** Friday 2025-03-14, 11:00 in New York. */
const NOW = Date.parse('2025-03-14T15:00:00Z');

describe.each(routeTestDatabaseKinds)('trading listings in other currencies on %s (docs/api.md#money)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  const market = withForeignListings(new DemoMarketDataProvider({ now: () => NOW }), { JPY: 0.0064, GBP: 1.25 });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { marketData: market.provider });
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  const post = (action: string, payload: object) =>
    injectAs(t.app, alice, { method: 'POST', url: `/api/finance/${action}`, payload });
  const wallet = async () => {
    const res = await post('create_wallet', { wallet_name: `FX ${Math.random().toString(36).slice(2, 8)}` });
    return res.json().wallet_id as number;
  };

  it('buys Toyota on Tokyo at the yen price converted to dollars, and records price, currency and rate', async () => {
    const id = await wallet();
    const res = await post('add_stock_to_wallet', { wallet_id: id, symbol: '7203.T', quantity: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // ¥2,893.50 × 0.0064 = $18.5184 a share; 10 shares $185.184 → $185.19 (a buy rounds up).
    expect(body.trade).toMatchObject({ price: 18.5184, currency: 'JPY', local_price: 2893.5, fx_rate: 0.0064 });
    expect(body.trade.cash_amount_cents).toBe(18_519);
    expect(body.message).toBe('Bought 10 shares of 7203.T at ¥2,893.5 ($18.5184) for $185.19');
    expect(body.wallet.balance_cents).toBe(10_000_000 - 18_519);
    expect(body.wallet.stocks).toEqual([
      // bought_price is the average cost: the cents paid over the shares. The value is what a sale brings ($185.18).
      expect.objectContaining({
        symbol: '7203.T',
        quantity: 10,
        bought_price: 18.519,
        current_price: 18.5184,
        current_value_cents: 18_518,
      }),
    ]);
    const ledger = (
      await injectAs(t.app, alice, { method: 'GET', url: `/api/finance/get_wallet_ledger?wallet_id=${id}` })
    ).json();
    expect(ledger.trades[0]).toMatchObject({ symbol: '7203.T', currency: 'JPY', local_price: 2893.5, fx_rate: 0.0064 });
  });

  it('buys Shell in London quoted in pence at a hundredth of the pound’s rate', async () => {
    const id = await wallet();
    const res = await post('add_stock_to_wallet', { wallet_id: id, symbol: 'SHEL.L', quantity: 4 });
    expect(res.statusCode, res.body).toBe(200);
    // 2,550p = £25.50 × 1.25 = $31.875 a share; 4 shares $127.50.
    expect(res.json().trade).toMatchObject({ price: 31.875, currency: 'GBp', local_price: 2550, fx_rate: 0.0125 });
    expect(res.json().trade.cash_amount_cents).toBe(12_750);
    const sold = await post('sell_stock_from_wallet', { wallet_id: id, symbol: 'SHEL.L', quantity: 4 });
    expect(sold.json().trade.cash_amount_cents).toBe(12_750);
    expect(sold.json().wallet.balance_cents).toBe(10_000_000);
  });
});

describe('without a rate for the currency', () => {
  it('refuses the trade (503) and changes nothing, rather than take yen for dollars', async () => {
    const market = withForeignListings(new DemoMarketDataProvider({ now: () => NOW }), {});
    const t = await createTestApp('sqlite', {}, undefined, { marketData: market.provider });
    try {
      const alice = await signUp(t.app);
      const created = await injectAs(t.app, alice, {
        method: 'POST',
        url: '/api/finance/create_wallet',
        payload: { wallet_name: 'No rate' },
      });
      const id = created.json().wallet_id;
      const res = await injectAs(t.app, alice, {
        method: 'POST',
        url: '/api/finance/add_stock_to_wallet',
        payload: { wallet_id: id, symbol: '7203.T', quantity: 1 },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('No JPY to US dollar rate is available right now; try again later');
      const trades = await t.database.handle.db.selectFrom('wallet_trades').selectAll().execute();
      expect(trades).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('when the exchange rates cannot be had', () => {
  it('still prices the dollar holdings; only the foreign one is valued at cost', async () => {
    const { provider } = withForeignListings(new DemoMarketDataProvider({ now: () => NOW }), { JPY: 0.0064 });
    let ratesDown = false;
    const flaky = Object.assign(Object.create(provider) as typeof provider, {
      async getQuotes(symbols: readonly string[]) {
        if (ratesDown && symbols.some((s) => s.endsWith('=X'))) throw upstreamUnavailable('Market data is unavailable');
        return provider.getQuotes(symbols);
      },
    });
    const t = await createTestApp('sqlite', {}, undefined, { marketData: flaky });
    try {
      const alice = await signUp(t.app);
      const post = (action: string, payload: object) =>
        injectAs(t.app, alice, { method: 'POST', url: `/api/finance/${action}`, payload });
      const id = (await post('create_wallet', { wallet_name: 'Mixed' })).json().wallet_id;
      expect((await post('add_stock_to_wallet', { wallet_id: id, symbol: 'AAPL', quantity: 1 })).statusCode).toBe(200);
      expect((await post('add_stock_to_wallet', { wallet_id: id, symbol: '7203.T', quantity: 1 })).statusCode).toBe(
        200,
      );
      ratesDown = true;
      const wallet = (
        await injectAs(t.app, alice, { method: 'GET', url: `/api/finance/get_wallet_details?wallet_id=${id}` })
      ).json().wallet;
      const bySymbol = Object.fromEntries(wallet.stocks.map((s: { symbol: string }) => [s.symbol, s]));
      expect(bySymbol.AAPL.price_available).toBe(true);
      expect(bySymbol['7203.T'].price_available).toBe(false);
      // A sale of the yen listing says what is missing; nothing changes.
      const sold = await post('sell_stock_from_wallet', { wallet_id: id, symbol: '7203.T', quantity: 1 });
      expect(sold.statusCode).toBe(503);
      expect(sold.json().message).toBe('No JPY to US dollar rate is available right now; try again later');
    } finally {
      await t.close();
    }
  });
});

describe.each(routeTestDatabaseKinds)('the demo market’s own foreign listings on %s', (kind) => {
  /** Friday 2025-03-14, 10:00 in New York: London and Frankfurt are open, Tokyo closed for the weekend. */
  const OPEN_IN_EUROPE = Date.parse('2025-03-14T14:00:00Z');
  const market = new DemoMarketDataProvider({ now: () => OPEN_IN_EUROPE });
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { marketData: market });
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  /** a / b rounded half-up, down or up, in integers (positive operands). */
  const halfUp = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);
  const down = (a: bigint, b: bigint) => a / b;
  const up = (a: bigint, b: bigint) => (a + b - 1n) / b;

  it.each([
    ['7203.T', 'JPY', 'JPYUSD=X', 1n, 7],
    ['SAP.DE', 'EUR', 'EURUSD=X', 1n, 3],
    ['SHEL.L', 'GBp', 'GBPUSD=X', 100n, 11],
  ] as const)(
    'buys and sells %s (%s) with the cash worked out from the demo’s own rate',
    async (symbol, currency, pair, perUnit, quantity) => {
      const quotes = await market.getQuotes([symbol, pair]);
      const local = quotes.get(symbol)?.currentPrice ?? 0;
      const rate = quotes.get(pair)?.currentPrice ?? 0;
      // Exact integers: the local price has 2 decimals, the rate at most 6, the dollar price keeps 4.
      const localE2 = BigInt(Math.round(local * 100));
      const rateE6 = BigInt(Math.round(rate * 1e6));
      const priceE4 = halfUp(localE2 * rateE6, 10_000n * perUnit);
      // docs/api.md#money: a buy costs the amount rounded up to the cent, a sale brings it rounded down.
      const cost = Number(up(priceE4 * BigInt(quantity), 100n));
      const proceeds = Number(down(priceE4 * BigInt(quantity), 100n));

      const post = (action: string, payload: object) =>
        injectAs(t.app, alice, { method: 'POST', url: `/api/finance/${action}`, payload });
      const id = (await post('create_wallet', { wallet_name: `Demo ${symbol}` })).json().wallet_id;
      const bought = await post('add_stock_to_wallet', { wallet_id: id, symbol, quantity });
      expect(bought.statusCode, bought.body).toBe(200);
      expect(bought.json().trade).toMatchObject({
        currency,
        local_price: local,
        price: Number(priceE4) / 10_000,
        cash_amount_cents: cost,
      });
      expect(bought.json().trade.fx_rate).toBeCloseTo(rate / Number(perUnit), 12);
      expect(bought.json().wallet.balance_cents).toBe(10_000_000 - cost);
      // The same clock gives the same price: selling it all back returns the cash, less at most the
      // cent that each rounding took.
      const sold = await post('sell_stock_from_wallet', { wallet_id: id, symbol, quantity });
      expect(sold.json().trade.cash_amount_cents).toBe(proceeds);
      expect(sold.json().wallet.balance_cents).toBe(10_000_000 - cost + proceeds);
      expect(cost - proceeds).toBeLessThanOrEqual(1);
    },
  );
});
