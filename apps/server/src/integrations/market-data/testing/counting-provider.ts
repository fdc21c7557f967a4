import type {
  HistoryInterval,
  HistoryRange,
  NewsItem,
  StockProfile,
  StockQuote,
  SymbolSearchResult,
} from '@site/contract';
import type { Bar, CorporateActions, MarketDataProvider } from '../types.js';
import { upstreamUnavailable } from '../types.js';

/**
 * A MarketDataProvider that forwards to another and counts the calls (tests and the wallet bench
 * prove valuations make one batched quote call); `failQuotes` simulates a market-data outage.
 */
export class CountingMarketDataProvider implements MarketDataProvider {
  readonly calls = { getQuote: 0, getQuotes: 0, symbolsQuoted: 0 };
  /** The other reads (kept apart so `calls` stays the quote count the wallet tests compare whole). */
  readonly otherCalls = { getProfile: 0, getHistory: 0, getNews: 0 };
  /** corporateActions calls (apart, so the tests comparing `otherCalls` whole keep their meaning). */
  corporateActionsCalls = 0;
  /** When true, getQuote and getQuotes fail like an unreachable upstream (503). */
  failQuotes = false;

  constructor(private readonly inner: MarketDataProvider) {}

  get mode() {
    return this.inner.mode;
  }

  reset() {
    this.calls.getQuote = 0;
    this.calls.getQuotes = 0;
    this.calls.symbolsQuoted = 0;
    this.otherCalls.getProfile = 0;
    this.otherCalls.getHistory = 0;
    this.otherCalls.getNews = 0;
    this.corporateActionsCalls = 0;
  }

  async getQuote(symbol: string): Promise<StockQuote> {
    this.calls.getQuote++;
    if (this.failQuotes) throw upstreamUnavailable('Market data is unavailable');
    return this.inner.getQuote(symbol);
  }

  async getQuotes(symbols: readonly string[]): Promise<Map<string, StockQuote>> {
    this.calls.getQuotes++;
    this.calls.symbolsQuoted += symbols.length;
    if (this.failQuotes) throw upstreamUnavailable('Market data is unavailable');
    return this.inner.getQuotes(symbols);
  }

  getProfile(symbol: string): Promise<StockProfile> {
    this.otherCalls.getProfile++;
    return this.inner.getProfile(symbol);
  }

  getHistory(symbol: string, range: HistoryRange, interval: HistoryInterval): Promise<Bar[]> {
    this.otherCalls.getHistory++;
    return this.inner.getHistory(symbol, range, interval);
  }

  getNews(symbol: string): Promise<NewsItem[]> {
    this.otherCalls.getNews++;
    return this.inner.getNews(symbol);
  }

  search(query: string, limit?: number): Promise<SymbolSearchResult[]> {
    return this.inner.search(query, limit);
  }

  corporateActions(symbol: string, from: string, to: string): Promise<CorporateActions> {
    this.corporateActionsCalls++;
    return this.inner.corporateActions(symbol, from, to);
  }
}
