import type { StockProfile, StockQuote } from '@site/contract';
import type { DemoMarketDataProvider } from '../demo/demo-provider.js';
import { type MarketDataProvider, profileFromQuote, unknownSymbol } from '../types.js';

/* Test helper: never used by the app itself. */

/**
 * The demo market with a Tokyo and a London listing at fixed prices and the dollar rates of their
 * currencies as given, shaped as Yahoo quotes them (7203.T in JPY, SHEL.L in pence, JPYUSD=X and
 * GBPUSD=X pairs). A rate not given is not quoted at all, so tests see a market without it.
 */
export function withForeignListings(demo: DemoMarketDataProvider, rates: { JPY?: number; GBP?: number }) {
  const extra = (symbol: string, currency: string, currentPrice: number): StockQuote => ({
    ...({} as StockQuote),
    symbol,
    shortName: symbol,
    currentPrice,
    regularMarketOpen: currentPrice,
    regularMarketDayHigh: currentPrice,
    regularMarketDayLow: currentPrice,
    regularMarketPreviousClose: currentPrice,
    regularMarketVolume: 1000,
    regularMarketChange: 0,
    regularMarketChangePercent: 0,
    regularMarketTime: '2025-03-14T15:00:00.000Z',
    marketState: 'REGULAR',
    exchange: currency === 'JPY' ? 'JPX' : currency === 'GBp' ? 'LSE' : 'CCY',
    currency,
    exchangeTimezoneName: currency === 'JPY' ? 'Asia/Tokyo' : 'Europe/London',
    marketCap: null,
    fiftyTwoWeekLow: null,
    fiftyTwoWeekHigh: null,
    averageVolume: null,
    trailingEps: null,
    trailingPE: null,
    dividendRate: null,
    dividendYield: null,
  });
  const listings = new Map<string, StockQuote>([
    ['7203.T', extra('7203.T', 'JPY', 2893.5)],
    ['SHEL.L', extra('SHEL.L', 'GBp', 2550)],
  ]);
  if (rates.JPY !== undefined) listings.set('JPYUSD=X', extra('JPYUSD=X', 'USD', rates.JPY));
  if (rates.GBP !== undefined) listings.set('GBPUSD=X', extra('GBPUSD=X', 'USD', rates.GBP));
  const provider: MarketDataProvider = Object.assign(Object.create(demo) as DemoMarketDataProvider, {
    async getQuotes(symbols: readonly string[]) {
      const out = await demo.getQuotes(symbols.filter((s) => !listings.has(s) && !s.endsWith('=X')));
      for (const symbol of symbols) {
        const quote = listings.get(symbol);
        if (quote) out.set(symbol, quote);
      }
      return out;
    },
    async getQuote(symbol: string) {
      const quote = listings.get(symbol);
      if (quote) return quote;
      if (symbol.endsWith('=X')) throw unknownSymbol(symbol);
      return demo.getQuote(symbol);
    },
    async getProfile(symbol: string): Promise<StockProfile> {
      const quote = listings.get(symbol);
      return quote ? profileFromQuote(quote, null) : demo.getProfile(symbol);
    },
  });
  return { provider, rates };
}
