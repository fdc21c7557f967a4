import { MAX_TRADE_QUANTITY, STARTING_CASH_CENTS, WALLET_NAME_MAX, WALLETS_MAX } from '@site/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DemoMarketDataProvider } from '../../integrations/market-data/demo/demo-provider.js';
import { CountingMarketDataProvider } from '../../integrations/market-data/testing/counting-provider.js';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { averagePriceE4, buyCostCents, priceToE4, proportionalBasisCents, saleProceedsCents } from './money.js';

/** Friday 2025-03-14, 11:00 in New York: the market is open. */
const NOW = Date.parse('2025-03-14T15:00:00Z');
/** The next Monday, same time: prices have moved. */
const LATER = Date.parse('2025-03-17T15:00:00Z');

type Query = Record<string, string | number>;

describe.each(testDatabaseKinds)('wallets API on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let now = NOW;
  const demo = new DemoMarketDataProvider({ now: () => now });
  const market = new CountingMarketDataProvider(demo);

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { marketData: market });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());
  afterEach(() => {
    now = NOW;
    market.failQuotes = false;
  });

  const get = (user: TestUser | undefined, action: string, query: Query = {}) => {
    const url = `/api/finance/${action}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
    return user ? injectAs(t.app, user, { method: 'GET', url }) : t.app.inject({ method: 'GET', url });
  };
  const post = (user: TestUser, action: string, payload: object | string, extra: { csrf?: boolean } = {}) =>
    injectAs(t.app, user, {
      method: 'POST',
      url: `/api/finance/${action}`,
      payload,
      ...(typeof payload === 'string' ? { headers: { 'content-type': 'application/json' } } : {}),
      ...extra,
    });

  const db = () => t.database.handle.db;
  /** Every wallet table, in id order: a refusal must leave it identical. */
  const snapshot = async () => ({
    wallets: await db().selectFrom('wallets').selectAll().orderBy('id').execute(),
    holdings: await db().selectFrom('wallet_holdings').selectAll().orderBy('id').execute(),
    trades: await db().selectFrom('wallet_trades').selectAll().orderBy('id').execute(),
    history: await db().selectFrom('wallet_history').selectAll().orderBy('id').execute(),
  });
  const priceE4 = async (symbol: string) => priceToE4((await demo.getQuote(symbol)).currentPrice)!;

  let names = 0;
  async function createWallet(user: TestUser, name = `Wallet ${++names}`) {
    const res = await post(user, 'create_wallet', { wallet_name: name });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().wallet.wallet_id as number;
  }
  const buy = (user: TestUser, wallet_id: number, symbol: string, quantity: number | string) =>
    post(user, 'add_stock_to_wallet', { wallet_id, symbol, quantity });
  const sell = (user: TestUser, wallet_id: number, symbol: string, quantity: number | string) =>
    post(user, 'sell_stock_from_wallet', { wallet_id, symbol, quantity });
  const details = async (user: TestUser, wallet_id: number) =>
    (await get(user, 'get_wallet_details', { wallet_id })).json().wallet;

  describe('create_wallet and get_wallets', () => {
    it('creates the first wallet active with $100,000.00 and a first history snapshot', async () => {
      const user = await signUp(t.app);
      const empty = await get(user, 'get_wallets');
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual({ success: true, message: 'No wallets yet', wallets: [] });

      const res = await post(user, 'create_wallet', { user_id: user.id, wallet_name: '  Long term  ' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        message: 'Wallet "Long term" created with $100,000.00',
        // The original API's clients read the new wallet's id and name at the top level.
        wallet_id: body.wallet.wallet_id,
        wallet_name: 'Long term',
        balance: 100000,
        wallet: {
          wallet_id: expect.any(Number),
          wallet_name: 'Long term',
          balance: 100000,
          balance_cents: STARTING_CASH_CENTS,
          stocks_value: 0,
          stocks_value_cents: 0,
          current_value: 100000,
          current_value_cents: STARTING_CASH_CENTS,
          is_active: true,
          created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
          prices_available: true,
          // docs/api.md#orders: nothing reserved yet, so all the cash is buying power.
          reserved_cash: 0,
          reserved_cash_cents: 0,
          buying_power: 100000,
          buying_power_cents: STARTING_CASH_CENTS,
        },
      });
      const second = await post(user, 'create_wallet', { wallet_name: 'Second' });
      expect(second.json().wallet.is_active).toBe(false);

      const list = (await get(user, 'get_wallets', { user_id: user.id })).json();
      expect(list.message).toBe('2 wallets');
      expect(list.wallets.map((w: { wallet_name: string }) => w.wallet_name)).toEqual(['Long term', 'Second']);
      expect(list.wallets[0]).toEqual(body.wallet);

      const history = (await get(user, 'get_wallet_history', { wallet_id: body.wallet.wallet_id })).json();
      expect(history.history).toEqual([
        {
          created_at: body.wallet.created_at,
          balance: 100000,
          balance_cents: STARTING_CASH_CENTS,
          stocks_value: 0,
          stocks_value_cents: 0,
          total_value: 100000,
          total_value_cents: STARTING_CASH_CENTS,
          is_current: false,
        },
        expect.objectContaining({ balance: 100000, stocks_value: 0, is_current: true }),
      ]);
    });

    it('values every wallet at current prices with the holdings', async () => {
      const user = await signUp(t.app);
      const a = await createWallet(user);
      const b = await createWallet(user);
      expect((await buy(user, a, 'AAPL', 10)).statusCode).toBe(200);
      expect((await buy(user, b, 'MSFT', 3)).statusCode).toBe(200);
      expect((await buy(user, b, 'KO', 7)).statusCode).toBe(200);
      now = LATER;
      const list = (await get(user, 'get_wallets')).json();
      const [wa, wb] = list.wallets;
      const aaplCost = buyCostCents(priceToE4(241.24)!, 10);
      const later = async (symbol: string, q: number) => saleProceedsCents(await priceE4(symbol), q);
      expect(wa).toMatchObject({
        wallet_id: a,
        balance_cents: STARTING_CASH_CENTS - aaplCost,
        stocks_value_cents: await later('AAPL', 10),
        current_value_cents: STARTING_CASH_CENTS - aaplCost + (await later('AAPL', 10)),
        prices_available: true,
      });
      expect(wa.balance).toBe(wa.balance_cents / 100);
      expect(wb.stocks_value_cents).toBe((await later('MSFT', 3)) + (await later('KO', 7)));
    });

    it('applies the name rules: trimmed, 1–50 characters, unique per user ignoring case', async () => {
      const user = await signUp(t.app);
      await createWallet(user, 'Growth');
      const before = await snapshot();
      for (const [name, status] of [
        ['', 400],
        ['   ', 400],
        ['x'.repeat(WALLET_NAME_MAX + 1), 400],
        ['a\u0007b', 400],
        [42, 400],
        [null, 400],
        ['growth', 409],
        ['  GROWTH ', 409],
      ] as const) {
        const res = await post(user, 'create_wallet', { wallet_name: name });
        expect(res.statusCode, String(name)).toBe(status);
        expect(res.json()).toMatchObject({ success: false, code: status });
        if (status === 400) expect(res.json().fields).toHaveProperty('wallet_name');
        if (status === 409) expect(res.json().message).toBe(`You already have a wallet named "${String(name).trim()}"`);
      }
      expect((await post(user, 'create_wallet', {})).json().fields.wallet_name).toBe('Wallet name is required');
      expect(await snapshot()).toEqual(before);
      // Another user may use the same name; 50 characters are fine.
      expect((await post(bob, 'create_wallet', { wallet_name: 'GROWTH' })).statusCode).toBe(200);
      expect((await post(user, 'create_wallet', { wallet_name: 'y'.repeat(WALLET_NAME_MAX) })).statusCode).toBe(200);
    });

    it(`caps a user at ${WALLETS_MAX} wallets`, async () => {
      const user = await signUp(t.app);
      for (let i = 0; i < WALLETS_MAX; i++) await createWallet(user, `W${i}`);
      const before = await snapshot();
      const res = await post(user, 'create_wallet', { wallet_name: 'One too many' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`You can have at most ${WALLETS_MAX} wallets; delete one first`);
      expect(await snapshot()).toEqual(before);
    });

    it('keeps concurrent creates with one name to one wallet, and exactly one active', async () => {
      const user = await signUp(t.app);
      const same = await Promise.all(
        Array.from({ length: 6 }, () => post(user, 'create_wallet', { wallet_name: 'Race' })),
      );
      expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(same.filter((r) => r.statusCode === 409)).toHaveLength(5);
      const other = await signUp(t.app);
      const many = await Promise.all(
        Array.from({ length: 6 }, (_, i) => post(other, 'create_wallet', { wallet_name: `N${i}` })),
      );
      expect(many.every((r) => r.statusCode === 200)).toBe(true);
      const wallets = (await get(other, 'get_wallets')).json().wallets;
      expect(wallets.filter((w: { is_active: boolean }) => w.is_active)).toHaveLength(1);
    });
  });

  describe('rename_wallet, set_active_wallet and delete_wallet', () => {
    it('renames with the same rules', async () => {
      const user = await signUp(t.app);
      const a = await createWallet(user, 'Alpha');
      await createWallet(user, 'Beta');
      await buy(user, a, 'KO', 2);
      const res = await post(user, 'rename_wallet', { wallet_id: a, new_wallet_name: '  Gamma ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Wallet renamed to "Gamma"',
        wallet_id: a,
        wallet_name: 'Gamma',
        wallet: { wallet_id: a, wallet_name: 'Gamma', is_active: true, stocks_value_cents: expect.any(Number) },
      });
      expect(res.json().wallet.stocks_value_cents).toBeGreaterThan(0);
      // Changing only the case of its own name is allowed.
      expect((await post(user, 'rename_wallet', { wallet_id: a, new_wallet_name: 'GAMMA' })).statusCode).toBe(200);
      const before = await snapshot();
      const dup = await post(user, 'rename_wallet', { wallet_id: a, new_wallet_name: 'beta' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe('You already have a wallet named "beta"');
      expect((await post(user, 'rename_wallet', { wallet_id: a, new_wallet_name: '' })).statusCode).toBe(400);
      expect((await post(user, 'rename_wallet', { wallet_id: a })).statusCode).toBe(400);
      expect((await post(user, 'rename_wallet', { wallet_id: 99_999, new_wallet_name: 'Z' })).statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
    });

    it('keeps exactly one wallet active', async () => {
      const user = await signUp(t.app);
      const a = await createWallet(user);
      const b = await createWallet(user);
      const c = await createWallet(user);
      const res = await post(user, 'set_active_wallet', { wallet_id: b });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: expect.stringContaining('active wallet'), wallet_id: b });
      const active = async () =>
        (await get(user, 'get_wallets'))
          .json()
          .wallets.flatMap((w: { wallet_id: number; is_active: boolean }) => (w.is_active ? [w.wallet_id] : []));
      expect(await active()).toEqual([b]);
      expect((await post(user, 'set_active_wallet', { wallet_id: b })).statusCode).toBe(200);
      expect(await active()).toEqual([b]);
      const race = await Promise.all(
        [a, b, c, a, c].map((wallet_id) => post(user, 'set_active_wallet', { wallet_id })),
      );
      expect(race.every((r) => r.statusCode === 200)).toBe(true);
      expect(await active()).toHaveLength(1);
      const before = await snapshot();
      expect((await post(user, 'set_active_wallet', { wallet_id: 99_999 })).statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
    });

    it('deletes a wallet with everything in it; deleting the active one leaves none active', async () => {
      const user = await signUp(t.app);
      const a = await createWallet(user, 'Doomed');
      const b = await createWallet(user);
      await buy(user, a, 'IBM', 3);
      await sell(user, a, 'IBM', 1);
      const res = await post(user, 'delete_wallet', { wallet_id: a });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Wallet "Doomed" deleted', wallet_id: a });
      for (const table of ['wallet_holdings', 'wallet_trades', 'wallet_history'] as const) {
        expect(await db().selectFrom(table).select('id').where('wallet_id', '=', a).execute()).toEqual([]);
      }
      const wallets = (await get(user, 'get_wallets')).json().wallets;
      expect(wallets).toHaveLength(1);
      expect(wallets[0]).toMatchObject({ wallet_id: b, is_active: false });
      expect((await post(user, 'delete_wallet', { wallet_id: a })).statusCode).toBe(404);
      expect((await get(user, 'get_wallet_details', { wallet_id: a })).statusCode).toBe(404);
      // With no active wallet, the next one created becomes active.
      const c = await createWallet(user);
      expect((await details(user, c)).is_active).toBe(true);
    });
  });

  describe('trading', () => {
    it('buys at the server’s price, whatever bought_price says', async () => {
      const wallet = await createWallet(alice);
      const price = await priceE4('AAPL');
      const cost = buyCostCents(price, 10);
      const res = await post(alice, 'add_stock_to_wallet', {
        wallet_id: wallet,
        symbol: ' aapl ',
        quantity: 10,
        bought_price: 0.01,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.message).toBe(
        `Bought 10 shares of AAPL at $${(price / 10_000).toFixed(2)} for $${(cost / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      );
      expect(body.trade).toEqual({
        id: expect.any(Number),
        side: 'buy',
        symbol: 'AAPL',
        quantity: 10,
        price: price / 10_000,
        // A dollar listing: its own price is the price, at a rate of 1.
        currency: 'USD',
        local_price: price / 10_000,
        fx_rate: 1,
        cash_amount: cost / 100,
        cash_amount_cents: cost,
        realized_gain: 0,
        realized_gain_cents: 0,
        created_at: expect.any(String),
      });
      expect(body.wallet).toMatchObject({
        wallet_id: wallet,
        balance_cents: STARTING_CASH_CENTS - cost,
        stocks_value_cents: cost,
        current_value_cents: STARTING_CASH_CENTS,
        cost_basis_cents: cost,
        unrealized_gain_cents: 0,
        unrealized_gain_percent: 0,
        realized_gain_cents: 0,
        stocks: [
          {
            symbol: 'AAPL',
            quantity: 10,
            bought_price: price / 10_000,
            current_price: price / 10_000,
            current_value: cost / 100,
            current_value_cents: cost,
            cost_basis: cost / 100,
            cost_basis_cents: cost,
            unrealized_gain: 0,
            unrealized_gain_cents: 0,
            unrealized_gain_percent: 0,
            price_available: true,
          },
        ],
      });
      // Ledger and history in storage.
      const [trade] = await db().selectFrom('wallet_trades').selectAll().where('wallet_id', '=', wallet).execute();
      expect(trade).toMatchObject({
        side: 'buy',
        quantity: 10,
        price_e4: price,
        cash_cents: cost,
        realized_gain_cents: 0,
      });
      const history = await db()
        .selectFrom('wallet_history')
        .selectAll()
        .where('wallet_id', '=', wallet)
        .orderBy('id')
        .execute();
      expect(history.map((h) => [h.balance_cents, h.stocks_value_cents])).toEqual([
        [STARTING_CASH_CENTS, 0],
        [STARTING_CASH_CENTS - cost, cost],
      ]);
      // Numeric strings work too (form inputs).
      expect((await buy(alice, wallet, 'AAPL', '2')).json().wallet.stocks[0].quantity).toBe(12);
    });

    it('averages the cost of repeated buys and realises gains on sells, exactly', async () => {
      const wallet = await createWallet(alice);
      const p1 = await priceE4('MSFT');
      await buy(alice, wallet, 'MSFT', 7);
      now = LATER;
      const p2 = await priceE4('MSFT');
      expect(p2).not.toBe(p1);
      await buy(alice, wallet, 'MSFT', 5);
      const cost = buyCostCents(p1, 7) + buyCostCents(p2, 5);
      let w = await details(alice, wallet);
      expect(w.stocks[0]).toMatchObject({
        quantity: 12,
        cost_basis_cents: cost,
        bought_price: averagePriceE4(cost, 12) / 10_000,
        current_price: p2 / 10_000,
        current_value_cents: saleProceedsCents(p2, 12),
        unrealized_gain_cents: saleProceedsCents(p2, 12) - cost,
      });

      const res = await sell(alice, wallet, 'msft', 5);
      expect(res.statusCode, res.body).toBe(200);
      const basis = proportionalBasisCents(cost, 12, 5);
      const proceeds = saleProceedsCents(p2, 5);
      expect(res.json().trade).toMatchObject({
        side: 'sell',
        symbol: 'MSFT',
        quantity: 5,
        price: p2 / 10_000,
        cash_amount_cents: proceeds,
        realized_gain_cents: proceeds - basis,
      });
      expect(res.json().message).toMatch(/^Sold 5 shares of MSFT at \$[\d,.]+ for \$[\d,.]+ \(realized (gain|loss) \$/);
      w = res.json().wallet;
      expect(w.stocks[0]).toMatchObject({ quantity: 7, cost_basis_cents: cost - basis });
      expect(w.realized_gain_cents).toBe(proceeds - basis);
      expect(w.balance_cents).toBe(STARTING_CASH_CENTS - cost + proceeds);

      // Selling everything removes the holding row and realises the rest of the basis.
      const all = await sell(alice, wallet, 'MSFT', 7);
      expect(all.statusCode).toBe(200);
      expect(all.json().wallet.stocks).toEqual([]);
      expect(all.json().trade.realized_gain_cents).toBe(saleProceedsCents(p2, 7) - (cost - basis));
      expect(await db().selectFrom('wallet_holdings').selectAll().where('wallet_id', '=', wallet).execute()).toEqual(
        [],
      );
      const final = await details(alice, wallet);
      expect(final.balance_cents).toBe(STARTING_CASH_CENTS - cost + saleProceedsCents(p2, 12));
      expect(final.realized_gain_cents).toBe(saleProceedsCents(p2, 12) - cost);
      expect(final.balance_cents).toBe(STARTING_CASH_CENTS + final.realized_gain_cents);
    });

    it('totals realized gains once per wallet, whatever the number of holdings, and only its own trades', async () => {
      const wallet = await createWallet(alice);
      const other = await createWallet(alice);
      for (const symbol of ['AAPL', 'MSFT', 'KO']) await buy(alice, wallet, symbol, 10);
      await buy(alice, other, 'AAPL', 10);
      now = LATER;
      expect((await sell(alice, wallet, 'AAPL', 4)).statusCode).toBe(200);
      expect((await sell(alice, wallet, 'KO', 3)).statusCode).toBe(200);
      expect((await sell(alice, other, 'AAPL', 5)).statusCode).toBe(200);

      const gains = async (id: number) =>
        (await db().selectFrom('wallet_trades').select('realized_gain_cents').where('wallet_id', '=', id).execute())
          .map((t) => t.realized_gain_cents)
          .reduce((a, b) => a + b, 0);
      const w = await details(alice, wallet);
      expect(w.stocks).toHaveLength(3);
      expect(await gains(wallet)).not.toBe(0);
      expect(w.realized_gain_cents).toBe(await gains(wallet));
      expect((await details(alice, other)).realized_gain_cents).toBe(await gains(other));
    });

    it('reports unrealized gains in money and percent', async () => {
      const wallet = await createWallet(alice);
      await buy(alice, wallet, 'NVDA', 20);
      await buy(alice, wallet, 'KO', 30);
      const cost = buyCostCents(await priceE4('NVDA'), 20) + buyCostCents(await priceE4('KO'), 30);
      now = LATER;
      const value = saleProceedsCents(await priceE4('NVDA'), 20) + saleProceedsCents(await priceE4('KO'), 30);
      const res = await get(alice, 'get_wallet_details', { wallet_id: wallet, user_id: alice.id });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Wallet details');
      const w = res.json().wallet;
      expect(w.stocks.map((s: { symbol: string }) => s.symbol)).toEqual(['KO', 'NVDA']);
      expect(w).toMatchObject({
        stocks_value_cents: value,
        cost_basis_cents: cost,
        unrealized_gain_cents: value - cost,
        unrealized_gain_percent: Math.round(((value - cost) / cost) * 10_000) / 100,
        current_value_cents: w.balance_cents + value,
      });
    });

    it('records history at every trade, oldest first, with a live "now" point last', async () => {
      const wallet = await createWallet(alice);
      await buy(alice, wallet, 'PEP', 4);
      await buy(alice, wallet, 'KO', 4);
      await sell(alice, wallet, 'PEP', 4);
      const res = await get(alice, 'get_wallet_history', { wallet_id: wallet });
      expect(res.statusCode).toBe(200);
      const { history, message } = res.json();
      expect(message).toBe('4 snapshots');
      expect(history).toHaveLength(5);
      expect(history.slice(0, 4).every((h: { is_current: boolean }) => !h.is_current)).toBe(true);
      expect(history[4].is_current).toBe(true);
      const times = history.map((h: { created_at: string }) => h.created_at);
      expect(times).toEqual([...times].sort());
      const w = await details(alice, wallet);
      expect(history[3]).toMatchObject({ balance_cents: w.balance_cents, stocks_value_cents: w.stocks_value_cents });
      expect(history[4]).toMatchObject({
        balance_cents: w.balance_cents,
        stocks_value_cents: w.stocks_value_cents,
        total_value_cents: w.current_value_cents,
      });
    });

    it('carries the same history in the details and in a trade’s answer', async () => {
      const wallet = await createWallet(alice);
      await buy(alice, wallet, 'PEP', 2);
      const traded = await buy(alice, wallet, 'KO', 3);
      expect(traded.statusCode).toBe(200);
      const fromTrade = traded.json().wallet.history;
      const stored = (await get(alice, 'get_wallet_history', { wallet_id: wallet })).json().history;
      const fromDetails = (await details(alice, wallet)).history;
      const withoutNow = (list: { is_current: boolean }[]) => list.filter((h) => !h.is_current);
      // Three snapshots (created, two buys) everywhere; each list ends with its live "now" point.
      expect(withoutNow(fromTrade)).toHaveLength(3);
      expect(withoutNow(fromTrade)).toEqual(withoutNow(stored));
      expect(withoutNow(fromDetails)).toEqual(withoutNow(stored));
      expect(fromTrade.at(-1)).toMatchObject({ is_current: true, balance_cents: traded.json().wallet.balance_cents });
    });

    it('lists the ledger newest first', async () => {
      const wallet = await createWallet(alice);
      await buy(alice, wallet, 'GE', 3);
      await buy(alice, wallet, 'T', 9);
      await sell(alice, wallet, 'GE', 1);
      const res = await get(alice, 'get_wallet_ledger', { wallet_id: wallet });
      expect(res.statusCode).toBe(200);
      const { trades, message } = res.json();
      expect(message).toBe('3 trades');
      expect(
        trades.map((x: { side: string; symbol: string; quantity: number }) => [x.side, x.symbol, x.quantity]),
      ).toEqual([
        ['sell', 'GE', 1],
        ['buy', 'T', 9],
        ['buy', 'GE', 3],
      ]);
      const empty = await get(alice, 'get_wallet_ledger', { wallet_id: await createWallet(alice) });
      expect(empty.json()).toEqual({ success: true, message: 'No trades yet', trades: [] });
    });
  });

  describe('refusals change nothing', () => {
    let wallet: number;
    beforeAll(async () => {
      wallet = await createWallet(alice, 'Refusals');
      expect((await buy(alice, wallet, 'AAPL', 5)).statusCode).toBe(200);
    });

    const cases: [label: string, action: string, payload: () => object | string, status: number, text?: string][] = [
      [
        'a buy beyond the balance',
        'add_stock_to_wallet',
        () => ({ wallet_id: wallet, symbol: 'AAPL', quantity: 1000 }),
        400,
        'Insufficient balance',
      ],
      [
        'the largest buy',
        'add_stock_to_wallet',
        () => ({ wallet_id: wallet, symbol: 'MSFT', quantity: MAX_TRADE_QUANTITY }),
        400,
        'Insufficient balance',
      ],
      [
        'a sell beyond the holding',
        'sell_stock_from_wallet',
        () => ({ wallet_id: wallet, symbol: 'AAPL', quantity: 6 }),
        400,
        'Insufficient stock quantity',
      ],
      [
        'a sell of a symbol not held',
        'sell_stock_from_wallet',
        () => ({ wallet_id: wallet, symbol: 'MSFT', quantity: 1 }),
        400,
        'Insufficient stock quantity',
      ],
      [
        'a sell of an unknown symbol',
        'sell_stock_from_wallet',
        () => ({ wallet_id: wallet, symbol: 'ZZZZ', quantity: 1 }),
        400,
        'Insufficient stock quantity',
      ],
      [
        'an unknown symbol',
        'add_stock_to_wallet',
        () => ({ wallet_id: wallet, symbol: 'ZZZZ', quantity: 1 }),
        404,
        'No stock found for symbol ZZZZ',
      ],
      ['a malformed symbol', 'add_stock_to_wallet', () => ({ wallet_id: wallet, symbol: 'AA PL', quantity: 1 }), 400],
      ['a missing symbol', 'add_stock_to_wallet', () => ({ wallet_id: wallet, quantity: 1 }), 400],
      [
        'quantity 0',
        'add_stock_to_wallet',
        () => ({ wallet_id: wallet, symbol: 'AAPL', quantity: 0 }),
        400,
        'Quantity must be at least 1',
      ],
      ['a negative quantity', 'add_stock_to_wallet', () => ({ wallet_id: wallet, symbol: 'AAPL', quantity: -5 }), 400],
      ['a negative sell', 'sell_stock_from_wallet', () => ({ wallet_id: wallet, symbol: 'AAPL', quantity: -5 }), 400],
      [
        'a fractional quantity',
        'add_stock_to_wallet',
        () => ({ wallet_id: wallet, symbol: 'AAPL', quantity: 1.5 }),
        400,
        'whole number',
      ],
      [
        'a fractional sell',
        'sell_stock_from_wallet',
        () => ({ wallet_id: wallet, symbol: 'AAPL', quantity: 0.5 }),
        400,
      ],
      [
        'a too large quantity',
        'add_stock_to_wallet',
        () => ({ wallet_id: wallet, symbol: 'AAPL', quantity: MAX_TRADE_QUANTITY + 1 }),
        400,
        'at most 1,000,000',
      ],
      ['a huge quantity', 'sell_stock_from_wallet', () => '{"wallet_id": 1, "symbol": "AAPL", "quantity": 1e400}', 400],
      ['a text quantity', 'add_stock_to_wallet', () => ({ wallet_id: wallet, symbol: 'AAPL', quantity: 'ten' }), 400],
      ['a boolean quantity', 'add_stock_to_wallet', () => ({ wallet_id: wallet, symbol: 'AAPL', quantity: true }), 400],
      ['a missing quantity', 'sell_stock_from_wallet', () => ({ wallet_id: wallet, symbol: 'AAPL' }), 400],
      [
        'an unknown wallet',
        'add_stock_to_wallet',
        () => ({ wallet_id: 999_999, symbol: 'AAPL', quantity: 1 }),
        404,
        'Wallet not found',
      ],
      [
        'an unknown wallet (sell)',
        'sell_stock_from_wallet',
        () => ({ wallet_id: 999_999, symbol: 'AAPL', quantity: 1 }),
        404,
      ],
      ['a huge wallet id', 'add_stock_to_wallet', () => ({ wallet_id: 1e20, symbol: 'AAPL', quantity: 1 }), 400],
      ['a text wallet id', 'sell_stock_from_wallet', () => ({ wallet_id: 'mine', symbol: 'AAPL', quantity: 1 }), 400],
      ['malformed JSON', 'add_stock_to_wallet', () => '{"wallet_id": ', 400],
      ['a JSON array', 'add_stock_to_wallet', () => '[1, 2]', 400],
      ['an unknown wallet (delete)', 'delete_wallet', () => ({ wallet_id: 999_999 }), 404],
      ['a missing wallet id (delete)', 'delete_wallet', () => ({}), 400],
      ['an unknown wallet (rename)', 'rename_wallet', () => ({ wallet_id: 999_999, new_wallet_name: 'X' }), 404],
      ['a duplicate name', 'create_wallet', () => ({ wallet_name: 'refusals' }), 409],
      ['a too long name', 'create_wallet', () => ({ wallet_name: 'n'.repeat(51) }), 400],
    ];

    it.each(cases)('%s', async (_label, action, payload, status, text) => {
      const before = await snapshot();
      const res = await post(alice, action, payload());
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: status, message: expect.any(String) });
      if (text) expect(body.message).toContain(text);
      expect(await snapshot()).toEqual(before);
    });

    it('says what was missing in an insufficient-balance refusal', async () => {
      const price = await priceE4('AAPL');
      const res = await buy(alice, wallet, 'AAPL', 1000);
      const balance = (await details(alice, wallet)).balance_cents;
      const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
      expect(res.json().message).toBe(
        `Insufficient balance: 1,000 shares of AAPL at $${(price / 10_000).toFixed(2)} cost ${dollars(buyCostCents(price, 1000))}, ` +
          `but the wallet has ${dollars(balance)}. Total price exceeds available balance.`,
      );
      const short = await sell(alice, wallet, 'AAPL', 6);
      expect(short.json().message).toBe(
        'Insufficient stock quantity: this wallet holds 5 shares of AAPL, so 6 shares cannot be sold',
      );
      expect((await sell(alice, wallet, 'IBM', 1)).json().message).toBe(
        'Insufficient stock quantity: this wallet holds no IBM shares',
      );
    });

    it('refuses bad query strings on the GET calls', async () => {
      for (const action of ['get_wallet_details', 'get_wallet_history', 'get_wallet_ledger']) {
        expect((await get(alice, action)).statusCode).toBe(400);
        expect((await get(alice, action, { wallet_id: 'abc' })).statusCode).toBe(400);
        expect((await get(alice, action, { wallet_id: -1 })).statusCode).toBe(400);
        expect((await get(alice, action, { wallet_id: 999_999 })).statusCode).toBe(404);
      }
      expect((await get(alice, 'get_wallets', { user_id: 'me' })).statusCode).toBe(400);
    });
  });

  describe('another user', () => {
    it('gets 404 for every call on someone else’s wallet, 403 naming them, and changes nothing', async () => {
      const wallet = await createWallet(alice, 'Private');
      await buy(alice, wallet, 'KO', 10);
      const before = await snapshot();
      for (const action of ['get_wallet_details', 'get_wallet_history', 'get_wallet_ledger']) {
        const res = await get(bob, action, { wallet_id: wallet });
        expect(res.statusCode, action).toBe(404);
        expect(res.json()).toEqual({ success: false, code: 404, message: 'Wallet not found' });
      }
      const posts: [string, object][] = [
        ['delete_wallet', { wallet_id: wallet }],
        ['rename_wallet', { wallet_id: wallet, new_wallet_name: 'Mine now' }],
        ['set_active_wallet', { wallet_id: wallet }],
        ['add_stock_to_wallet', { wallet_id: wallet, symbol: 'KO', quantity: 1 }],
        ['sell_stock_from_wallet', { wallet_id: wallet, symbol: 'KO', quantity: 1 }],
      ];
      for (const [action, payload] of posts) {
        const res = await post(bob, action, payload);
        expect(res.statusCode, action).toBe(404);
        expect(res.json().message).toBe('Wallet not found');
        // Naming the owner is a 403.
        expect((await post(bob, action, { ...payload, user_id: alice.id })).statusCode, action).toBe(403);
      }
      expect((await get(bob, 'get_wallets', { user_id: alice.id })).statusCode).toBe(403);
      expect((await get(bob, 'get_wallet_details', { wallet_id: wallet, user_id: alice.id })).statusCode).toBe(403);
      expect((await post(bob, 'create_wallet', { user_id: alice.id, wallet_name: 'Sneaky' })).statusCode).toBe(403);
      const list = (await get(bob, 'get_wallets')).json().wallets;
      expect(list.some((w: { wallet_id: number }) => w.wallet_id === wallet)).toBe(false);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('authentication', () => {
    const GETS = ['get_wallets', 'get_wallet_details', 'get_wallet_history', 'get_wallet_ledger'];
    const POSTS = [
      'create_wallet',
      'delete_wallet',
      'rename_wallet',
      'set_active_wallet',
      'add_stock_to_wallet',
      'sell_stock_from_wallet',
    ];

    it('answers 401 to every call without a session', async () => {
      for (const action of GETS) {
        const res = await get(undefined, action, { wallet_id: 1 });
        expect(res.statusCode, action).toBe(401);
        expect(res.json()).toMatchObject({ success: false, code: 401 });
      }
      for (const action of POSTS) {
        const res = await t.app.inject({ method: 'POST', url: `/api/finance/${action}`, payload: { wallet_id: 1 } });
        expect(res.statusCode, action).toBe(401);
      }
    });

    it('refuses cookie-authenticated changes without the CSRF header (403), and accepts token auth', async () => {
      const wallet = await createWallet(alice);
      await buy(alice, wallet, 'KO', 2);
      const before = await snapshot();
      const payloads: Record<string, object> = {
        create_wallet: { wallet_name: 'No CSRF' },
        delete_wallet: { wallet_id: wallet },
        rename_wallet: { wallet_id: wallet, new_wallet_name: 'No CSRF' },
        set_active_wallet: { wallet_id: wallet },
        add_stock_to_wallet: { wallet_id: wallet, symbol: 'KO', quantity: 1 },
        sell_stock_from_wallet: { wallet_id: wallet, symbol: 'KO', quantity: 1 },
      };
      for (const action of POSTS) {
        const res = await post(alice, action, payloads[action]!, { csrf: false });
        expect(res.statusCode, action).toBe(403);
      }
      expect(await snapshot()).toEqual(before);
      const viaToken = await injectAs(t.app, alice, {
        via: 'token',
        method: 'POST',
        url: '/api/finance/add_stock_to_wallet',
        payload: payloads.add_stock_to_wallet!,
      });
      expect(viaToken.statusCode).toBe(200);
    });
  });

  it('documents every wallet call in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const action of ['get_wallets', 'get_wallet_details', 'get_wallet_history', 'get_wallet_ledger']) {
      expect(doc.paths[`/api/finance/${action}`], action).toHaveProperty('get');
    }
    for (const action of [
      'create_wallet',
      'delete_wallet',
      'rename_wallet',
      'set_active_wallet',
      'add_stock_to_wallet',
      'sell_stock_from_wallet',
    ]) {
      expect(doc.paths[`/api/finance/${action}`], action).toHaveProperty('post');
    }
  });

  describe('when prices are unavailable', () => {
    it('values holdings at cost with a message, and refuses trades without changing anything', async () => {
      const user = await signUp(t.app);
      const wallet = await createWallet(user);
      await buy(user, wallet, 'AAPL', 3);
      await buy(user, wallet, 'KO', 3);
      const cost = buyCostCents(await priceE4('AAPL'), 3) + buyCostCents(await priceE4('KO'), 3);
      market.failQuotes = true;

      const res = await get(user, 'get_wallet_details', { wallet_id: wallet });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe('Prices are unavailable right now; holdings without a price are valued at cost.');
      expect(body.wallet).toMatchObject({
        stocks_value_cents: cost,
        unrealized_gain_cents: 0,
        prices_available: false,
      });
      expect(body.wallet.stocks[0]).toMatchObject({ price_available: false, unrealized_gain_cents: 0 });
      expect(body.wallet.stocks[0].current_price).toBe(body.wallet.stocks[0].bought_price);

      const list = (await get(user, 'get_wallets')).json();
      expect(list.message).toBe(body.message);
      expect(list.wallets[0]).toMatchObject({ stocks_value_cents: cost, prices_available: false });

      const history = (await get(user, 'get_wallet_history', { wallet_id: wallet })).json();
      expect(history.message).toBe(body.message);
      expect(history.history).toHaveLength(3);
      expect(history.history.some((h: { is_current: boolean }) => h.is_current)).toBe(false);

      const before = await snapshot();
      const trade = await buy(user, wallet, 'AAPL', 1);
      expect(trade.statusCode).toBe(503);
      expect(trade.json()).toMatchObject({ success: false, code: 503 });
      expect((await sell(user, wallet, 'AAPL', 1)).statusCode).toBe(503);
      expect(await snapshot()).toEqual(before);
      // Creating, renaming and listing the ledger need no prices.
      expect((await post(user, 'create_wallet', { wallet_name: 'Offline' })).statusCode).toBe(200);
      expect((await get(user, 'get_wallet_ledger', { wallet_id: wallet })).statusCode).toBe(200);
      const renamed = await post(user, 'rename_wallet', { wallet_id: wallet, new_wallet_name: 'Renamed offline' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().wallet).toMatchObject({ stocks_value_cents: cost, prices_available: false });
    });
  });
});
