import { LEDGER_CSV_COLUMNS } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoMarketDataProvider } from '../../../integrations/market-data/demo/demo-provider.js';
import { FixedPriceMarketDataProvider } from '../../../integrations/market-data/testing/fixed-price-provider.js';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../../test/test-databases.js';

/** Friday 2025-03-14, 11:00 in New York. */
const NOW = Date.parse('2025-03-14T15:00:00Z');
/** A name a spreadsheet would run as a formula, with a comma and quotes besides. */
const NAME = '=HYPERLINK("x", 1) "best", ever';

describe.each(routeTestDatabaseKinds)('GET get_wallet_ledger_csv on %s (docs/api.md#wallet-ledger-csv)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let walletId: number;
  const trades: { created_at: string }[] = [];
  const market = new FixedPriceMarketDataProvider(new DemoMarketDataProvider({ now: () => NOW }), { KO: 62.5 });

  const csvOf = (user: TestUser, id: number) =>
    injectAs(t.app, user, { method: 'GET', url: `/api/finance/get_wallet_ledger_csv?wallet_id=${id}` });
  const post = async (action: string, payload: object) => {
    const res = await injectAs(t.app, alice, { method: 'POST', url: `/api/finance/${action}`, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { marketData: market });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
    walletId = (await post('create_wallet', { wallet_name: NAME })).wallet_id;
    trades.push((await post('add_stock_to_wallet', { wallet_id: walletId, symbol: 'KO', quantity: 40 })).trade);
    market.prices.set('KO', 63.1234);
    trades.push((await post('sell_stock_from_wallet', { wallet_id: walletId, symbol: 'KO', quantity: 15 })).trade);
  });
  afterAll(() => t.close());

  it('downloads the ledger oldest first as text/csv, quoted and defused, named after the wallet', async () => {
    const res = await csvOf(alice, walletId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="HYPERLINK-x-1-best-ever-ledger.csv"; filename*=UTF-8''${encodeURIComponent(`${NAME}-ledger.csv`).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    // 40 × $62.50 = $2,500.00; 15 × $63.1234 = $946.851 → $946.85 (a sale rounds down), on a basis of
    // 15/40 of $2,500.00 = $937.50: a gain of $9.35.
    const wallet = `"'=HYPERLINK(""x"", 1) ""best"", ever"`;
    expect(res.body).toBe(
      [
        LEDGER_CSV_COLUMNS.join(','),
        `${trades[0]?.created_at},buy,KO,40,62.50,-2500.00,USD,62.5,1,0.00,97500.00,${wallet}`,
        `${trades[1]?.created_at},sell,KO,15,63.1234,946.85,USD,63.1234,1,9.35,98446.85,${wallet}`,
        '',
      ].join('\r\n'),
    );
  });

  it('leaves the JSON ledger as it was: newest first, trades only', async () => {
    const res = await injectAs(t.app, alice, {
      method: 'GET',
      url: `/api/finance/get_wallet_ledger?wallet_id=${walletId}`,
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().trades.map((trade: { side: string }) => trade.side)).toEqual(['sell', 'buy']);
  });

  it('answers 404 for another user’s wallet, 401 signed out, 400 for a bad id', async () => {
    const other = await csvOf(bob, walletId);
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toMatch(/^application\/json/);
    expect(other.json().message).toBe('Wallet not found');
    expect(other.body).not.toContain('KO');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/finance/get_wallet_ledger_csv?wallet_id=${walletId}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await injectAs(t.app, alice, { method: 'GET', url: '/api/finance/get_wallet_ledger_csv?wallet_id=x' });
    expect(bad.statusCode).toBe(400);
  });
});
