import { BENCHMARK_SYMBOLS } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { epochDayOf, tradingIndexOf } from '../calendar.js';
import { DemoMarketDataProvider } from './demo-provider.js';
import { DEMO_ETFS } from './etfs.js';
import { PriceSeries } from './price-series.js';
import { DEMO_ANCHOR_DATE, DEMO_UNIVERSE } from './universe.js';

/** Friday 2025-03-14, 11:00 in New York: the market is open. */
const FRIDAY_11AM = Date.parse('2025-03-14T15:00:00Z');
const demo = new DemoMarketDataProvider({ now: () => FRIDAY_11AM });

describe('the demo market’s ETFs (docs/api.md#wallet-performance benchmarks)', () => {
  it('lists every benchmark of the contract, as funds beside the companies', async () => {
    expect(DEMO_ETFS.map((etf) => etf.symbol)).toEqual(BENCHMARK_SYMBOLS);
    const quotes = await demo.getQuotes(BENCHMARK_SYMBOLS);
    expect([...quotes.keys()]).toEqual(BENCHMARK_SYMBOLS);
    for (const quote of quotes.values()) {
      expect(quote).toMatchObject({ currency: 'USD', exchangeTimezoneName: 'America/New_York', marketCap: null });
      expect(['PCX', 'NMS']).toContain(quote.exchange);
      expect(quote.currentPrice).toBeGreaterThan(0);
      expect(quote.regularMarketVolume).toBeGreaterThan(0);
      expect(quote.averageVolume).toBeGreaterThan(0);
      expect(quote).toMatchObject({ trailingEps: null, trailingPE: null, dividendRate: null, dividendYield: null });
      expect(quote.fiftyTwoWeekLow).toBeLessThanOrEqual(quote.fiftyTwoWeekHigh ?? 0);
    }
    // A universe given for a test keeps the funds: a wallet can always be compared with SPY.
    const small = new DemoMarketDataProvider({ now: () => FRIDAY_11AM, universe: DEMO_UNIVERSE.slice(0, 2) });
    expect((await small.getQuote('SPY')).symbol).toBe('SPY');
  });

  it('has a fund profile: names, site and summary, but no sector, officers or address', async () => {
    const profile = await demo.getProfile('SPY');
    expect(profile).toMatchObject({
      symbol: 'SPY',
      longName: 'SPDR S&P 500 ETF Trust',
      exchange: 'PCX',
      website: 'https://www.ssga.com',
      sector: null,
      industry: null,
      address1: null,
      companyOfficers: [],
    });
    expect(profile.longBusinessSummary).toMatch(/S&P 500/);
    expect(await demo.getNews('SPY')).toEqual([]);
  });

  it('is found by search as an ETF', async () => {
    expect(await demo.search('SPY')).toEqual([
      expect.objectContaining({ symbol: 'SPY', exchange: 'PCX', type: 'ETF' }),
    ]);
    expect((await demo.search('vanguard total')).map((r) => r.symbol)).toEqual(['VTI']);
  });

  it('lands each fund’s path on its anchor price, with daily closes to chart', async () => {
    const index = tradingIndexOf(epochDayOf(DEMO_ANCHOR_DATE));
    for (const etf of DEMO_ETFS) expect(new PriceSeries(etf).rawClose(index)).toBeCloseTo(etf.anchorPrice, 6);
    const bars = await demo.getHistory('SPY', '1y', '1d');
    expect(bars.length).toBeGreaterThan(240);
    expect(bars.at(-1)?.close).toBe((await demo.getQuote('SPY')).currentPrice);
  });
});
