import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DemoMarketDataProvider } from '../../../integrations/market-data/demo/demo-provider.js';
import { applierOn, corporateActionsEnv, walletCalls } from '../../../test/corporate-actions.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { averagePriceE4, priceToE4, saleProceedsCents } from '../money.js';
import { trader } from '../orders/orders.test-support.js';

/** Thursday 2020-08-27, 11:00 in New York: before Apple's 4-for-1 split of 2020-08-31. */
const THURSDAY = '2020-08-27T15:00:00Z';
/** Friday 2020-08-28 after the close: the last close on the old share count. */
const FRIDAY_CLOSE = '2020-08-28T21:00:00Z';
/** Monday 2020-08-31, 10:00 in New York: the split's first day is trading. */
const MONDAY_10AM = '2020-08-31T14:00:00Z';
const MONDAY_CLOSE = '2020-08-31T21:00:00Z';

const at = (iso: string) => vi.setSystemTime(Date.parse(iso));

/**
 * docs/api.md#corporate-actions: a split multiplies the shares a wallet held before the split
 * date, keeps their cost basis (the average cost divides) and leaves the wallet's value as it was;
 * a fraction of a share is paid out in cash. The clock is pinned (Date only) and moved through
 * the split; the demo market follows it.
 */
describe.each(testDatabaseKinds)('stock splits in wallets on %s', (kind) => {
  let t: TestApp;
  let user: TestUser;
  // Read at each call, so the pinned clock moves it (a captured Date.now would be the real one).
  const market = new DemoMarketDataProvider({ now: () => Date.now() });

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(THURSDAY);
    t = await createTestApp(kind, corporateActionsEnv(false), undefined, { marketData: market });
    user = await signUp(t.app);
  });
  afterEach(() => at(THURSDAY));
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  it('splits the shares held before the split date 4-for-1, keeping the basis and the value', async () => {
    const calls = walletCalls(t.app, user);
    const walletId = await calls.create('Split 4:1');
    at(THURSDAY);
    await calls.buy(walletId, 'AAPL', 10);
    await calls.buy(walletId, 'MSFT', 3);

    at(FRIDAY_CLOSE);
    const friday = await calls.details(walletId);
    const fridayClose = (await market.getQuote('AAPL')).currentPrice;
    const before = friday.stocks.find((s: { symbol: string }) => s.symbol === 'AAPL');
    expect(before).toMatchObject({ quantity: 10, current_price: fridayClose });

    // Two more shares on the split day, at the new prices: not split again.
    at(MONDAY_10AM);
    await calls.buy(walletId, 'AAPL', 2);

    at(MONDAY_CLOSE);
    const monday = await market.getQuote('AAPL');
    const cashBefore = (await calls.details(walletId)).balance_cents;
    const summary = await applierOn(t.database.handle, market).run();
    expect(summary).toMatchObject({ splits: 1, dividends: 0, cashCents: 0 });

    const after = await calls.details(walletId);
    const aapl = after.stocks.find((s: { symbol: string }) => s.symbol === 'AAPL');
    const boughtMonday = (
      await t.database.handle.db
        .selectFrom('wallet_trades')
        .select('cash_cents')
        .where('wallet_id', '=', walletId)
        .where('symbol', '=', 'AAPL')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).cash_cents;
    expect(aapl.quantity).toBe(10 * 4 + 2);
    // The basis stays: the ten shares' cost plus Monday's, now spread over 42 shares.
    expect(aapl.cost_basis_cents).toBe(before.cost_basis_cents + boughtMonday);
    expect(aapl.bought_price).toBe(averagePriceE4(aapl.cost_basis_cents, 42) / 10_000);
    expect(after.balance_cents).toBe(cashBefore);
    expect(after.stocks.find((s: { symbol: string }) => s.symbol === 'MSFT').quantity).toBe(3);

    // The value across the split: Friday's ten shares at Friday's close are exactly the forty
    // shares they became at that close on the new count (Monday's previous close).
    expect(monday.regularMarketPreviousClose).toBe(fridayClose / 4);
    const fridayValue = saleProceedsCents(priceToE4(fridayClose)!, 10);
    expect(saleProceedsCents(priceToE4(monday.regularMarketPreviousClose!)!, 40)).toBe(fridayValue);
    expect(before.current_value_cents).toBe(fridayValue);
    expect(aapl.current_value_cents).toBe(saleProceedsCents(priceToE4(monday.currentPrice)!, 42));

    const [event] = await calls.events(walletId);
    expect(event).toMatchObject({
      kind: 'split',
      symbol: 'AAPL',
      date: '2020-08-31',
      pay_date: null,
      numerator: 4,
      denominator: 1,
      quantity: 10,
      shares_delta: 30,
      cash_amount_cents: 0,
      amount_per_share: null,
    });

    // Again: nothing more.
    expect(await applierOn(t.database.handle, market).run()).toMatchObject({ splits: 0, dividends: 0 });
    expect((await calls.details(walletId)).stocks.find((s: { symbol: string }) => s.symbol === 'AAPL').quantity).toBe(
      42,
    );
  });

  it('restates open orders in the split symbol: 4× the shares at a quarter of the price, reservations kept', async () => {
    const calls = walletCalls(t.app, user);
    const orders = trader(t, user);
    const walletId = await calls.create('Orders across a split');
    at(THURSDAY);
    await calls.buy(walletId, 'AAPL', 10);
    const price = (await market.getQuote('AAPL')).currentPrice;
    const high = Math.round(price * 2 * 100) / 100;
    const low = Math.round(price * 0.5 * 100) / 100;
    const sell = await orders.placed({
      wallet_id: walletId,
      symbol: 'AAPL',
      side: 'sell',
      type: 'limit',
      quantity: 3,
      limit_price: high,
      time_in_force: 'gtc',
    });
    const buy = await orders.placed({
      wallet_id: walletId,
      symbol: 'AAPL',
      side: 'buy',
      type: 'limit',
      quantity: 2,
      limit_price: low,
      time_in_force: 'gtc',
    });
    const reservedBefore = (await calls.details(walletId)).reserved_cash_cents;

    at(MONDAY_CLOSE);
    expect((await applierOn(t.database.handle, market).run()).splits).toBe(1);
    const listed = (await orders.get('get_orders', { wallet_id: walletId })).json();
    const byId = new Map(listed.orders.map((o: { order_id: number }) => [o.order_id, o]));
    expect(byId.get(sell.order_id)).toMatchObject({ status: 'open', quantity: 12, limit_price: high / 4 });
    expect(byId.get(buy.order_id)).toMatchObject({ status: 'open', quantity: 8, limit_price: low / 4 });
    const after = await calls.details(walletId);
    expect(after.reserved_cash_cents).toBe(reservedBefore);
    expect(after.stocks.find((s: { symbol: string }) => s.symbol === 'AAPL')).toMatchObject({
      quantity: 40,
      reserved_quantity: 12,
      available_quantity: 28,
    });
  });

  it('values the days before a split on their own share count in the performance series', async () => {
    const calls = walletCalls(t.app, user);
    const walletId = await calls.create('Performance across a split');
    at(THURSDAY);
    await calls.buy(walletId, 'AAPL', 10);
    at(FRIDAY_CLOSE);
    const friday = await calls.details(walletId);
    at(MONDAY_CLOSE);
    await applierOn(t.database.handle, market).run();
    const monday = await calls.details(walletId);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/finance/get_wallet_performance?wallet_id=${walletId}`,
      headers: { authorization: `Token ${user.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const points = new Map(
      (res.json().series as { date: string; value_cents: number }[]).map((p) => [p.date, p.value_cents]),
    );
    // Ten shares at Friday's close, forty at Monday's: no four-fold drop before the split.
    expect(points.get('2020-08-28')).toBe(friday.balance_cents + friday.stocks[0].current_value_cents);
    expect(points.get('2020-08-31')).toBe(monday.balance_cents + monday.stocks[0].current_value_cents);
  });

  it('does not split shares bought on the split date, nor before its first trade', async () => {
    const calls = walletCalls(t.app, user);
    const walletId = await calls.create('Bought on the split day');
    at(MONDAY_10AM);
    await calls.buy(walletId, 'AAPL', 5);
    // Before the split day opens the split is not due: nothing happens to anyone.
    at('2020-08-31T12:00:00Z');
    expect((await applierOn(t.database.handle, market).run()).splits).toBe(0);
    at(MONDAY_CLOSE);
    await applierOn(t.database.handle, market).run();
    expect((await calls.details(walletId)).stocks[0]).toMatchObject({ symbol: 'AAPL', quantity: 5 });
    expect(await calls.events(walletId)).toEqual([]);
  });

  it('pays a fraction of a share in cash at the split day’s close (3-for-2)', async () => {
    at('2024-02-28T15:00:00Z');
    const kola = new DemoMarketDataProvider({
      now: () => Date.now(),
      // 3-for-2, stated the way a source may state it: 1.5 new shares for one.
      splits: { KO: [{ date: '2024-03-04', numerator: 1.5, denominator: 1 }] },
      dividends: {},
    });
    const app = await createTestApp(kind, corporateActionsEnv(false), undefined, { marketData: kola });
    try {
      const owner = await signUp(app.app);
      const calls = walletCalls(app.app, owner);
      const walletId = await calls.create('Three for two');
      await calls.buy(walletId, 'KO', 5);
      const basis = (await calls.details(walletId)).cost_basis_cents;

      at('2024-03-04T21:00:00Z');
      const close = (await kola.getQuote('KO')).currentPrice;
      const cashBefore = (await calls.details(walletId)).balance_cents;
      expect(await applierOn(app.database.handle, kola).run()).toMatchObject({ splits: 1 });
      const after = await calls.details(walletId);
      // 5 × 3/2 = 7½: seven shares, and half a share at the close, rounded down like a sale.
      const half = Math.floor(priceToE4(close)! / 2 / 100);
      expect(after.stocks[0]).toMatchObject({ symbol: 'KO', quantity: 7, cost_basis_cents: basis });
      expect(after.balance_cents).toBe(cashBefore + half);
      // Worth what 7½ shares are, to the cent.
      const whole = saleProceedsCents(priceToE4(close)!, 7);
      expect(Math.abs(whole + half - saleProceedsCents(priceToE4(close)!, 15) / 2)).toBeLessThanOrEqual(1);
      expect(after.stocks[0].current_value_cents).toBe(whole);
      expect((await calls.events(walletId))[0]).toMatchObject({
        numerator: 3,
        denominator: 2,
        quantity: 5,
        shares_delta: 2,
        cash_amount_cents: half,
      });
    } finally {
      await app.close();
    }
  });
});
