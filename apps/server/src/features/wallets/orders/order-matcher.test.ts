import { STARTING_CASH_CENTS } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { buyCostCents, saleProceedsCents } from '../money.js';
import { MARKET_OPEN, newTrader, type OrdersHarness, ordersHarness, reconcileOrders } from './orders.test-support.js';

const $ = (dollars: number) => Math.round(dollars * 10_000);
/** Saturday 2025-03-15, noon in New York: every exchange is closed. */
const SATURDAY = Date.parse('2025-03-15T16:00:00Z');
/** The close of Friday 2025-03-14 in New York (16:00 EDT). */
const FRIDAY_CLOSE = Date.parse('2025-03-14T20:00:00Z');

/**
 * docs/api.md#orders: the matcher fills each order type by its rules when the price crosses its
 * trigger in market hours, releases reservations on fill, rejection and expiry, expires day orders
 * at the close, catches up after a restart, and fills each order once with two matchers running.
 */
describe.each(testDatabaseKinds)('order matcher on %s', (kind) => {
  let h: OrdersHarness;
  let symbols = 0;
  /** A symbol of this test only, quoted at `dollars`. */
  const listing = (dollars: number) => {
    const symbol = `ZM${++symbols}`;
    h.setPrice(symbol, dollars);
    return symbol;
  };

  beforeAll(async () => {
    h = await ordersHarness(kind);
  });
  afterAll(() => h.close());

  const orderRow = (id: number) =>
    h.db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const walletRow = (id: number) =>
    h.db().selectFrom('wallets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const holdingRow = (walletId: number, symbol: string) =>
    h
      .db()
      .selectFrom('wallet_holdings')
      .selectAll()
      .where('wallet_id', '=', walletId)
      .where('symbol', '=', symbol)
      .executeTakeFirst();

  it('fills a limit buy at the market price once it falls to the limit, releasing its reservation', async () => {
    h.setNow(MARKET_OPEN);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(105);
    const order = await me.placed({
      wallet_id: wallet,
      symbol,
      side: 'buy',
      type: 'limit',
      quantity: 10,
      limit_price: 100,
    });
    expect(order.status).toBe('open');
    expect((await walletRow(wallet)).reserved_cents).toBe(100_000);

    const matcher = await h.matcher();
    h.setPrice(symbol, 100.01);
    expect(await matcher.matchOnce()).toMatchObject({ filled: 0 });
    expect((await orderRow(order.order_id)).status).toBe('open');

    h.setPrice(symbol, 99.5);
    expect(await matcher.matchOnce()).toMatchObject({ filled: 1 });
    const filled = await orderRow(order.order_id);
    expect(filled).toMatchObject({
      status: 'filled',
      fill_price_e4: $(99.5),
      filled_at: new Date(MARKET_OPEN).toISOString(),
    });
    const after = await walletRow(wallet);
    expect(after).toMatchObject({ reserved_cents: 0, cash_cents: STARTING_CASH_CENTS - 99_500 });
    expect(await holdingRow(wallet, symbol)).toMatchObject({ quantity: 10, cost_cents: 99_500, reserved_quantity: 0 });
    // One fill, one trade, one history snapshot: like a market trade.
    const { trades } = await reconcileOrders(h, wallet);
    expect(trades).toHaveLength(1);
    const history = await h.db().selectFrom('wallet_history').selectAll().where('wallet_id', '=', wallet).execute();
    expect(history.at(-1)).toMatchObject({ balance_cents: after.cash_cents, stocks_value_cents: 99_500 });
    // Checked again, it is not filled again.
    expect(await matcher.matchOnce()).toMatchObject({ filled: 0, checked: 0 });
  });

  it('fills a limit sell at or above its limit and releases the shares it reserved', async () => {
    h.setNow(MARKET_OPEN);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(100);
    await me.buy(wallet, symbol, 20);
    const order = await me.placed({
      wallet_id: wallet,
      symbol,
      side: 'sell',
      type: 'limit',
      quantity: 15,
      limit_price: 110,
    });
    expect(await holdingRow(wallet, symbol)).toMatchObject({ quantity: 20, reserved_quantity: 15 });

    const matcher = await h.matcher();
    h.setPrice(symbol, 109.9999);
    await matcher.matchOnce();
    expect((await orderRow(order.order_id)).status).toBe('open');
    h.setPrice(symbol, 112.34);
    await matcher.matchOnce();
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'filled', fill_price_e4: $(112.34) });
    expect(await holdingRow(wallet, symbol)).toMatchObject({ quantity: 5, reserved_quantity: 0 });
    const { wallet: row } = await reconcileOrders(h, wallet);
    expect(row.cash_cents).toBe(STARTING_CASH_CENTS - 200_000 + saleProceedsCents($(112.34), 15));
  });

  it('fills stops at the market price once reached, also when the price gaps through them', async () => {
    h.setNow(MARKET_OPEN);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const up = listing(100);
    const down = listing(50);
    await me.buy(wallet, down, 10);
    const buy = await me.placed({
      wallet_id: wallet,
      symbol: up,
      side: 'buy',
      type: 'stop',
      quantity: 3,
      stop_price: 110,
    });
    const sell = await me.placed({
      wallet_id: wallet,
      symbol: down,
      side: 'sell',
      type: 'stop',
      quantity: 10,
      stop_price: 45,
    });
    // 110 × 1.05 × 3 shares.
    expect((await walletRow(wallet)).reserved_cents).toBe(34_650);

    const matcher = await h.matcher();
    h.setPrice(up, 109.99);
    h.setPrice(down, 45.01);
    expect(await matcher.matchOnce()).toMatchObject({ checked: 2, filled: 0 });
    h.setPrice(up, 113.5);
    h.setPrice(down, 41);
    expect(await matcher.matchOnce()).toMatchObject({ filled: 2 });
    expect(await orderRow(buy.order_id)).toMatchObject({ status: 'filled', fill_price_e4: $(113.5) });
    expect(await orderRow(sell.order_id)).toMatchObject({ status: 'filled', fill_price_e4: $(41) });
    expect(await holdingRow(wallet, down)).toBeUndefined();
    const { wallet: row } = await reconcileOrders(h, wallet);
    expect(row.reserved_cents).toBe(0);
  });

  it('turns a stop-limit into a limit order once its stop is reached', async () => {
    h.setNow(MARKET_OPEN);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(100);
    const order = await me.placed({
      wallet_id: wallet,
      symbol,
      side: 'buy',
      type: 'stop_limit',
      quantity: 4,
      stop_price: 110,
      limit_price: 112,
    });
    const matcher = await h.matcher();
    h.setPrice(symbol, 113); // Past the stop and past the limit: triggered, not filled.
    expect(await matcher.matchOnce()).toMatchObject({ triggered: 1, filled: 0 });
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'open', triggered_at: expect.any(String) });
    h.setPrice(symbol, 105); // Below the stop now, but inside the limit: a limit order fills.
    expect(await matcher.matchOnce()).toMatchObject({ filled: 1 });
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'filled', fill_price_e4: $(105) });
    await reconcileOrders(h, wallet);
  });

  it('trails a sell stop under the high-water mark by percent, and a buy stop over the low-water mark by amount', async () => {
    h.setNow(MARKET_OPEN);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const a = listing(100);
    const b = listing(80);
    await me.buy(wallet, a, 7);
    const sell = await me.placed({
      wallet_id: wallet,
      symbol: a,
      side: 'sell',
      type: 'trailing_stop',
      quantity: 7,
      trail_percent: 10,
    });
    const buy = await me.placed({
      wallet_id: wallet,
      symbol: b,
      side: 'buy',
      type: 'trailing_stop',
      quantity: 5,
      trail_amount: 4,
    });
    expect(await orderRow(sell.order_id)).toMatchObject({ water_mark_e4: $(100) });
    const matcher = await h.matcher();

    h.setPrice(a, 120);
    h.setPrice(b, 70);
    expect(await matcher.matchOnce()).toMatchObject({ waterMarks: 2, filled: 0 });
    expect(await orderRow(sell.order_id)).toMatchObject({ water_mark_e4: $(120) });
    expect(await orderRow(buy.order_id)).toMatchObject({ water_mark_e4: $(70) });

    h.setPrice(a, 108.01); // Stop 108.
    h.setPrice(b, 73.99); // Stop 74.
    expect(await matcher.matchOnce()).toMatchObject({ waterMarks: 0, filled: 0 });
    h.setPrice(a, 108);
    h.setPrice(b, 74.5);
    expect(await matcher.matchOnce()).toMatchObject({ filled: 2 });
    expect(await orderRow(sell.order_id)).toMatchObject({ status: 'filled', fill_price_e4: $(108) });
    expect(await orderRow(buy.order_id)).toMatchObject({ status: 'filled', fill_price_e4: $(74.5) });
    await reconcileOrders(h, wallet);
  });

  it('rejects a stop buy that gaps beyond its reservation and the free cash, releasing what it reserved', async () => {
    h.setNow(MARKET_OPEN);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(95);
    // 900 shares reserve 900 × 105 = $94,500 of the $100,000.
    const order = await me.placed({
      wallet_id: wallet,
      symbol,
      side: 'buy',
      type: 'stop',
      quantity: 900,
      stop_price: 100,
    });
    expect((await walletRow(wallet)).reserved_cents).toBe(9_450_000);
    h.setPrice(symbol, 99);
    const matcher = await h.matcher();
    await matcher.matchOnce();
    h.setPrice(symbol, 125); // $112,500: more than the reservation and the $5,500 free.
    expect(await matcher.matchOnce()).toMatchObject({ rejected: 1, filled: 0 });
    const row = await orderRow(order.order_id);
    expect(row).toMatchObject({ status: 'rejected', fill_trade_id: null, fill_price_e4: null, filled_at: null });
    expect(row.reason).toBe(
      'Not enough cash when the order triggered: 900 shares of ' +
        `${symbol} at $125.00 cost $112,500.00, but the wallet had $100,000.00 not reserved by its other orders`,
    );
    expect(await walletRow(wallet)).toMatchObject({ reserved_cents: 0, cash_cents: STARTING_CASH_CENTS });
    await reconcileOrders(h, wallet);
  });

  it('lets a stop buy spend free cash beyond its reservation when the price gaps', async () => {
    h.setNow(MARKET_OPEN);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(100);
    await me.placed({ wallet_id: wallet, symbol, side: 'buy', type: 'stop', quantity: 100, stop_price: 101 });
    h.setPrice(symbol, 130);
    expect(await (await h.matcher()).matchOnce()).toMatchObject({ filled: 1 });
    const { wallet: row } = await reconcileOrders(h, wallet);
    expect(row.cash_cents).toBe(STARTING_CASH_CENTS - buyCostCents($(130), 100));
  });

  it('checks nothing while the exchange is closed, and fills once it opens', async () => {
    h.setNow(SATURDAY);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(100);
    const res = await me.place({
      wallet_id: wallet,
      symbol,
      side: 'buy',
      type: 'limit',
      quantity: 1,
      limit_price: 150,
      time_in_force: 'gtc',
    });
    expect(res.json().message).toMatch(/can fill once the market opens$/);
    const matcher = await h.matcher();
    const report = await matcher.matchOnce();
    expect(report.filled).toBe(0);
    expect((await orderRow(res.json().order.order_id)).status).toBe('open');
    h.setNow(Date.parse('2025-03-17T13:30:00Z')); // Monday 09:30 in New York.
    expect((await matcher.matchOnce()).filled).toBeGreaterThanOrEqual(1);
    expect((await orderRow(res.json().order.order_id)).status).toBe('filled');
  });

  it('expires a day order at its exchange’s close and a GTC order after 90 days, releasing their reservations', async () => {
    h.setNow(MARKET_OPEN);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(100);
    await me.buy(wallet, symbol, 10);
    const day = await me.placed({
      wallet_id: wallet,
      symbol,
      side: 'buy',
      type: 'limit',
      quantity: 10,
      limit_price: 50,
    });
    const sell = await me.placed({
      wallet_id: wallet,
      symbol,
      side: 'sell',
      type: 'limit',
      quantity: 10,
      limit_price: 500,
    });
    const gtc = await me.placed({
      wallet_id: wallet,
      symbol,
      side: 'buy',
      type: 'limit',
      quantity: 1,
      limit_price: 50,
      time_in_force: 'gtc',
    });
    expect(await orderRow(day.order_id)).toMatchObject({ expires_at: new Date(FRIDAY_CLOSE).toISOString() });
    expect(await orderRow(gtc.order_id)).toMatchObject({
      expires_at: new Date(MARKET_OPEN + 90 * 86_400_000).toISOString(),
    });
    const matcher = await h.matcher();
    h.setNow(FRIDAY_CLOSE - 1);
    await matcher.matchOnce();
    expect((await orderRow(day.order_id)).status).toBe('open');
    h.setNow(FRIDAY_CLOSE);
    expect((await matcher.matchOnce()).expired).toBeGreaterThanOrEqual(2);
    expect(await orderRow(day.order_id)).toMatchObject({
      status: 'expired',
      reason: 'Day order: expired at the close of its trading day',
    });
    expect((await orderRow(sell.order_id)).status).toBe('expired');
    expect((await orderRow(gtc.order_id)).status).toBe('open');
    expect(await walletRow(wallet)).toMatchObject({ reserved_cents: 5000 });
    expect(await holdingRow(wallet, symbol)).toMatchObject({ reserved_quantity: 0 });

    h.setNow(MARKET_OPEN + 90 * 86_400_000);
    await matcher.matchOnce();
    expect(await orderRow(gtc.order_id)).toMatchObject({
      status: 'expired',
      reason: expect.stringContaining('90 days'),
    });
    await reconcileOrders(h, wallet);
  });

  it('makes a day order placed after the close good for the next session (Monday after a weekend)', async () => {
    h.setNow(SATURDAY);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const order = await me.placed({
      wallet_id: wallet,
      symbol: listing(10),
      side: 'buy',
      type: 'limit',
      quantity: 1,
      limit_price: 5,
    });
    expect(await orderRow(order.order_id)).toMatchObject({ expires_at: '2025-03-17T20:00:00.000Z' });
  });

  it('catches up after a restart from the current price; a day order whose close passed meanwhile expires unfilled', async () => {
    h.setNow(MARKET_OPEN);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const a = listing(100);
    const b = listing(100);
    const gtc = await me.placed({
      wallet_id: wallet,
      symbol: a,
      side: 'buy',
      type: 'limit',
      quantity: 1,
      limit_price: 90,
      time_in_force: 'gtc',
    });
    const day = await me.placed({
      wallet_id: wallet,
      symbol: b,
      side: 'buy',
      type: 'limit',
      quantity: 1,
      limit_price: 90,
    });
    // No matcher runs over the weekend; on Monday both prices are below the limits.
    h.setPrice(a, 85);
    h.setPrice(b, 85);
    h.setNow(Date.parse('2025-03-17T14:00:00Z'));
    const fresh = await h.matcher();
    const report = await fresh.matchOnce();
    expect(report.expired).toBeGreaterThanOrEqual(1);
    expect(await orderRow(gtc.order_id)).toMatchObject({ status: 'filled', fill_price_e4: $(85) });
    expect((await orderRow(day.order_id)).status).toBe('expired');
    await reconcileOrders(h, wallet);
  });

  it('fills a marketable order as it is placed while the market is open', async () => {
    h.setNow(MARKET_OPEN);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(20);
    const res = await me.place({ wallet_id: wallet, symbol, side: 'buy', type: 'limit', quantity: 5, limit_price: 21 });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'filled', fill_price: 20, fill_cash_amount_cents: 10_000 });
    expect(res.json().message).toBe(`Limit order to buy 5 shares of ${symbol} at $21.00 filled at $20.00 for $100.00`);
    expect(res.json().wallet).toMatchObject({ balance_cents: STARTING_CASH_CENTS - 10_000, reserved_cash_cents: 0 });
    await reconcileOrders(h, wallet);
  });

  it('fills each order exactly once with two matchers running at the same moment', async () => {
    h.setNow(MARKET_OPEN);
    const me = await newTrader(h.t);
    const wallets = [await me.wallet(), await me.wallet(), await me.wallet()];
    const symbol = listing(70);
    for (const wallet of wallets) await me.buy(wallet, symbol, 100);
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) {
      // Limit buys at 55–58 and stop sells at 60 fill at 55; stop buys at 75 do not.
      const kind = i % 3;
      const order = await me.placed({
        wallet_id: wallets[Math.floor(i / 3) % 3],
        symbol,
        quantity: 1 + (i % 5),
        time_in_force: 'gtc',
        ...(kind === 0 ? { side: 'buy', type: 'limit', limit_price: 55 + (i % 4) } : {}),
        ...(kind === 1 ? { side: 'sell', type: 'stop', stop_price: 60 } : {}),
        ...(kind === 2 ? { side: 'buy', type: 'stop', stop_price: 75 } : {}),
      });
      expect(order.status).toBe('open');
      ids.push(order.order_id);
    }
    h.setPrice(symbol, 55);
    const [a, b] = [await h.matcher(), await h.secondMatcher()];
    const reports = await Promise.all([a.matchOnce(), b.matchOnce(), a.matchOnce(), b.matchOnce()]);
    const rows = await h.db().selectFrom('orders').selectAll().where('id', 'in', ids).orderBy('id').execute();
    const filled = rows.filter((r) => r.status === 'filled');
    expect(filled.map((r) => r.id)).toEqual(
      rows.filter((r) => r.type === 'limit' || r.side === 'sell').map((r) => r.id),
    );
    expect(filled).toHaveLength(40);
    // The runs' own counts add up to the fills: no order was counted (or filled) by two of them.
    expect(reports.reduce((sum, r) => sum + r.filled, 0)).toBe(40);
    const trades = await h.db().selectFrom('wallet_trades').select('id').where('wallet_id', 'in', wallets).execute();
    expect(trades).toHaveLength(3 + 40);
    for (const wallet of wallets) await reconcileOrders(h, wallet);
  });
});
