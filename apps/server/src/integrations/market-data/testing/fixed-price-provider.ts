import type { StockProfile, StockQuote } from '@site/contract';
import { type MarketDataProvider, profileFromQuote } from '../types.js';

/* Test helper: never used by the app itself. */

/** A US-dollar quote of `symbol` at exactly `price`, as a live source would send it. */
function fixedQuote(symbol: string, price: number): StockQuote {
  return {
    symbol,
    shortName: `${symbol} Test Co.`,
    currentPrice: price,
    regularMarketOpen: price,
    regularMarketDayHigh: price,
    regularMarketDayLow: price,
    regularMarketPreviousClose: price,
    regularMarketVolume: 1000,
    regularMarketChange: 0,
    regularMarketChangePercent: 0,
    regularMarketTime: '2025-03-14T15:00:00.000Z',
    marketState: 'REGULAR',
    exchange: 'PNK',
    currency: 'USD',
    exchangeTimezoneName: 'America/New_York',
    marketCap: null,
    fiftyTwoWeekLow: null,
    fiftyTwoWeekHigh: null,
    averageVolume: null,
    trailingEps: null,
    trailingPE: null,
    dividendRate: null,
    dividendYield: null,
  };
}

/**
 * Another provider with some symbols quoted at prices the test sets and changes (`prices`, in
 * dollars), e.g. a sub-cent penny stock; every other symbol and call goes to `inner`.
 */
export class FixedPriceMarketDataProvider implements MarketDataProvider {
  readonly prices = new Map<string, number>();

  constructor(
    private readonly inner: MarketDataProvider,
    prices: Record<string, number> = {},
  ) {
    for (const [symbol, price] of Object.entries(prices)) this.prices.set(symbol, price);
  }

  get mode() {
    return this.inner.mode;
  }

  async getQuote(symbol: string): Promise<StockQuote> {
    const price = this.prices.get(symbol);
    return price === undefined ? this.inner.getQuote(symbol) : fixedQuote(symbol, price);
  }

  async getQuotes(symbols: readonly string[]): Promise<Map<string, StockQuote>> {
    const rest = symbols.filter((symbol) => !this.prices.has(symbol));
    const out = rest.length > 0 ? await this.inner.getQuotes(rest) : new Map<string, StockQuote>();
    for (const symbol of symbols) {
      const price = this.prices.get(symbol);
      if (price !== undefined) out.set(symbol, fixedQuote(symbol, price));
    }
    return out;
  }

  async getProfile(symbol: string): Promise<StockProfile> {
    const price = this.prices.get(symbol);
    return price === undefined ? this.inner.getProfile(symbol) : profileFromQuote(fixedQuote(symbol, price), null);
  }

  getHistory(...args: Parameters<MarketDataProvider['getHistory']>) {
    return this.inner.getHistory(...args);
  }

  getNews(symbol: string) {
    return this.inner.getNews(symbol);
  }

  search(query: string, limit?: number) {
    return this.inner.search(query, limit);
  }
}
