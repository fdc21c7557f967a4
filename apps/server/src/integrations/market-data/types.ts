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
 * A cash dividend (docs/api.md#corporate-actions). Dates are the exchange's own calendar dates;
 * the times are the instants the wallets act on.
 */
export interface Dividend {
  /** Ex-dividend date (YYYY-MM-DD): shares bought on it or later get nothing. */
  exDate: string;
  /** The ex-date's session open, epoch ms: shares held before it are entitled. */
  exTime: number;
  /** Pay date (YYYY-MM-DD). */
  payDate: string;
  /** When the cash is paid: the pay date's session open, epoch ms. */
  payTime: number;
  /**
   * Cash per share in the listing's currency as its quotes name it ('GBp': pence), per share of
   * its own time: not adjusted for splits that came later.
   */
  amount: number;
}

/** A stock split: `numerator` new shares for every `denominator` old ones (a reverse split has numerator < denominator). */
export interface Split {
  /** The first day the listing trades on the new share count (YYYY-MM-DD). */
  date: string;
  /** That day's session open, epoch ms: shares held before it are split. */
  time: number;
  numerator: number;
  denominator: number;
  /** The split date's close on the new share count (its latest price while that day trades), in the listing's currency; null when unknown. */
  price: number | null;
}

/** A listing's dividends and splits, oldest first. */
export interface CorporateActions {
  symbol: string;
  /** The listing's currency as its quotes name it: dividends are in it. */
  currency: string;
  dividends: Dividend[];
  splits: Split[];
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
  /** Bars oldest first. The caller has checked that the pair is allowed (contract `isIntervalServed`). */
  getHistory(symbol: string, range: HistoryRange, interval: HistoryInterval): Promise<Bar[]>;
  /** Recent news about the symbol, newest first. */
  getNews(symbol: string): Promise<NewsItem[]>;
  /** Symbols and names matching free text (search dropdown). */
  search(query: string, limit?: number): Promise<SymbolSearchResult[]>;
  /**
   * Dividends whose ex-date and splits whose date fall in [from, to] (YYYY-MM-DD, inclusive) and
   * that are known by now (an ex-date or split date today or earlier); docs/api.md#corporate-actions.
   */
  corporateActions(symbol: string, from: string, to: string): Promise<CorporateActions>;
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
