import { STARTING_CASH_CENTS } from '@site/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoMarketDataProvider } from '../../integrations/market-data/demo/demo-provider.js';
import { FixedPriceMarketDataProvider } from '../../integrations/market-data/testing/fixed-price-provider.js';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';

/** Friday 2025-03-14, 11:00 in New York. */
const NOW = Date.parse('2025-03-14T15:00:00Z');
const SYMBOL = 'PNNY';

/**
 * docs/api.md#money: cash moves against the trader (buys round up, sales down), so no sequence of
 * trades at one price can make money from rounding. The rounding cases, over HTTP.
 */
describe.each(testDatabaseKinds)('trades at sub-cent prices on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  const market = new FixedPriceMarketDataProvider(new DemoMarketDataProvider({ now: () => NOW }));

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { marketData: market });
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  const post = (action: string, payload: object) =>
    injectAs(t.app, alice, { method: 'POST', url: `/api/finance/${action}`, payload });
  let names = 0;
  const createWallet = async () => {
    const res = await post('create_wallet', { wallet_name: `Penny ${++names}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().wallet_id as number;
  };
  const buy = (wallet_id: number, quantity: number) =>
    post('add_stock_to_wallet', { wallet_id, symbol: SYMBOL, quantity });
  const sell = (wallet_id: number, quantity: number) =>
    post('sell_stock_from_wallet', { wallet_id, symbol: SYMBOL, quantity });
  const db = () => t.database.handle.db;
  const tables = async () => ({
    wallets: await db().selectFrom('wallets').selectAll().orderBy('id').execute(),
    holdings: await db().selectFrom('wallet_holdings').selectAll().orderBy('id').execute(),
    trades: await db().selectFrom('wallet_trades').selectAll().orderBy('id').execute(),
    history: await db().selectFrom('wallet_history').selectAll().orderBy('id').execute(),
  });

  it('at $0.0049, 150 one-share buys and one 150-share sale lose 77¢ instead of making 74¢', async () => {
    market.prices.set(SYMBOL, 0.0049);
    const id = await createWallet();
    for (let i = 0; i < 150; i++) {
      const res = await buy(id, 1);
      expect(res.statusCode, res.body).toBe(200);
      // $0.0049 → 1¢: a buy never costs less than it is worth, so never nothing.
      expect(res.json().trade.cash_amount_cents).toBe(1);
    }
    const sold = await sell(id, 150);
    expect(sold.statusCode, sold.body).toBe(200);
    // 150 × $0.0049 = $0.735 → $0.73 (down).
    expect(sold.json().trade).toMatchObject({ cash_amount_cents: 73, realized_gain_cents: -77 });
    expect(sold.json().message).toBe('Sold 150 shares of PNNY at $0.0049 for $0.73 (realized loss $0.77)');
    expect(sold.json().wallet.balance_cents).toBe(STARTING_CASH_CENTS - 77);
    expect(sold.json().wallet.realized_gain_cents).toBe(-77);
  });

  it('at $0.0051, buying 150 and selling one at a time is refused, not paid 1¢ a share; the whole lot sells down', async () => {
    market.prices.set(SYMBOL, 0.0051);
    const id = await createWallet();
    const bought = await buy(id, 150);
    expect(bought.statusCode, bought.body).toBe(200);
    // 150 × $0.0051 = $0.765 → $0.77 (up).
    expect(bought.json().trade.cash_amount_cents).toBe(77);
    expect(bought.json().message).toBe('Bought 150 shares of PNNY at $0.0051 for $0.77');

    const before = await tables();
    for (let i = 0; i < 150; i++) {
      const res = await sell(id, 1);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(
        'This sale is worth less than a cent (1 share of PNNY at $0.0051 is $0.0051); ' +
          'sell more shares, or all 150 you hold.',
      );
    }
    expect(await tables()).toEqual(before);

    // Two at a time is worth $0.0102 → 1¢, against 1¢ of the cost basis (77¢ × 2/150, down).
    const two = await sell(id, 2);
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().trade).toMatchObject({ cash_amount_cents: 1, realized_gain_cents: 0 });
    const rest = await sell(id, 148);
    expect(rest.statusCode, rest.body).toBe(200);
    // 148 × $0.0051 = $0.7548 → $0.75; 77¢ paid, 76¢ back.
    expect(rest.json().trade.cash_amount_cents).toBe(75);
    expect(rest.json().wallet).toMatchObject({
      balance_cents: STARTING_CASH_CENTS - 1,
      realized_gain_cents: -1,
      stocks: [],
    });
  });

  it('never strands a holding: the whole of one worth under a cent still sells, for nothing', async () => {
    market.prices.set(SYMBOL, 1);
    const id = await createWallet();
    expect((await buy(id, 3)).statusCode).toBe(200);
    // The price collapses: 1 share is worth $0.0001, all 3 $0.0003.
    market.prices.set(SYMBOL, 0.0001);
    const one = await sell(id, 1);
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe(
      'This sale is worth less than a cent (1 share of PNNY at $0.0001 is $0.0001); sell more shares, or all 3 you hold.',
    );
    const all = await sell(id, 3);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().trade).toMatchObject({ cash_amount_cents: 0, realized_gain_cents: -300 });
    expect(all.json().wallet).toMatchObject({ balance_cents: STARTING_CASH_CENTS - 300, stocks: [] });
  });

  it('values a holding at what selling it would bring (down to the cent)', async () => {
    market.prices.set(SYMBOL, 0.0051);
    const id = await createWallet();
    const res = await buy(id, 150);
    expect(res.json().wallet).toMatchObject({
      balance_cents: STARTING_CASH_CENTS - 77,
      stocks_value_cents: 76,
      cost_basis_cents: 77,
      unrealized_gain_cents: -1,
    });
    expect(res.json().wallet.stocks[0]).toMatchObject({ current_value_cents: 76, cost_basis_cents: 77 });
  });

  it('property: no sequence of trades at one price makes money', async () => {
    const trade = fc.record({ side: fc.constantFrom('buy', 'sell'), quantity: fc.integer({ min: 1, max: 400 }) });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 30_000 }), fc.array(trade, { maxLength: 10 }), async (e4, trades) => {
        market.prices.set(SYMBOL, e4 / 10_000);
        const id = await createWallet();
        let held = 0;
        const check = (wallet: { balance_cents: number; cost_basis_cents: number; realized_gain_cents: number }) => {
          // Cash plus the held shares at their exact price (in 1/10,000 $) never exceeds the start…
          expect(wallet.balance_cents * 100 + e4 * held).toBeLessThanOrEqual(STARTING_CASH_CENTS * 100);
          // …and no sale at the buying price reports a gain: cash + cost basis never grows.
          expect(wallet.realized_gain_cents).toBeLessThanOrEqual(0);
          expect(wallet.balance_cents + wallet.cost_basis_cents).toBeLessThanOrEqual(STARTING_CASH_CENTS);
        };
        for (const { side, quantity } of trades) {
          if (side === 'sell' && held === 0) continue;
          const q = side === 'sell' ? Math.min(quantity, held) : quantity;
          const res = side === 'buy' ? await buy(id, q) : await sell(id, q);
          if (res.statusCode === 400 && side === 'sell' && q < held) continue; // worth under a cent
          expect(res.statusCode, res.body).toBe(200);
          held += side === 'buy' ? q : -q;
          check(res.json().wallet);
        }
        if (held > 0) {
          const res = await sell(id, held);
          expect(res.statusCode, res.body).toBe(200);
          held = 0;
          check(res.json().wallet);
          expect(res.json().wallet.balance_cents).toBeLessThanOrEqual(STARTING_CASH_CENTS);
        }
        expect((await post('delete_wallet', { wallet_id: id })).statusCode).toBe(200);
      }),
      { seed: 1704, numRuns: 40 },
    );
  });
});
