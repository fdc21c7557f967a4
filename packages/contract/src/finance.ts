import { z } from 'zod';
import { claimedUserField } from './common.js';
import { endpoint } from './endpoint.js';
import {
  DEFAULT_INTERVAL,
  DEFAULT_RANGE,
  INTERVALS,
  intervalNotServedMessage,
  isIntervalServed,
  RANGES,
  SEARCH_QUERY_MAX,
  SYMBOL_ERRORS,
  SYMBOL_MAX_LENGTH,
  SYMBOL_PATTERN,
} from './finance-constants.js';
import { routes } from './routes.js';

export * from './finance-constants.js';

/*
 * Finance I: stock lookup, full stock (profile + price history + news) and the watchlist
 * (docs/product.md#finance, and the original API's Stock, Officer, News, Price history and
 * Watchlist shapes: docs/api.md#compatibility-promise). Field names are the seed's (Yahoo's) on purpose.
 */

export const symbolSchema = z
  .string({ error: SYMBOL_ERRORS.required })
  .trim()
  .toUpperCase()
  .min(1, SYMBOL_ERRORS.required)
  .max(SYMBOL_MAX_LENGTH, SYMBOL_ERRORS.tooLong)
  .regex(SYMBOL_PATTERN, SYMBOL_ERRORS.characters);

export const rangeSchema = z.enum(RANGES, { error: `Range must be one of ${RANGES.join(', ')}` });
export const intervalSchema = z.enum(INTERVALS, { error: `Interval must be one of ${INTERVALS.join(', ')}` });

// ---------------------------------------------------------------------------------------------
// Entities (docs/api.md#compatibility-promise)
// ---------------------------------------------------------------------------------------------

export const officerSchema = z.object({ name: z.string(), title: z.string() });
export type Officer = z.infer<typeof officerSchema>;

/** The moving part of a stock: price and today's session. Numbers are null when the source lacks them. */
export const stockQuoteSchema = z.object({
  symbol: z.string(),
  shortName: z.string(),
  /** Last trade price (during market hours it moves; otherwise the last close). Trades use it. */
  currentPrice: z.number(),
  regularMarketOpen: z.number().nullable(),
  regularMarketDayHigh: z.number().nullable(),
  regularMarketDayLow: z.number().nullable(),
  regularMarketPreviousClose: z.number().nullable(),
  regularMarketVolume: z.number().nullable(),
  /** currentPrice − regularMarketPreviousClose, and the same in percent. */
  regularMarketChange: z.number().nullable(),
  regularMarketChangePercent: z.number().nullable(),
  /** ISO-8601 UTC time of the last trade. */
  regularMarketTime: z.string().nullable(),
  /** PRE, REGULAR, POST or CLOSED (live data may carry Yahoo's other values). */
  marketState: z.string().nullable(),
  /** Exchange code as Yahoo spells it: NMS (Nasdaq), NYQ (NYSE), … */
  exchange: z.string(),
  currency: z.string(),
  /**
   * The exchange's IANA zone (America/New_York, Asia/Tokyo): charts show bar times and trading dates
   * in it. Null when the source does not say.
   */
  exchangeTimezoneName: z.string().nullable(),
  marketCap: z.number().nullable(),
  /*
   * Key statistics (additions, named as Yahoo and yfinance name them; docs/api.md#stock-statistics).
   * Prices and per-share amounts are in `currency`; null when the source lacks them (a currency
   * pair has no earnings, a company without a dividend no yield).
   */
  /** Lowest low and highest high of the last 52 weeks' daily bars, today's included. */
  fiftyTwoWeekLow: z.number().nullable(),
  fiftyTwoWeekHigh: z.number().nullable(),
  /** Average shares traded per day over the last three months. */
  averageVolume: z.number().nullable(),
  /** Earnings per share over the last twelve months (negative for a loss). */
  trailingEps: z.number().nullable(),
  /** currentPrice / trailingEps; null when the earnings are not positive. */
  trailingPE: z.number().nullable(),
  /** Dividends per share a year, at the current rate. */
  dividendRate: z.number().nullable(),
  /** dividendRate / currentPrice, in percent (0.44 = 0.44 %), like regularMarketChangePercent. */
  dividendYield: z.number().nullable(),
});
export type StockQuote = z.infer<typeof stockQuoteSchema>;

/** The company part of a stock: changes rarely. Strings are null when the source lacks them. */
export const stockProfileSchema = z.object({
  symbol: z.string(),
  shortName: z.string(),
  longName: z.string().nullable(),
  exchange: z.string(),
  website: z.string().nullable(),
  irWebsite: z.string().nullable(),
  industry: z.string().nullable(),
  sector: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  fullTimeEmployees: z.number().int().nullable(),
  longBusinessSummary: z.string().nullable(),
  companyOfficers: z.array(officerSchema),
});
export type StockProfile = z.infer<typeof stockProfileSchema>;

/** docs/api.md#compatibility-promise (Stock): every field of the quote and of the profile. */
export const stockSchema = stockProfileSchema.extend(stockQuoteSchema.shape).extend({
  /**
   * `currentPrice` in US dollars when the listing trades in another currency, at the provider's
   * current rate (what a wallet would pay a share); equal to it for dollar listings, null when no
   * rate could be had. docs/api.md#money.
   */
  currentPriceUsd: z.number().nullable(),
});
export type Stock = z.infer<typeof stockSchema>;

export const newsThumbnailResolutionSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  tag: z.string(),
});
export const newsItemSchema = z.object({
  uuid: z.string(),
  title: z.string(),
  link: z.string(),
  publisher: z.string(),
  /** Epoch seconds, as Yahoo sends it. */
  providerPublishTime: z.number().int(),
  relatedTickers: z.array(z.string()),
  /** Always present; `resolutions` may be empty. Show the image only if `resolutions[0]?.url`. */
  thumbnail: z.object({ resolutions: z.array(newsThumbnailResolutionSchema) }),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/** One bar of docs/api.md#compatibility-promise (Price) history. */
export const priceBarSchema = z.object({
  Open: z.number(),
  High: z.number(),
  Low: z.number(),
  Close: z.number(),
  Volume: z.number(),
});
export type PriceBar = z.infer<typeof priceBarSchema>;

/**
 * Price history keyed by the bar's start time as an ISO-8601 UTC string
 * (e.g. "2025-01-02T14:30:00.000Z"), oldest first. Daily, weekly and monthly bars are stamped
 * with the market open (09:30 America/New_York) of their first trading day, so the UTC date of
 * the key is the trading date.
 */
export const priceHistorySchema = z.record(z.string(), priceBarSchema);
export type PriceHistory = z.infer<typeof priceHistorySchema>;

// ---------------------------------------------------------------------------------------------
// Calls (docs/api.md#every-call (Finance))
// ---------------------------------------------------------------------------------------------

/** GET /api/finance/get_stock?symbol=&user= — public; `user`, if given while signed in, must be you. */
export const getStockQuerySchema = z.object({ symbol: symbolSchema, user: claimedUserField });
/**
 * The original API's answer: `symbol` IS the stock object (every Stock field; a client reads
 * `res.symbol.currentPrice` as the trade price) and `watchlist` the signed-in caller's symbols
 * (`[]` for a visitor). `in_watchlist` (an addition) says whether this symbol is among them.
 */
export const getStockResponseSchema = z.object({
  symbol: stockSchema,
  watchlist: z.array(z.string()),
  in_watchlist: z.boolean(),
});
export type GetStockResponse = z.infer<typeof getStockResponseSchema>;

/** GET /api/finance/get_full_stock?symbol=&range=&interval= — defaults 1y / 1d; pairs beyond SERVED_RANGES are 400. */
export const getFullStockQuerySchema = z
  .object({
    symbol: symbolSchema,
    range: rangeSchema.default(DEFAULT_RANGE),
    interval: intervalSchema.default(DEFAULT_INTERVAL),
  })
  .superRefine((query, ctx) => {
    if (!isIntervalServed(query.range, query.interval)) {
      ctx.addIssue({
        code: 'custom',
        path: ['interval'],
        message: intervalNotServedMessage(query.range, query.interval),
      });
    }
  });
export type GetFullStockQuery = z.input<typeof getFullStockQuerySchema>;

/** A dividend on the chart (docs/api.md#corporate-actions). */
export const stockDividendSchema = z.object({
  /** Ex-dividend date, the exchange's calendar date (YYYY-MM-DD). */
  exDate: z.string(),
  /** The ex-date's session open, ISO-8601 UTC: the start of that day's bar in `history`. */
  time: z.string(),
  /** Pay date (YYYY-MM-DD; estimated live, docs/api.md#corporate-actions). */
  payDate: z.string(),
  /** Cash per share in the listing's currency (`currency`), on the share count of its day. */
  amount: z.number(),
});
export type StockDividend = z.infer<typeof stockDividendSchema>;

/** A stock split on the chart: `numerator` new shares for every `denominator` old ones. */
export const stockSplitSchema = z.object({
  /** The first day on the new share count (YYYY-MM-DD). */
  date: z.string(),
  /** That day's session open, ISO-8601 UTC. */
  time: z.string(),
  numerator: z.number(),
  denominator: z.number(),
});
export type StockSplit = z.infer<typeof stockSplitSchema>;

/** The dividends and splits within a chart's range, oldest first (an addition to the seed's answer). */
export const stockEventsSchema = z.object({
  /** The currency dividends are in, as quotes name it ('USD', 'JPY', 'GBp'). */
  currency: z.string(),
  dividends: z.array(stockDividendSchema),
  splits: z.array(stockSplitSchema),
});
export type StockEvents = z.infer<typeof stockEventsSchema>;

export const getFullStockResponseSchema = z.object({
  symbol: z.string(),
  range: rangeSchema,
  interval: intervalSchema,
  info: stockSchema,
  history: priceHistorySchema,
  /** The zone of the exchange the history comes from (info's, New York when the source does not say). */
  exchangeTimezoneName: z.string(),
  news: z.array(newsItemSchema),
  /**
   * Dividends and splits from the history's first bar to now, for the chart's markers (addition).
   * Absent when the source could not say; the history itself is adjusted for splits.
   */
  events: stockEventsSchema.optional(),
});
export type GetFullStockResponse = z.infer<typeof getFullStockResponseSchema>;

/** At most this many symbols per user. */
export const WATCHLIST_MAX = 100;

/** GET /api/finance/get_watchlist?user= (signed in). */
export const getWatchlistQuerySchema = z.object({ user: claimedUserField });

/** One row of the Finance home watchlist table; quote fields are null when no price could be had. */
export const watchlistItemSchema = z.object({
  symbol: z.string(),
  shortName: z.string().nullable(),
  exchange: z.string().nullable(),
  /** The currency the prices are in, as the source names it ('USD', 'JPY', 'GBp'); null without a quote. */
  currency: z.string().nullable(),
  currentPrice: z.number().nullable(),
  /** `currentPrice` in US dollars (see Stock's `currentPriceUsd`). */
  currentPriceUsd: z.number().nullable(),
  regularMarketOpen: z.number().nullable(),
  regularMarketDayHigh: z.number().nullable(),
  regularMarketDayLow: z.number().nullable(),
  regularMarketPreviousClose: z.number().nullable(),
  regularMarketChange: z.number().nullable(),
  regularMarketChangePercent: z.number().nullable(),
});
export type WatchlistItem = z.infer<typeof watchlistItemSchema>;

/** `symbols` in the order they were added; `items` the same symbols with a quote each. */
export const getWatchlistResponseSchema = z.object({
  success: z.literal(true),
  symbols: z.array(z.string()),
  message: z.string(),
  items: z.array(watchlistItemSchema),
});
export type GetWatchlistResponse = z.infer<typeof getWatchlistResponseSchema>;

/**
 * POST /api/finance/add_watchlist and /remove_watchlist: form data (multipart or urlencoded) or
 * JSON with `symbol` and optional `user`. Errors are the standard error body (success false):
 * 400 bad symbol or full list (WATCHLIST_MAX), 404 unknown symbol (add) or not in the list
 * (remove), 409 already in the list (add).
 */
export const watchlistChangeRequestSchema = z.object({ symbol: symbolSchema, user: claimedUserField });
export type WatchlistChangeRequest = z.input<typeof watchlistChangeRequestSchema>;

export const watchlistChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  symbol: z.string(),
  /** The whole watchlist after the change. */
  symbols: z.array(z.string()),
});
export type WatchlistChangeResponse = z.infer<typeof watchlistChangeResponseSchema>;

/** GET /api/finance/search?q= — symbol look-up for the search dropdown (addition to the seed). */
export const symbolSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Search text is required' })
    .trim()
    .min(1, 'Search text is required')
    .max(SEARCH_QUERY_MAX, `Search text must be at most ${SEARCH_QUERY_MAX} characters`),
});
export const symbolSearchResultSchema = z.object({
  symbol: z.string(),
  shortName: z.string(),
  exchange: z.string().nullable(),
  /** EQUITY, ETF, INDEX, … */
  type: z.string().nullable(),
});
export type SymbolSearchResult = z.infer<typeof symbolSearchResultSchema>;
export const symbolSearchResponseSchema = z.object({
  query: z.string(),
  /**
   * Best first: the first is what the text resolves to (the symbol itself when it is one, else
   * the most relevant equity, then funds, then the rest).
   */
  results: z.array(symbolSearchResultSchema),
});
export type SymbolSearchResponse = z.infer<typeof symbolSearchResponseSchema>;

/** Market data can fail upstream (live mode): 502 bad answer, 503 unreachable / rate limited. */
const marketErrors = [400, 403, 404, 502, 503] as const;
const watchlistErrors = [...marketErrors, 401, 409, 413, 415] as const;
/** The seed's client posts the watchlist changes as browser FormData; forms and JSON work too. */
const formContentTypes = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];

/** docs/api.md#every-call (Finance): stock lookup, full stock and watchlist (wallets are in wallets.ts). */
export const financeEndpoints = {
  getStock: endpoint(routes.finance.getStock, {
    tags: ['finance'],
    summary: 'A stock’s quote and profile under `symbol`; with a session, also your watchlist and whether it is in it',
    query: getStockQuerySchema,
    response: getStockResponseSchema,
    errors: marketErrors,
  }),
  getFullStock: endpoint(routes.finance.getFullStock, {
    tags: ['finance'],
    summary: 'Stock info, price history for a range and interval, and news',
    query: getFullStockQuerySchema,
    response: getFullStockResponseSchema,
    errors: marketErrors,
  }),
  search: endpoint(routes.finance.search, {
    tags: ['finance'],
    summary: 'Symbols and company names matching the text (search dropdown)',
    query: symbolSearchQuerySchema,
    response: symbolSearchResponseSchema,
    errors: marketErrors,
  }),
  getWatchlist: endpoint(routes.finance.getWatchlist, {
    tags: ['finance'],
    summary: 'Your watchlist: symbols in the order added, each with a quote',
    query: getWatchlistQuerySchema,
    response: getWatchlistResponseSchema,
    errors: watchlistErrors,
  }),
  addWatchlist: endpoint(routes.finance.addWatchlist, {
    tags: ['finance'],
    summary: 'Add a symbol to your watchlist (409 if already there, 400 when full)',
    consumes: formContentTypes,
    body: watchlistChangeRequestSchema,
    response: watchlistChangeResponseSchema,
    errors: watchlistErrors,
  }),
  removeWatchlist: endpoint(routes.finance.removeWatchlist, {
    tags: ['finance'],
    summary: 'Remove a symbol from your watchlist (404 if not there)',
    consumes: formContentTypes,
    body: watchlistChangeRequestSchema,
    response: watchlistChangeResponseSchema,
    errors: watchlistErrors,
  }),
};
