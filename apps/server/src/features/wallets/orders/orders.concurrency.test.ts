import { STARTING_CASH_CENTS } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { buyCostCents } from '../money.js';
import { MARKET_OPEN, newTrader, type OrdersHarness, ordersHarness, reconcileOrders } from './orders.test-support.js';

/** Saturday: nothing fills as it is placed, so every placement only reserves. */
const SATURDAY = Date.parse('2025-03-15T16:00:00Z');
const $ = (dollars: number) => Math.round(dollars * 10_000);

/**
 * docs/api.md#orders: reservations are taken by conditional UPDATEs, so requests fired all at once
 * (Promise.all of app.inject; a pool of connections on PostgreSQL) can never reserve or spend more
 * cash than the wallet has, nor reserve or sell more shares than it holds; a cancel racing the
 * matchers either cancels or fills, never both.
 */
describe.each(testDatabaseKinds)('concurrent orders on %s', (kind) => {
  let h: OrdersHarness;
  let symbols = 0;
  const listing = (dollars: number) => {
    const symbol = `ZC${++symbols}`;
    h.setPrice(symbol, dollars);
    return symbol;
  };

  beforeAll(async () => {
    h = await ordersHarness(kind);
  });
  afterAll(() => h.close());

  it('lets simultaneous buy orders and market buys that together exceed the cash take at most the cash', async () => {
    h.setNow(SATURDAY);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(100);
    // Each order reserves $2,000 and each market buy costs $2,000: 100 of them would need twice the cash.
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0
          ? me.place({ wallet_id: wallet, symbol, side: 'buy', type: 'limit', quantity: 20, limit_price: 100 })
          : me.post('add_stock_to_wallet', { wallet_id: wallet, symbol, quantity: 20 }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(ok.length + refused.length).toBe(100);
    expect(ok).toHaveLength(50);
    for (const r of refused) expect(r.json().message).toMatch(/^(Insufficient buying power|Insufficient balance)/);
    const { wallet: row, orders, trades } = await reconcileOrders(h, wallet);
    expect(row.cash_cents + 0).toBe(STARTING_CASH_CENTS - trades.length * 200_000);
    expect(row.reserved_cents).toBe(orders.length * 200_000);
    expect(row.cash_cents).toBe(row.reserved_cents);
  });

  it('lets simultaneous sell orders and market sales sell at most the shares held', async () => {
    h.setNow(SATURDAY);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(10);
    await me.buy(wallet, symbol, 100);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 3 === 0
          ? me.post('sell_stock_from_wallet', { wallet_id: wallet, symbol, quantity: 7 })
          : me.place({ wallet_id: wallet, symbol, side: 'sell', type: 'limit', quantity: 7, limit_price: 50 }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(14);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(46);
    const { holdings, orders, trades } = await reconcileOrders(h, wallet);
    const sold = trades.filter((t) => t.side === 'sell').reduce((n, t) => n + t.quantity, 0);
    expect(holdings).toEqual([expect.objectContaining({ quantity: 100 - sold, reserved_quantity: orders.length * 7 })]);
    expect(sold + orders.length * 7).toBe(98);
  });

  it('either cancels or fills an order that a cancel and two matchers race for, never both', async () => {
    h.setNow(MARKET_OPEN);
    const me = await newTrader(h.t);
    const wallet = await me.wallet();
    const symbol = listing(50);
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      ids.push(
        (await me.placed({ wallet_id: wallet, symbol, side: 'buy', type: 'limit', quantity: 3, limit_price: 45 }))
          .order_id,
      );
    }
    h.setPrice(symbol, 44);
    const [a, b] = [await h.matcher(), await h.secondMatcher()];
    const results = await Promise.all([
      a.matchOnce(),
      ...ids.map((id) => me.post('cancel_order', { order_id: id })),
      b.matchOnce(),
    ]);
    const cancels = results.slice(1, -1) as { statusCode: number }[];
    expect(cancels.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const { orders, trades, wallet: row } = await reconcileOrders(h, wallet);
    const cancelled = orders.filter((o) => o.status === 'cancelled');
    const filled = orders.filter((o) => o.status === 'filled');
    expect(cancelled.length + filled.length).toBe(30);
    expect(cancelled).toHaveLength(cancels.filter((r) => r.statusCode === 200).length);
    expect(trades).toHaveLength(filled.length);
    expect(row).toMatchObject({
      reserved_cents: 0,
      cash_cents: STARTING_CASH_CENTS - filled.length * buyCostCents($(44), 3),
    });
  });
});
