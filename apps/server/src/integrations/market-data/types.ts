import type {
  HistoryInterval,
  HistoryRange,
  NewsItem,
  StockProfile,
  StockQuote,
  SymbolSearchResult,
} from '@site/contract';
import { HttpError, notFound } from '../../core/http-errors.js';

/** One price bar; `time` is the bar's start in epoch milliseconds. */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * Where market data comes from (docs/architecture.md#data-and-configuration): a deterministic offline universe (`demo`) or Yahoo
 * Finance (`live`). Every method takes an upper-case symbol and throws an HttpError: 404 for an
 * unknown symbol, 502/503 when the upstream source fails.
 */
export interface MarketDataProvider {
  readonly mode: 'demo' | 'live';
  /** Price and today's session of one symbol. */
  getQuote(symbol: string): Promise<StockQuote>;
  /** Quotes of many symbols in ONE upstream call; unknown symbols are simply absent from the map. */
  getQuotes(symbols: readonly string[]): Promise<Map<string, StockQuote>>;
  /** Company profile: names, exchange, address, sector, officers, summary. */
  getProfile(symbol: string): Promise<StockProfile>;
  /** Bars oldest first. The caller has checked that the pair is allowed (contract `isIntervalAllowed`). */
  getHistory(symbol: string, range: HistoryRange, interval: HistoryInterval): Promise<Bar[]>;
  /** Recent news about the symbol, newest first. */
  getNews(symbol: string): Promise<NewsItem[]>;
  /** Symbols and names matching free text (search dropdown). */
  search(query: string, limit?: number): Promise<SymbolSearchResult[]>;
}

export const unknownSymbol = (symbol: string) => notFound(`No stock found for symbol ${symbol}`);

/** 502: the source answered, but with something we cannot use. */
export const badUpstream = (message: string) => new HttpError(502, message);
/** 503: the source could not be reached, timed out or is rate limiting us. */
export const upstreamUnavailable = (message: string) => new HttpError(503, message);

/** A profile that knows only what a quote knows (names, exchange); the rest is unknown. */
export function profileFromQuote(quote: StockQuote, longName: string | null): StockProfile {
  return {
    symbol: quote.symbol,
    shortName: quote.shortName,
    longName,
    exchange: quote.exchange,
    website: null,
    irWebsite: null,
    industry: null,
    sector: null,
    address1: null,
    address2: null,
    city: null,
    state: null,
    zip: null,
    country: null,
    fullTimeEmployees: null,
    longBusinessSummary: null,
    companyOfficers: [],
  };
}
