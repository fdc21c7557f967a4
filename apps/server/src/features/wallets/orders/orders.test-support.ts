import { STARTING_CASH_CENTS } from '@site/contract';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../db/database.js';
import { DemoMarketDataProvider } from '../../../integrations/market-data/demo/demo-provider.js';
import { FixedPriceMarketDataProvider } from '../../../integrations/market-data/testing/fixed-price-provider.js';
import {
  createTestApp,
  injectAs,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
  uniqueName,
} from '../../../test/test-app.js';
import type { TestDatabaseKind } from '../../../test/test-databases.js';
import { walletsRepository } from '../wallets.repository.js';
import { type OrderMatcher, orderMatcher } from './order-matcher.js';
import { ordersRepository } from './orders.repository.js';

/* Test support for the order tests (not a test file itself). */

/** Friday 2025-03-14, 11:00 in New York: the market is open. */
export const MARKET_OPEN = Date.parse('2025-03-14T15:00:00Z');

/**
 * A real app on a fresh database whose market quotes chosen symbols at prices the test sets
 * (New York listings, in their regular session while the clock says so), on a clock the test
 * moves; the demo market serves every other symbol on the same clock.
 */
export async function ordersHarness(kind: TestDatabaseKind) {
  let now = MARKET_OPEN;
  const clock = () => now;
  const market = new FixedPriceMarketDataProvider(new DemoMarketDataProvider({ now: clock }));
  const t: TestApp = await createTestApp(kind, {}, undefined, { marketData: market, clock });
  const extraHandles: DatabaseHandle[] = [];

  /** A matcher of its own, as another instance would have: on its own connections on PostgreSQL. */
  async function matcherOn(handle: DatabaseHandle): Promise<OrderMatcher> {
    const fillConcurrency = handle.dialect === 'postgres' ? 4 : 1;
    return orderMatcher({
      orders: ordersRepository(handle, walletsRepository(handle)),
      market,
      clock,
      fillConcurrency,
    });
  }

  return {
    t,
    market,
    db: () => t.database.handle.db,
    setNow(ms: number) {
      now = ms;
    },
    now: () => now,
    /** Quotes `symbol` at `dollars` from now on. */
    setPrice(symbol: string, dollars: number) {
      market.prices.set(symbol, dollars);
    },
    /** A matcher on the app's own database handle. */
    matcher: () => matcherOn(t.database.handle),
    /**
     * A second "instance": on PostgreSQL a matcher with a pool of its own on the same schema, so
     * its transactions really run beside the first one's; on SQLite (one process, one writer) a
     * second matcher on the same connection, interleaving with the first at every await.
     */
    async secondMatcher(): Promise<OrderMatcher> {
      if (t.database.handle.dialect === 'sqlite') return matcherOn(t.database.handle);
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.database.handle.db);
      const handle = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgSchema: rows[0]?.schema ?? '' });
      extraHandles.push(handle);
      return matcherOn(handle);
    },
    async close() {
      for (const handle of extraHandles) await handle.destroy();
      await t.close();
    },
  };
}
export type OrdersHarness = Awaited<ReturnType<typeof ordersHarness>>;

/** A signed-in user acting through the API. */
export function trader(t: TestApp, user: TestUser) {
  const post = (action: string, payload: object) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/finance/${action}`, payload });
  const get = (action: string, query: Record<string, string | number>) =>
    injectAs(t.app, user, {
      method: 'GET',
      url: `/api/finance/${action}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    });
  let names = 0;
  return {
    user,
    post,
    get,
    async wallet(): Promise<number> {
      const res = await post('create_wallet', { wallet_name: `Orders ${user.username} ${++names}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().wallet.wallet_id as number;
    },
    async buy(walletId: number, symbol: string, quantity: number) {
      const res = await post('add_stock_to_wallet', { wallet_id: walletId, symbol, quantity });
      expect(res.statusCode, res.body).toBe(200);
    },
    place: (payload: object) => post('place_order', payload),
    async placed(payload: object) {
      const res = await post('place_order', payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().order as { order_id: number; status: string };
    },
  };
}

let addresses = 0;
/**
 * A trader signed up from an address of their own: property runs and their shrinking sign up many
 * users, beyond the per-address sign-up limit.
 */
export async function newTrader(t: TestApp) {
  const n = ++addresses;
  const username = uniqueName('trader');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: { username, email: `${username}@example.com`, password: TEST_PASSWORD },
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  const user: TestUser = {
    id: body.user_id,
    username,
    token: body.token,
    csrfToken: body.csrf_token,
    cookies: Object.fromEntries(res.cookies.map((c) => [c.name, c.value])),
  };
  return trader(t, user);
}

/**
 * The wallet as stored, checked against its orders and ledger (docs/api.md#orders): cash never
 * below the reservations nor below 0; reserved cash = the open buys' reservations; reserved shares
 * = the open sells' quantities; each filled order has exactly one trade of its own, at its fill
 * price and never outside its limit; no other order has a trade; cash = start + the trades' moves.
 */
export async function reconcileOrders(h: OrdersHarness, walletId: number, startCents = STARTING_CASH_CENTS) {
  const db = h.db();
  const wallet = await db.selectFrom('wallets').selectAll().where('id', '=', walletId).executeTakeFirstOrThrow();
  const orders = await db.selectFrom('orders').selectAll().where('wallet_id', '=', walletId).orderBy('id').execute();
  const trades = await db.selectFrom('wallet_trades').selectAll().where('wallet_id', '=', walletId).execute();
  const holdings = await db.selectFrom('wallet_holdings').selectAll().where('wallet_id', '=', walletId).execute();

  expect(wallet.reserved_cents).toBeGreaterThanOrEqual(0);
  expect(wallet.cash_cents).toBeGreaterThanOrEqual(wallet.reserved_cents);
  const open = orders.filter((o) => o.status === 'open');
  expect(wallet.reserved_cents, 'reserved cash = open buys').toBe(
    open.filter((o) => o.side === 'buy').reduce((sum, o) => sum + o.reserved_cents, 0),
  );
  for (const holding of holdings) {
    const reserved = open.filter((o) => o.side === 'sell' && o.symbol === holding.symbol);
    expect(holding.reserved_quantity, `reserved ${holding.symbol} = open sells`).toBe(
      reserved.reduce((sum, o) => sum + o.quantity, 0),
    );
    expect(holding.quantity).toBeGreaterThanOrEqual(holding.reserved_quantity);
  }
  for (const sell of open.filter((o) => o.side === 'sell')) {
    expect(
      holdings.some((h) => h.symbol === sell.symbol),
      `open sell of ${sell.symbol} has its shares`,
    ).toBe(true);
  }

  const tradeIds = orders.flatMap((o) => (o.fill_trade_id === null ? [] : [o.fill_trade_id]));
  expect(new Set(tradeIds).size, 'no trade fills two orders').toBe(tradeIds.length);
  for (const o of orders) {
    if (o.status !== 'filled') {
      expect(o.fill_trade_id, `order ${o.id} (${o.status}) has no trade`).toBeNull();
      continue;
    }
    const trade = trades.find((x) => x.id === o.fill_trade_id);
    expect(trade, `filled order ${o.id} has its trade`).toBeDefined();
    expect(trade).toMatchObject({ side: o.side, symbol: o.symbol, quantity: o.quantity, price_e4: o.fill_price_e4 });
    const price = o.fill_price_e4 ?? 0;
    if (o.limit_price_e4 !== null) {
      expect(
        o.side === 'buy' ? price <= o.limit_price_e4 : price >= o.limit_price_e4,
        `order ${o.id} within limit`,
      ).toBe(true);
    }
    if (o.type === 'stop') {
      const stop = o.stop_price_e4 ?? 0;
      expect(o.side === 'buy' ? price >= stop : price <= stop, `order ${o.id} at or beyond its stop`).toBe(true);
    }
  }
  const moves = trades.reduce((sum, x) => sum + (x.side === 'buy' ? -x.cash_cents : x.cash_cents), 0);
  expect(wallet.cash_cents).toBe(startCents + moves);
  return { wallet, orders, trades, holdings };
}
