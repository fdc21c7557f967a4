import { STARTING_CASH_CENTS } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoMarketDataProvider } from '../../integrations/market-data/demo/demo-provider.js';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { buyCostCents, priceToE4, saleProceedsCents } from './money.js';

/** Friday 2025-03-14, 11:00 in New York: the market is open. */
const NOW = Date.parse('2025-03-14T15:00:00Z');

/**
 * docs/api.md: concurrent trades on one wallet can never overdraw it or sell the same shares twice.
 * Every request is fired at once (Promise.all of app.inject); on PostgreSQL they run on a pool of
 * connections, on SQLite through one connection.
 */
describe.each(testDatabaseKinds)('concurrent trades on %s', (kind) => {
  let t: TestApp;
  let user: TestUser;
  const demo = new DemoMarketDataProvider({ now: () => NOW });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { marketData: demo });
    user = await signUp(t.app);
  });
  afterAll(() => t.close());

  const db = () => t.database.handle.db;
  const post = (action: string, payload: object) =>
    injectAs(t.app, user, { method: 'POST', url: `/api/finance/${action}`, payload });
  const priceE4 = async (symbol: string) => priceToE4((await demo.getQuote(symbol)).currentPrice)!;

  let names = 0;
  async function createWallet(): Promise<number> {
    const res = await post('create_wallet', { wallet_name: `Concurrent ${++names}` });
    expect(res.statusCode).toBe(200);
    return res.json().wallet.wallet_id;
  }

  /** The stored wallet, checked against its own ledger: cash, holdings (quantity and basis), history. */
  async function reconcile(walletId: number) {
    const wallet = await db().selectFrom('wallets').selectAll().where('id', '=', walletId).executeTakeFirstOrThrow();
    const trades = await db().selectFrom('wallet_trades').selectAll().where('wallet_id', '=', walletId).execute();
    const holdings = await db().selectFrom('wallet_holdings').selectAll().where('wallet_id', '=', walletId).execute();
    const history = await db()
      .selectFrom('wallet_history')
      .selectAll()
      .where('wallet_id', '=', walletId)
      .orderBy('id')
      .execute();

    expect(wallet.cash_cents).toBeGreaterThanOrEqual(0);
    const cashMoves = trades.reduce((sum, x) => sum + (x.side === 'buy' ? -x.cash_cents : x.cash_cents), 0);
    expect(wallet.cash_cents).toBe(STARTING_CASH_CENTS + cashMoves);

    const symbols = new Set(trades.map((x) => x.symbol));
    for (const symbol of symbols) {
      const mine = trades.filter((x) => x.symbol === symbol);
      const quantity = mine.reduce((sum, x) => sum + (x.side === 'buy' ? x.quantity : -x.quantity), 0);
      // Basis held = cost of buys − basis released by sells (proceeds − realized gain).
      const basis = mine.reduce(
        (sum, x) => sum + (x.side === 'buy' ? x.cash_cents : -(x.cash_cents - x.realized_gain_cents)),
        0,
      );
      const holding = holdings.find((h) => h.symbol === symbol);
      if (quantity === 0) {
        expect(holding).toBeUndefined();
        expect(basis).toBe(0);
      } else {
        expect(holding).toMatchObject({ quantity, cost_cents: basis });
      }
    }
    // One snapshot at creation and one per trade; every snapshot's balance is a real, non-negative balance.
    expect(history).toHaveLength(trades.length + 1);
    expect(history.every((h) => h.balance_cents >= 0)).toBe(true);
    expect(history.at(-1)?.balance_cents).toBe(wallet.cash_cents);
    return { wallet, trades, holdings, history };
  }

  it('lets 200 simultaneous buys that together exceed the balance spend at most the balance', async () => {
    const walletId = await createWallet();
    const price = await priceE4('AAPL');
    // Each buy costs a bit more than 1/80 of the starting cash: 200 of them would need 2.5 times it.
    const quantity = Math.ceil(STARTING_CASH_CENTS / 80 / buyCostCents(price, 1));
    const cost = buyCostCents(price, quantity);
    const affordable = Math.floor(STARTING_CASH_CENTS / cost);
    expect(affordable).toBeLessThan(200);

    const results = await Promise.all(
      Array.from({ length: 200 }, () => post('add_stock_to_wallet', { wallet_id: walletId, symbol: 'AAPL', quantity })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(ok.length + refused.length).toBe(200);
    expect(ok).toHaveLength(affordable);
    for (const r of refused) expect(r.json().message).toContain('Insufficient balance');

    const { wallet, trades, holdings, history } = await reconcile(walletId);
    expect(STARTING_CASH_CENTS - wallet.cash_cents).toBe(ok.length * cost);
    expect(trades).toHaveLength(ok.length);
    expect(holdings).toEqual([
      expect.objectContaining({ quantity: ok.length * quantity, cost_cents: ok.length * cost }),
    ]);
    expect(history).toHaveLength(ok.length + 1);
    // The trades ran one after another: the snapshots step down by exactly one cost each.
    expect(history.map((h) => h.balance_cents)).toEqual(
      Array.from({ length: ok.length + 1 }, (_, k) => STARTING_CASH_CENTS - k * cost),
    );
    expect(history.map((h) => h.stocks_value_cents)).toEqual(
      Array.from({ length: ok.length + 1 }, (_, k) => saleProceedsCents(price, k * quantity)),
    );
  });

  it('sells only what was held when the same shares are sold simultaneously', async () => {
    const walletId = await createWallet();
    expect((await post('add_stock_to_wallet', { wallet_id: walletId, symbol: 'MSFT', quantity: 100 })).statusCode).toBe(
      200,
    );
    const results = await Promise.all(
      Array.from({ length: 60 }, () =>
        post('sell_stock_from_wallet', { wallet_id: walletId, symbol: 'MSFT', quantity: 7 }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(ok).toHaveLength(14);
    expect(refused).toHaveLength(46);
    for (const r of refused) expect(r.json().message).toContain('Insufficient stock quantity');
    const { holdings } = await reconcile(walletId);
    expect(holdings).toEqual([expect.objectContaining({ symbol: 'MSFT', quantity: 2 })]);

    // Two simultaneous "sell everything" orders: one sells, the other finds nothing left.
    const all = await Promise.all(
      [1, 2].map(() => post('sell_stock_from_wallet', { wallet_id: walletId, symbol: 'MSFT', quantity: 2 })),
    );
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const after = await reconcile(walletId);
    expect(after.holdings).toEqual([]);
  });

  it('keeps cash, holdings, ledger and history consistent under a mix of simultaneous buys and sells', async () => {
    const walletId = await createWallet();
    for (const symbol of ['KO', 'PEP', 'NVDA']) {
      expect((await post('add_stock_to_wallet', { wallet_id: walletId, symbol, quantity: 50 })).statusCode).toBe(200);
    }
    const orders = Array.from({ length: 150 }, (_, i) => {
      const symbol = ['KO', 'PEP', 'NVDA'][i % 3]!;
      const quantity = 1 + ((i * 7) % 23);
      return i % 2 === 0
        ? post('add_stock_to_wallet', { wallet_id: walletId, symbol, quantity: quantity * 40 })
        : post('sell_stock_from_wallet', { wallet_id: walletId, symbol, quantity });
    });
    const results = await Promise.all(orders);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 400)).toBe(true);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    const { trades } = await reconcile(walletId);
    expect(trades).toHaveLength(3 + results.filter((r) => r.statusCode === 200).length);
  });

  it('refuses trades on a wallet deleted while they run, without leaving orphans', async () => {
    const walletId = await createWallet();
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        post('add_stock_to_wallet', { wallet_id: walletId, symbol: 'KO', quantity: 1 }),
      ),
      post('delete_wallet', { wallet_id: walletId }),
      ...Array.from({ length: 20 }, () =>
        post('add_stock_to_wallet', { wallet_id: walletId, symbol: 'KO', quantity: 1 }),
      ),
    ]);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    for (const table of ['wallet_holdings', 'wallet_trades', 'wallet_history'] as const) {
      expect(await db().selectFrom(table).select('id').where('wallet_id', '=', walletId).execute()).toEqual([]);
    }
  });
});
