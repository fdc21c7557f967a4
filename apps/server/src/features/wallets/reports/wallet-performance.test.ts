import { STARTING_CASH_CENTS } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DemoMarketDataProvider } from '../../../integrations/market-data/demo/demo-provider.js';
import { CountingMarketDataProvider } from '../../../integrations/market-data/testing/counting-provider.js';
import { DailyPathMarketDataProvider } from '../../../integrations/market-data/testing/daily-path-provider.js';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../../test/test-databases.js';

/*
 * docs/api.md#wallet-performance checked against a hand-computed example. Ten New York trading
 * days, Monday 2024-12-30 (D0) to Friday 2025-01-10 (D9), with these closes (the demo calendar has
 * no holidays, so New Year's Day trades):
 *
 *   day  date        AAPL    JPM   SPY
 *   D0   2024-12-30  100     50    500
 *   D1   2024-12-31  110     50    505
 *   D2   2025-01-01  110     55    505
 *   D3   2025-01-02   99     55    510
 *   D4   2025-01-03  104.5   44    495
 *   D5   2025-01-06  110     44    500
 *   D6   2025-01-07  121     50    520
 *   D7   2025-01-08  110     50    510
 *   D8   2025-01-09  115.5   55    515
 *   D9   2025-01-10  121     50    525
 *
 * The wallet is created on D0 with $100,000 and trades at 10:00 New York (quoted at the day's close):
 *   D0 buy 100 AAPL @ 100   = −10,000   cash 90,000
 *   D1 buy 200 JPM  @ 50    = −10,000   cash 80,000
 *   D4 sell 50 AAPL @ 104.5 = +5,225    cash 85,225
 *   D6 buy 100 JPM  @ 50    = −5,000    cash 80,225
 *
 * Value at each close = cash + Σ shares × close:
 *   D0 90,000 + 100×100                 = 100,000
 *   D1 80,000 + 100×110   + 200×50      = 101,000
 *   D2 80,000 + 100×110   + 200×55      = 102,000
 *   D3 80,000 + 100×99    + 200×55      = 100,900
 *   D4 85,225 +  50×104.5 + 200×44      =  99,250
 *   D5 85,225 +  50×110   + 200×44      =  99,525
 *   D6 80,225 +  50×121   + 300×50      = 101,275
 *   D7 80,225 +  50×110   + 300×50      = 100,725
 *   D8 80,225 +  50×115.5 + 300×55      = 102,500
 *   D9 80,225 +  50×121   + 300×50      = 101,275
 *
 * Returns (no deposits, so the chain-linked daily returns equal end ÷ start − 1):
 *   1D  from D8:  101,275 / 102,500 − 1 = −1.19512…%  → −1.1951
 *   1W  from D4 (2025-01-03, seven days before D9): 101,275 / 99,250 − 1 = 2.04030…% → 2.0403
 *   1M  from 2024-12-10: before the wallet existed → null; 1Y likewise
 *   YTD from D1 (2024-12-31): 101,275 / 101,000 − 1 = 0.27228…% → 0.2723
 *   ALL from the starting 100,000: 1.275%
 * Benchmark: 100,000 × SPY ÷ 500 = 200 × SPY: 100,000 101,000 101,000 102,000 99,000 100,000
 *   104,000 102,000 103,000 105,000. 1D 105,000/103,000 − 1 = 1.94175…% → 1.9417;
 *   1W 105,000/99,000 − 1 = 6.06061…% → 6.0606; YTD 105,000/101,000 − 1 = 3.96040…% → 3.9604; ALL 5%.
 * Maximum drawdown: peak 102,000 (D2) → trough 99,250 (D4): 99,250/102,000 − 1 = −2.69608…% → −2.6961
 *   (the later fall 102,500 → 101,275 is only −1.195%).
 * Volatility: the nine close-to-close returns
 *   +0.0100000, +0.0099010, −0.0107843, −0.0163528, +0.0027708, +0.0175835, −0.0054308, +0.0176222, −0.0119512
 *   mean 0.00148427; Σ(r − mean)² = 0.00136164; sample variance ÷ 8 = 0.000170205;
 *   stdev 0.0130463; × √252 (15.8745) = 0.207103 → 20.7103%.
 * Allocation on D9 (total 101,275): AAPL 50×121 = 6,050 (5.9738%), JPM 300×50 = 15,000 (14.8112%),
 *   cash 80,225 (79.2150%); sectors: Financial Services (JPM) 14.8112%, Technology (AAPL) 5.9738%.
 */

const PATHS = {
  AAPL: [100, 110, 110, 99, 104.5, 110, 121, 110, 115.5, 121],
  JPM: [50, 50, 55, 55, 44, 44, 50, 50, 55, 50],
  SPY: [500, 505, 505, 510, 495, 500, 520, 510, 515, 525],
};
const DATES = [
  '2024-12-30',
  '2024-12-31',
  '2025-01-01',
  '2025-01-02',
  '2025-01-03',
  '2025-01-06',
  '2025-01-07',
  '2025-01-08',
  '2025-01-09',
  '2025-01-10',
];
const paths = Object.fromEntries(
  Object.entries(PATHS).map(([symbol, closes]) => [symbol, Object.fromEntries(DATES.map((d, i) => [d, closes[i]!]))]),
);
/** 10:00 in New York (EST) on day `i`. */
const tradeTime = (i: number) => new Date(`${DATES[i]}T15:00:00.000Z`);

describe.each(routeTestDatabaseKinds)('wallet performance on %s (docs/api.md#wallet-performance)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let walletId: number;
  const market = new CountingMarketDataProvider(
    new DailyPathMarketDataProvider(new DemoMarketDataProvider({ now: () => Date.now() }), paths),
  );

  const get = (user: TestUser, action: string, query: Record<string, string | number>) =>
    injectAs(t.app, user, {
      method: 'GET',
      url: `/api/finance/${action}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    });
  const post = async (user: TestUser, action: string, payload: object) => {
    const res = await injectAs(t.app, user, { method: 'POST', url: `/api/finance/${action}`, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const trade = (
    day: number,
    side: 'add_stock_to_wallet' | 'sell_stock_from_wallet',
    symbol: string,
    quantity: number,
  ) => {
    vi.setSystemTime(tradeTime(day));
    return post(alice, side, { wallet_id: walletId, symbol, quantity });
  };

  beforeAll(async () => {
    // The clock the server stamps the ledger with, and the market's: the days of the example.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-12-30T14:30:00.000Z'));
    t = await createTestApp(kind, {}, undefined, { marketData: market });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
    walletId = (await post(alice, 'create_wallet', { wallet_name: 'Hand example' })).wallet_id;
    await trade(0, 'add_stock_to_wallet', 'AAPL', 100);
    await trade(1, 'add_stock_to_wallet', 'JPM', 200);
    await trade(4, 'sell_stock_from_wallet', 'AAPL', 50);
    await trade(6, 'add_stock_to_wallet', 'JPM', 100);
    vi.setSystemTime(tradeTime(9));
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  it('rebuilds the daily values, returns, drawdown, volatility and allocation of the hand example', async () => {
    market.reset();
    const res = await get(alice, 'get_wallet_performance', { wallet_id: walletId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: '10 trading days since 2024-12-30, compared with SPY',
      wallet_id: walletId,
      wallet_name: 'Hand example',
      start_value: 100_000,
      start_value_cents: STARTING_CASH_CENTS,
      benchmark: { symbol: 'SPY', index: 'S&P 500', fund: 'SPDR S&P 500 ETF Trust' },
      unpriced_symbols: [],
    });
    expect(body.series.map((p: { date: string }) => p.date)).toEqual(DATES);
    expect(body.series.map((p: { value: number }) => p.value)).toEqual([
      100_000, 101_000, 102_000, 100_900, 99_250, 99_525, 101_275, 100_725, 102_500, 101_275,
    ]);
    expect(body.series.map((p: { benchmark_value: number }) => p.benchmark_value)).toEqual([
      100_000, 101_000, 101_000, 102_000, 99_000, 100_000, 104_000, 102_000, 103_000, 105_000,
    ]);
    expect(body.series[9].value_cents).toBe(10_127_500);
    expect(body.returns.periods).toEqual([
      { period: '1D', start_date: '2025-01-09', return_percent: -1.1951, benchmark_return_percent: 1.9417 },
      { period: '1W', start_date: '2025-01-03', return_percent: 2.0403, benchmark_return_percent: 6.0606 },
      { period: '1M', start_date: null, return_percent: null, benchmark_return_percent: null },
      { period: 'YTD', start_date: '2024-12-31', return_percent: 0.2723, benchmark_return_percent: 3.9604 },
      { period: '1Y', start_date: null, return_percent: null, benchmark_return_percent: null },
      { period: 'ALL', start_date: '2024-12-30', return_percent: 1.275, benchmark_return_percent: 5 },
    ]);
    expect(body.returns.method).toMatch(
      /^Time-weighted return: .*chain-linked.*no deposits or withdrawals, so it equals the simple return/,
    );
    expect(body.max_drawdown).toEqual({
      percent: -2.6961,
      peak_date: '2025-01-01',
      peak_value_cents: 10_200_000,
      trough_date: '2025-01-03',
      trough_value_cents: 9_925_000,
      method: expect.stringMatching(/^Maximum drawdown: .*trough ÷ peak − 1/),
    });
    expect(body.volatility).toEqual({
      annualized_percent: 20.7103,
      daily_returns: 9,
      method: expect.stringMatching(/sample standard deviation of the daily simple returns .* × √252/),
    });
    expect(body.allocation).toEqual({
      total_cents: 10_127_500,
      by_holding: [
        { label: 'JPM', symbol: 'JPM', value: 15_000, value_cents: 1_500_000, percent: 14.8112 },
        { label: 'AAPL', symbol: 'AAPL', value: 6_050, value_cents: 605_000, percent: 5.9738 },
        { label: 'Cash', symbol: null, value: 80_225, value_cents: 8_022_500, percent: 79.215 },
      ],
      by_sector: [
        { label: 'Financial Services', symbol: null, value: 15_000, value_cents: 1_500_000, percent: 14.8112 },
        { label: 'Technology', symbol: null, value: 6_050, value_cents: 605_000, percent: 5.9738 },
        { label: 'Cash', symbol: null, value: 80_225, value_cents: 8_022_500, percent: 79.215 },
      ],
    });
    // The last point is the wallet page's value now.
    const details = (await get(alice, 'get_wallet_details', { wallet_id: walletId })).json();
    expect(details.wallet.current_value_cents).toBe(10_127_500);
    // One batched quote call and one daily history per symbol (AAPL, JPM, SPY), whatever the days.
    expect(market.calls.getQuotes).toBe(2);
    expect(market.otherCalls.getHistory).toBe(3);
    // Splits only for the ledger's listings (their closes go on each day's share count), not the benchmark's.
    expect(market.corporateActionsCalls).toBe(2);
  });

  it('serves a second look from the daily-closes cache', async () => {
    market.reset();
    const res = await get(alice, 'get_wallet_performance', { wallet_id: walletId });
    expect(res.statusCode).toBe(200);
    expect(market.otherCalls.getHistory).toBe(0);
  });

  it('compares with another of the universe’s ETFs, in any case, and refuses anything else (400)', async () => {
    const qqq = await get(alice, 'get_wallet_performance', { wallet_id: walletId, benchmark: ' qqq ' });
    expect(qqq.statusCode, qqq.body).toBe(200);
    const body = qqq.json();
    expect(body.benchmark).toEqual({ symbol: 'QQQ', index: 'Nasdaq-100', fund: 'Invesco QQQ Trust' });
    // The same wallet values, another line beside them, starting from the same money.
    expect(body.series[9].value).toBe(101_275);
    expect(body.series[0].benchmark_value).toBe(100_000);
    expect(body.series.map((p: { benchmark_value: number }) => p.benchmark_value)).not.toEqual(
      body.series.map((p: { value: number }) => p.value),
    );

    for (const benchmark of ['AAPL', 'SPX', '', 'SPY;DROP']) {
      const res = await get(alice, 'get_wallet_performance', { wallet_id: walletId, benchmark });
      expect(res.statusCode, benchmark).toBe(400);
      expect(res.json().message).toMatch(/Benchmark must be one of SPY, QQQ, DIA, IWM, VTI/);
    }
  });

  it('answers 404 for another user’s wallet and for one that does not exist, 401 signed out', async () => {
    for (const id of [walletId, 999_999]) {
      const res = await get(bob, 'get_wallet_performance', { wallet_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Wallet not found');
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/finance/get_wallet_performance?wallet_id=${walletId}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const claimed = await get(bob, 'get_wallet_performance', { wallet_id: walletId, user_id: alice.id });
    expect(claimed.statusCode).toBe(403);
  });

  it('gives a new wallet one day at its starting money and no returns but ALL', async () => {
    const id = (await post(bob, 'create_wallet', { wallet_name: 'Fresh' })).wallet_id;
    const body = (await get(bob, 'get_wallet_performance', { wallet_id: id })).json();
    expect(body.series).toEqual([
      {
        date: '2025-01-10',
        value: 100_000,
        value_cents: STARTING_CASH_CENTS,
        benchmark_value: 100_000,
        benchmark_value_cents: STARTING_CASH_CENTS,
      },
    ]);
    expect(body.returns.periods.map((p: { return_percent: number | null }) => p.return_percent)).toEqual([
      null,
      null,
      null,
      null,
      null,
      0,
    ]);
    expect(body.max_drawdown).toMatchObject({ percent: 0, peak_date: null, trough_date: null });
    expect(body.volatility).toMatchObject({ annualized_percent: null, daily_returns: 0 });
    expect(body.allocation.by_holding).toEqual([
      { label: 'Cash', symbol: null, value: 100_000, value_cents: STARTING_CASH_CENTS, percent: 100 },
    ]);
  });
});
