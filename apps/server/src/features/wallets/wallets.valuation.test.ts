import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DemoMarketDataProvider } from '../../integrations/market-data/demo/demo-provider.js';
import { DEMO_UNIVERSE } from '../../integrations/market-data/demo/universe.js';
import { CountingMarketDataProvider } from '../../integrations/market-data/testing/counting-provider.js';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../test/test-databases.js';

/** Friday 2025-03-14, 11:00 in New York: the market is open. */
const NOW = Date.parse('2025-03-14T15:00:00Z');
const HOLDINGS = 50;

/** The demo's US listings (no exchange-rate call) topped up with copies under made-up symbols, so one wallet can hold 50 stocks. */
const US = DEMO_UNIVERSE.filter((company) => company.currency === 'USD');
const UNIVERSE = [
  ...US,
  ...US.slice(0, Math.max(0, HOLDINGS - US.length)).map((company, i) => ({
    ...company,
    symbol: `ZQ${i}`,
  })),
];

describe.each(routeTestDatabaseKinds)('batched valuation on %s', (kind) => {
  let t: TestApp;
  let user: TestUser;
  const market = new CountingMarketDataProvider(new DemoMarketDataProvider({ now: () => NOW, universe: UNIVERSE }));
  const symbols = UNIVERSE.slice(0, HOLDINGS).map((c) => c.symbol);
  let big: number;
  const others: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { marketData: market });
    user = await signUp(t.app);
    const create = async (wallet_name: string) =>
      (
        await injectAs(t.app, user, { method: 'POST', url: '/api/finance/create_wallet', payload: { wallet_name } })
      ).json().wallet.wallet_id as number;
    const buy = async (wallet_id: number, symbol: string) => {
      const res = await injectAs(t.app, user, {
        method: 'POST',
        url: '/api/finance/add_stock_to_wallet',
        payload: { wallet_id, symbol, quantity: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    big = await create('Fifty stocks');
    for (const symbol of symbols) await buy(big, symbol);
    for (let w = 0; w < 4; w++) {
      const id = await create(`Small ${w}`);
      others.push(id);
      for (const symbol of symbols.slice(w * 5, w * 5 + 8)) await buy(id, symbol);
    }
  });
  afterAll(() => t.close());
  beforeEach(() => market.reset());

  const get = (url: string) => injectAs(t.app, user, { method: 'GET', url });

  it(`prices a wallet of ${HOLDINGS} holdings with ONE getQuotes call and no getQuote`, async () => {
    const res = await get(`/api/finance/get_wallet_details?wallet_id=${big}`);
    expect(res.statusCode).toBe(200);
    const wallet = res.json().wallet;
    expect(wallet.stocks).toHaveLength(HOLDINGS);
    expect(wallet.stocks.every((s: { price_available: boolean }) => s.price_available)).toBe(true);
    expect(market.calls).toEqual({ getQuote: 0, getQuotes: 1, symbolsQuoted: HOLDINGS });
  });

  it('values all wallets of get_wallets with ONE getQuotes call across their symbols', async () => {
    const res = await get('/api/finance/get_wallets');
    expect(res.statusCode).toBe(200);
    expect(res.json().wallets).toHaveLength(5);
    expect(market.calls.getQuote).toBe(0);
    expect(market.calls.getQuotes).toBe(1);
    // Each symbol is asked for once, however many wallets hold it.
    expect(market.calls.symbolsQuoted).toBe(HOLDINGS);
  });

  it('makes one call for the history "now" point, one per trade, and none without holdings', async () => {
    await get(`/api/finance/get_wallet_history?wallet_id=${big}`);
    expect(market.calls).toMatchObject({ getQuote: 0, getQuotes: 1 });
    market.reset();
    const trade = await injectAs(t.app, user, {
      method: 'POST',
      url: '/api/finance/sell_stock_from_wallet',
      payload: { wallet_id: big, symbol: symbols[0], quantity: 1 },
    });
    expect(trade.statusCode).toBe(200);
    expect(trade.json().wallet.stocks).toHaveLength(HOLDINGS - 1);
    expect(market.calls).toMatchObject({ getQuote: 0, getQuotes: 1 });
    market.reset();
    const created = await injectAs(t.app, user, {
      method: 'POST',
      url: '/api/finance/create_wallet',
      payload: { wallet_name: 'Empty' },
    });
    const empty = created.json().wallet.wallet_id;
    await get(`/api/finance/get_wallet_details?wallet_id=${empty}`);
    await get(`/api/finance/get_wallet_ledger?wallet_id=${empty}`);
    expect(market.calls).toMatchObject({ getQuote: 0, getQuotes: 0 });
  });

  it('sums the history snapshots from the holdings at trade prices', async () => {
    const details = (await get(`/api/finance/get_wallet_details?wallet_id=${others[0]}`)).json().wallet;
    const history = (await get(`/api/finance/get_wallet_history?wallet_id=${others[0]}`)).json().history;
    const last = history.at(-2);
    // The clock is pinned, so the last trade's snapshot equals today's valuation.
    expect(last).toMatchObject({
      balance_cents: details.balance_cents,
      stocks_value_cents: details.stocks_value_cents,
    });
  });
});
