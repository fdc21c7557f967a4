import { codePointLength } from './text-rules.js';

/**
 * Stock symbols' rule and the chart's ranges and intervals as plain values and functions, free of
 * zod: the finance pages check a typed symbol and pick a chart without finance.ts's schemas
 * (docs/decisions.md#main-thread-work-after-the-first-paint). finance.ts re-exports them.
 */

// ---------------------------------------------------------------------------------------------
// Symbols
// ---------------------------------------------------------------------------------------------

export const SYMBOL_MAX_LENGTH = 15;
/** Letters, digits, `.`, `-`, `=` and an optional leading `^` (indices such as ^GSPC). */
export const SYMBOL_PATTERN = /^\^?[A-Z0-9][A-Z0-9.=-]*$/;

/** Symbols are trimmed and upper-cased (docs/product.md#constants: "Symbols upper-cased and compared upper-case"). */
export const normalizeSymbol = (symbol: string) => symbol.trim().toUpperCase();

export const SYMBOL_ERRORS = {
  required: 'Symbol is required',
  tooLong: `Symbol must be at most ${SYMBOL_MAX_LENGTH} characters`,
  characters: 'Symbol may contain only letters, digits, ".", "-", "=" and a leading "^"',
} as const;

/** `symbolSchema`'s answer without zod: the normalised symbol, or the first rule it breaks. */
export function checkSymbol(text: string): { ok: true; symbol: string } | { ok: false; error: string } {
  const symbol = normalizeSymbol(text);
  if (symbol === '') return { ok: false, error: SYMBOL_ERRORS.required };
  if (codePointLength(symbol) > SYMBOL_MAX_LENGTH) return { ok: false, error: SYMBOL_ERRORS.tooLong };
  if (!SYMBOL_PATTERN.test(symbol)) return { ok: false, error: SYMBOL_ERRORS.characters };
  return { ok: true, symbol };
}

/** Longest text the symbol search takes. */
export const SEARCH_QUERY_MAX = 50;

// ---------------------------------------------------------------------------------------------
// Chart ranges and intervals (docs/product.md#stock-page-appsfinancestocksymbol, Price History)
// ---------------------------------------------------------------------------------------------

export const RANGES = ['1d', '5d', '1mo', '3mo', '6mo', '1y', '5y', 'max'] as const;
export type HistoryRange = (typeof RANGES)[number];
export const INTERVALS = ['1m', '5m', '15m', '30m', '1h', '1d', '1wk', '1mo'] as const;
export type HistoryInterval = (typeof INTERVALS)[number];

export const DEFAULT_RANGE: HistoryRange = '1y';
export const DEFAULT_INTERVAL: HistoryInterval = '1d';

/** Button labels of the seed's range and interval pickers. */
export const RANGE_LABELS: Record<HistoryRange, string> = {
  '1d': 'Day',
  '5d': 'Week',
  '1mo': 'Month',
  '3mo': '3M',
  '6mo': '6M',
  '1y': '1Y',
  '5y': '5Y',
  max: 'Max',
};
export const INTERVAL_LABELS: Record<HistoryInterval, string> = {
  '1m': '1m',
  '5m': '5m',
  '15m': '15m',
  '30m': '30m',
  '1h': '1h',
  '1d': '1d',
  '1wk': '1w',
  '1mo': '1mo',
};

/** Intervals measured in minutes (bars within market hours); the chart's x unit is then "minute". */
export const INTRADAY_INTERVALS: readonly HistoryInterval[] = ['1m', '5m', '15m', '30m', '1h'];
export const isIntradayInterval = (interval: HistoryInterval) => INTRADAY_INTERVALS.includes(interval);

/**
 * The seed's availability table: 1m/5m/15m/30m only for 1d or 5d; 1h only for 1d, 5d or 1mo;
 * 1wk only for 1mo and longer; 1mo only for 3mo and longer; 1d always.
 */
export const INTERVAL_RANGES: Record<HistoryInterval, readonly HistoryRange[]> = {
  '1m': ['1d', '5d'],
  '5m': ['1d', '5d'],
  '15m': ['1d', '5d'],
  '30m': ['1d', '5d'],
  '1h': ['1d', '5d', '1mo'],
  '1d': RANGES,
  '1wk': ['1mo', '3mo', '6mo', '1y', '5y', 'max'],
  '1mo': ['3mo', '6mo', '1y', '5y', 'max'],
};

export function isIntervalAllowed(range: HistoryRange, interval: HistoryInterval): boolean {
  return INTERVAL_RANGES[interval]?.includes(range) ?? false;
}

/**
 * What the API serves, wider than the page's buttons: every pair Yahoo's chart serves, so a client
 * written for it (which asks for 1mo of 15m bars) gets its bars. Yahoo keeps 1m bars about 8 days,
 * 5m to 30m bars 60 days and hourly ones 730 days; daily and longer bars for any range.
 */
export const SERVED_RANGES: Record<HistoryInterval, readonly HistoryRange[]> = {
  '1m': ['1d', '5d'],
  '5m': ['1d', '5d', '1mo'],
  '15m': ['1d', '5d', '1mo'],
  '30m': ['1d', '5d', '1mo'],
  '1h': ['1d', '5d', '1mo', '3mo', '6mo', '1y'],
  '1d': RANGES,
  '1wk': RANGES,
  '1mo': RANGES,
};

export function isIntervalServed(range: HistoryRange, interval: HistoryInterval): boolean {
  return SERVED_RANGES[interval]?.includes(range) ?? false;
}

export function intervalNotServedMessage(range: HistoryRange, interval: HistoryInterval): string {
  const ranges = SERVED_RANGES[interval] ?? [];
  return `Interval ${interval} is not available for range ${range}; it is available for ${ranges.join(', ')}`;
}

/** The intervals a range offers, in button order. */
export function allowedIntervals(range: HistoryRange): HistoryInterval[] {
  return INTERVALS.filter((interval) => isIntervalAllowed(range, interval));
}

export function intervalNotAllowedMessage(range: HistoryRange, interval: HistoryInterval): string {
  const ranges = INTERVAL_RANGES[interval] ?? [];
  return `Interval ${interval} is not available for range ${range}; it is available for ${ranges.join(', ')}`;
}
