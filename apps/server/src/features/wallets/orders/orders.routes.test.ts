import { OPEN_ORDERS_MAX, STARTING_CASH_CENTS } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../../test/test-databases.js';
import { MARKET_OPEN, newTrader, type OrdersHarness, ordersHarness, reconcileOrders } from './orders.test-support.js';

/** Saturday 2025-03-15: the market is closed, so nothing fills as it is placed. */
const SATURDAY = Date.parse('2025-03-15T16:00:00Z');

/**
 * docs/api.md#orders through the API: place, preview, list and cancel; reservations in the wallet's
 * answers and in market trades; input validation; and what another user, a signed-out caller and a
 * cookie request without its CSRF header get (nothing changes for any of them).
 */
describe.each(routeTestDatabaseKinds)('order calls on %s', (kind) => {
  let h: OrdersHarness;
  let symbols = 0;
  const listing = (dollars: number) => {
    const symbol = `ZR${++symbols}`;
    h.setPrice(symbol, dollars);
    return symbol;
  };

  beforeAll(async () => {
    h = await ordersHarness(kind);
  });
  afterAll(() => h.close());

  /** Every table orders touch, in id order: a refusal must leave it identical. */
  const snapshot = async () => ({
    wallets: await h.db().selectFrom('wallets').selectAll().orderBy('id').execute(),
    holdings: await h.db().selectFrom('wallet_holdings').selectAll().orderBy('id').execute(),
    trades: await h.db().selectFrom('wallet_trades').selectAll().orderBy('id').execute(),
    orders: await h.db().selectFrom('orders').selectAll().orderBy('id').execute(),
  });

  it('places a limit buy that reserves its cash: the order, the wallet’s buying power and the list say so', async () => {
    h.setNow(SATURDAY);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(50);
    const res = await me.place({
      user_id: me.user.id,
      wallet_id: wallet,
      symbol: symbol.toLowerCase(),
      side: 'buy',
      type: 'limit',
      quantity: '12',
      limit_price: '45.1234',
      time_in_force: 'gtc',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(
      `Limit order to buy 12 shares of ${symbol} at $45.1234 placed (good till cancelled, up to 90 days; ` +
        '$541.49 reserved); it can fill once the market opens',
    );
    expect(body.order).toEqual({
      order_id: expect.any(Number),
      wallet_id: wallet,
      symbol,
      side: 'buy',
      type: 'limit',
      quantity: 12,
      limit_price: 45.1234,
      stop_price: null,
      trail_amount: null,
      trail_percent: null,
      water_mark: null,
      trigger_price: null,
      triggered: false,
      time_in_force: 'gtc',
      status: 'open',
      // 12 × 45.1234 = 541.4808, rounded up.
      reserved_cash: 541.49,
      reserved_cash_cents: 54_149,
      reserved_quantity: 0,
      created_at: new Date(SATURDAY).toISOString(),
      updated_at: new Date(SATURDAY).toISOString(),
      expires_at: new Date(SATURDAY + 90 * 86_400_000).toISOString(),
      filled_at: null,
      fill_price: null,
      fill_trade_id: null,
      fill_cash_amount: null,
      fill_cash_amount_cents: null,
      reason: null,
    });
    expect(body.wallet).toMatchObject({
      balance_cents: STARTING_CASH_CENTS,
      reserved_cash_cents: 54_149,
      reserved_cash: 541.49,
      buying_power_cents: STARTING_CASH_CENTS - 54_149,
      buying_power: 99_458.51,
    });
    const details = (await me.get('get_wallet_details', { wallet_id: wallet })).json().wallet;
    expect(details).toMatchObject({ balance: 100_000, reserved_cash: 541.49, buying_power: 99_458.51 });

    const list = await me.get('get_orders', { wallet_id: wallet });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      message: '1 open order, 0 closed orders listed',
      wallet_id: wallet,
      balance_cents: STARTING_CASH_CENTS,
      reserved_cash_cents: 54_149,
      buying_power_cents: STARTING_CASH_CENTS - 54_149,
      orders: [body.order],
    });
  });

  it('reserves the shares of a sell order: market sales and other sell orders can only use the rest', async () => {
    h.setNow(SATURDAY);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(10);
    await me.buy(wallet, symbol, 30);
    const order = await me.placed({
      wallet_id: wallet,
      symbol,
      side: 'sell',
      type: 'stop',
      quantity: 20,
      stop_price: 8,
    });
    const details = (await me.get('get_wallet_details', { wallet_id: wallet })).json().wallet;
    expect(details.stocks).toEqual([
      expect.objectContaining({ symbol, quantity: 30, reserved_quantity: 20, available_quantity: 10 }),
    ]);

    const before = await snapshot();
    const sale = await me.post('sell_stock_from_wallet', { wallet_id: wallet, symbol, quantity: 11 });
    expect(sale.statusCode).toBe(400);
    expect(sale.json().message).toBe(
      `Insufficient stock quantity: this wallet holds 30 shares of ${symbol} (20 shares reserved by open sell orders), ` +
        'so 11 shares cannot be sold',
    );
    const second = await me.place({
      wallet_id: wallet,
      symbol,
      side: 'sell',
      type: 'limit',
      quantity: 11,
      limit_price: 12,
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toMatch(/^Insufficient stock quantity: .*20 shares reserved/);
    expect(await snapshot()).toEqual(before);

    expect((await me.post('sell_stock_from_wallet', { wallet_id: wallet, symbol, quantity: 10 })).statusCode).toBe(200);
    const cancel = await me.post('cancel_order', { order_id: order.order_id });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().message).toBe(
      `Stop order to sell 20 shares of ${symbol} with a stop at $8.00 cancelled; 20 ${symbol} shares released`,
    );
    expect(cancel.json().order).toMatchObject({ status: 'cancelled', reserved_quantity: 0 });
    expect((await me.post('sell_stock_from_wallet', { wallet_id: wallet, symbol, quantity: 20 })).statusCode).toBe(200);
    await reconcileOrders(h, wallet);
  });

  it('keeps a market buy from spending cash that open buy orders reserve', async () => {
    h.setNow(SATURDAY);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(100);
    await me.placed({ wallet_id: wallet, symbol, side: 'buy', type: 'limit', quantity: 990, limit_price: 100 });
    const before = await snapshot();
    const buy = await me.post('add_stock_to_wallet', { wallet_id: wallet, symbol, quantity: 11 });
    expect(buy.statusCode).toBe(400);
    expect(buy.json().message).toBe(
      `Insufficient balance: 11 shares of ${symbol} at $100.00 cost $1,100.00, but the wallet has $100,000.00, ` +
        'of which $99,000.00 is reserved by open buy orders. Total price exceeds available balance.',
    );
    expect(await snapshot()).toEqual(before);
    expect((await me.post('add_stock_to_wallet', { wallet_id: wallet, symbol, quantity: 10 })).statusCode).toBe(200);
    const more = await me.place({ wallet_id: wallet, symbol, side: 'buy', type: 'stop', quantity: 1, stop_price: 1 });
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe(
      "Insufficient buying power: this order reserves $105.00, but the wallet's buying power is $0.00 " +
        '($99,000.00 cash, $99,000.00 reserved by open buy orders).',
    );
    await reconcileOrders(h, wallet);
  });

  it('previews an order without storing anything: estimate, reservation, buying power and cash after', async () => {
    h.setNow(MARKET_OPEN);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(200);
    const before = await snapshot();
    const res = await me.post('preview_order', {
      wallet_id: wallet,
      symbol,
      side: 'buy',
      type: 'stop_limit',
      quantity: 10,
      stop_price: 210,
      limit_price: 215,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: `Stop-limit order to buy 10 shares of ${symbol} with a stop at $210.00 and a limit of $215.00 would cost about $2,150.00`,
      preview: {
        symbol,
        side: 'buy',
        type: 'stop_limit',
        quantity: 10,
        time_in_force: 'day',
        current_price: 200,
        market_open: true,
        fills_now: false,
        trigger_price: 210,
        estimated_price: 215,
        estimated_amount: 2150,
        estimated_amount_cents: 215_000,
        reserved_cash: 2150,
        reserved_cash_cents: 215_000,
        reserved_quantity: 0,
        balance: 100_000,
        balance_cents: STARTING_CASH_CENTS,
        buying_power: 100_000,
        buying_power_cents: STARTING_CASH_CENTS,
        buying_power_after: 97_850,
        buying_power_after_cents: STARTING_CASH_CENTS - 215_000,
        resulting_cash: 97_850,
        resulting_cash_cents: STARTING_CASH_CENTS - 215_000,
        available_quantity: 0,
        expires_at: '2025-03-14T20:00:00.000Z',
        can_place: true,
        problem: null,
      },
    });
    // A marketable limit fills now at the price; a sale without shares cannot be placed.
    const now = await me.post('preview_order', {
      wallet_id: wallet,
      symbol,
      side: 'buy',
      type: 'limit',
      quantity: 3,
      limit_price: 250,
    });
    expect(now.json().preview).toMatchObject({
      fills_now: true,
      estimated_price: 200,
      estimated_amount_cents: 60_000,
      reserved_cash_cents: 75_000,
    });
    const sell = await me.post('preview_order', {
      wallet_id: wallet,
      symbol,
      side: 'sell',
      type: 'trailing_stop',
      quantity: 3,
      trail_percent: 5,
    });
    expect(sell.json().preview).toMatchObject({
      trigger_price: 190,
      estimated_price: 190,
      estimated_amount_cents: 57_000,
      resulting_cash_cents: STARTING_CASH_CENTS + 57_000,
      can_place: false,
      problem: `Insufficient stock quantity: this wallet holds no ${symbol} shares`,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses malformed orders with the field at fault, and changes nothing', async () => {
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(20);
    const base = { wallet_id: wallet, symbol, side: 'buy', quantity: 1 };
    const cases: [object, string, string][] = [
      [{ type: 'limit' }, 'limit_price', 'Limit price is required for a limit order'],
      [{ type: 'limit', limit_price: 10, stop_price: 9 }, 'stop_price', 'Stop price is not used by a limit order'],
      [{ type: 'stop' }, 'stop_price', 'Stop price is required for a stop order'],
      [{ type: 'stop_limit', stop_price: 10 }, 'limit_price', 'Limit price is required for a stop-limit order'],
      [{ type: 'trailing_stop' }, 'trail_amount', 'A trailing stop takes either a trail amount or a trail percent'],
      [
        { type: 'trailing_stop', trail_amount: 1, trail_percent: 1 },
        'trail_amount',
        'A trailing stop takes either a trail amount or a trail percent',
      ],
      [
        { type: 'limit', limit_price: 10, trail_percent: 2 },
        'trail_percent',
        'Trail percent is not used by a limit order',
      ],
      [{ type: 'trailing_stop', trail_percent: 50.01 }, 'trail_percent', 'Trail percent must be at most 50'],
      [{ type: 'trailing_stop', trail_percent: 1.234 }, 'trail_percent', 'Trail percent may have at most 2 decimals'],
      [{ type: 'limit', limit_price: 1.00001 }, 'limit_price', 'Limit price may have at most 4 decimals'],
      [{ type: 'limit', limit_price: 0 }, 'limit_price', 'Limit price must be more than 0'],
      [{ type: 'limit', limit_price: 10_000_000 }, 'limit_price', 'Limit price must be below $10,000,000'],
      [{ type: 'limit', limit_price: 'ten' }, 'limit_price', 'Limit price must be a number'],
      [{ type: 'market', limit_price: 1 }, 'type', 'Type must be limit, stop, stop_limit or trailing_stop'],
      [{ type: 'limit', limit_price: 1, side: 'short' }, 'side', 'Side must be buy or sell'],
      [{ type: 'limit', limit_price: 1, time_in_force: 'ioc' }, 'time_in_force', 'Time in force must be day or gtc'],
      [{ type: 'limit', limit_price: 1, quantity: 1.5 }, 'quantity', 'Quantity must be a whole number of shares'],
    ];
    const before = await snapshot();
    for (const [fields, field, message] of cases) {
      const res = await me.place({ ...base, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(fields)).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown symbol or wallet, and for another user’s wallet and order; 403 for another user_id', async () => {
    h.setNow(SATURDAY);
    const alice = await newTrader(h.t);
    const bob = await newTrader(h.t);
    const wallet = await alice.wallet();
    const symbol = listing(30);
    const order = await alice.placed({
      wallet_id: wallet,
      symbol,
      side: 'buy',
      type: 'limit',
      quantity: 1,
      limit_price: 20,
    });
    const before = await snapshot();
    const limit = { side: 'buy', type: 'limit', quantity: 1, limit_price: 20 };

    const unknown = await alice.place({ ...limit, wallet_id: wallet, symbol: 'NOSUCHSYM' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No stock found for symbol NOSUCHSYM');
    expect((await alice.place({ ...limit, wallet_id: 999_999, symbol })).json()).toMatchObject({
      code: 404,
      message: 'Wallet not found',
    });

    for (const action of ['place_order', 'preview_order']) {
      const res = await bob.post(action, { ...limit, wallet_id: wallet, symbol });
      expect(res.statusCode, action).toBe(404);
      expect(res.json().message).toBe('Wallet not found');
    }
    expect((await bob.get('get_orders', { wallet_id: wallet })).statusCode).toBe(404);
    const cancel = await bob.post('cancel_order', { order_id: order.order_id });
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json().message).toBe('Order not found');
    const claimed = await bob.post('cancel_order', { order_id: order.order_id, user_id: alice.user.id });
    expect(claimed.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('needs a session and, with a cookie, the CSRF header', async () => {
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(30);
    const body = { wallet_id: wallet, symbol, side: 'buy', type: 'limit', quantity: 1, limit_price: 20 };
    const before = await snapshot();
    for (const url of ['/api/finance/place_order', '/api/finance/preview_order', '/api/finance/cancel_order']) {
      expect((await h.t.app.inject({ method: 'POST', url, payload: body })).statusCode, url).toBe(401);
      const res = await injectAs(h.t.app, me.user, {
        method: 'POST',
        url,
        payload: { ...body, order_id: 1 },
        csrf: false,
      });
      expect(res.statusCode, url).toBe(403);
    }
    expect(
      (await h.t.app.inject({ method: 'GET', url: `/api/finance/get_orders?wallet_id=${wallet}` })).statusCode,
    ).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('cancels an open order once: a second cancel and a cancel of a filled order answer 409', async () => {
    h.setNow(MARKET_OPEN);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(40);
    const open = await me.placed({
      wallet_id: wallet,
      symbol,
      side: 'buy',
      type: 'limit',
      quantity: 5,
      limit_price: 30,
    });
    const filled = await me.placed({
      wallet_id: wallet,
      symbol,
      side: 'buy',
      type: 'limit',
      quantity: 5,
      limit_price: 41,
    });
    expect(filled.status).toBe('filled');

    const first = await me.post('cancel_order', { order_id: open.order_id });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(`Limit order to buy 5 shares of ${symbol} at $30.00 cancelled; $150.00 released`);
    const before = await snapshot();
    const again = await me.post('cancel_order', { order_id: open.order_id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already cancelled; only an open order can be cancelled');
    const late = await me.post('cancel_order', { order_id: filled.order_id });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This order is already filled; only an open order can be cancelled');
    expect(await snapshot()).toEqual(before);

    const list = (await me.get('get_orders', { wallet_id: wallet, status: 'closed' })).json();
    expect(list.orders.map((o: { order_id: number }) => o.order_id)).toEqual([filled.order_id, open.order_id]);
    expect((await me.get('get_orders', { wallet_id: wallet, status: 'open' })).json().orders).toEqual([]);
    expect((await me.get('get_orders', { wallet_id: wallet, status: 'some' })).statusCode).toBe(400);
    await reconcileOrders(h, wallet);
  });

  it(`allows ${OPEN_ORDERS_MAX} open orders per wallet`, async () => {
    h.setNow(SATURDAY);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(5);
    const order = { wallet_id: wallet, symbol, side: 'buy', type: 'limit', quantity: 1, limit_price: 1 };
    for (let i = 0; i < OPEN_ORDERS_MAX; i++) await me.placed(order);
    const res = await me.place(order);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A wallet can have at most 100 open orders; cancel one or wait for one to fill');
    const preview = (await me.post('preview_order', order)).json().preview;
    expect(preview).toMatchObject({ can_place: false, problem: res.json().message });
  });

  it('deletes a wallet’s orders with the wallet', async () => {
    h.setNow(SATURDAY);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    await me.placed({ wallet_id: wallet, symbol: listing(5), side: 'buy', type: 'limit', quantity: 1, limit_price: 1 });
    expect((await me.post('delete_wallet', { wallet_id: wallet })).statusCode).toBe(200);
    expect(await h.db().selectFrom('orders').select('id').where('wallet_id', '=', wallet).execute()).toEqual([]);
  });
});
