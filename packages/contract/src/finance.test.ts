import { describe, expect, it } from 'vitest';
import {
  allowedIntervals,
  getFullStockQuerySchema,
  type HistoryInterval,
  type HistoryRange,
  INTERVALS,
  isIntervalAllowed,
  isIntervalServed,
  RANGES,
  symbolSchema,
  watchlistChangeRequestSchema,
} from './finance.js';

/** The seed's table, written out pair by pair: rows are ranges, columns the intervals in INTERVALS order. */
const EXPECTED: Record<HistoryRange, Record<HistoryInterval, boolean>> = {
  '1d': { '1m': true, '5m': true, '15m': true, '30m': true, '1h': true, '1d': true, '1wk': false, '1mo': false },
  '5d': { '1m': true, '5m': true, '15m': true, '30m': true, '1h': true, '1d': true, '1wk': false, '1mo': false },
  '1mo': { '1m': false, '5m': false, '15m': false, '30m': false, '1h': true, '1d': true, '1wk': true, '1mo': false },
  '3mo': { '1m': false, '5m': false, '15m': false, '30m': false, '1h': false, '1d': true, '1wk': true, '1mo': true },
  '6mo': { '1m': false, '5m': false, '15m': false, '30m': false, '1h': false, '1d': true, '1wk': true, '1mo': true },
  '1y': { '1m': false, '5m': false, '15m': false, '30m': false, '1h': false, '1d': true, '1wk': true, '1mo': true },
  '5y': { '1m': false, '5m': false, '15m': false, '30m': false, '1h': false, '1d': true, '1wk': true, '1mo': true },
  max: { '1m': false, '5m': false, '15m': false, '30m': false, '1h': false, '1d': true, '1wk': true, '1mo': true },
};

const pairs = RANGES.flatMap((range) => INTERVALS.map((interval) => [range, interval] as const));

describe('interval availability (docs/product.md#stock-page-appsfinancestocksymbol)', () => {
  it('covers all 64 range × interval pairs', () => {
    expect(pairs).toHaveLength(64);
  });

  it.each(pairs)('range %s with interval %s', (range, interval) => {
    expect(isIntervalAllowed(range, interval)).toBe(EXPECTED[range][interval]);
  });

  // Yahoo keeps 1m bars about 8 days, 5m-30m bars 60 days, hourly ones 730 days.
  const NOT_SERVED = new Set([
    ...['1mo', '3mo', '6mo', '1y', '5y', 'max'].map((range) => `${range}/1m`),
    ...['3mo', '6mo', '1y', '5y', 'max'].flatMap((range) => ['5m', '15m', '30m'].map((i) => `${range}/${i}`)),
    '5y/1h',
    'max/1h',
  ]);
  it.each(pairs)('the API serves range %s with interval %s as Yahoo does', (range, interval) => {
    const served = !NOT_SERVED.has(`${range}/${interval}`);
    expect(isIntervalServed(range, interval)).toBe(served);
    // The page's buttons offer a part of it.
    if (EXPECTED[range][interval]) expect(served).toBe(true);
    const parsed = getFullStockQuerySchema.safeParse({ symbol: 'AAPL', range, interval });
    expect(parsed.success).toBe(served);
    if (!served) {
      expect(parsed.error?.issues[0]?.path).toEqual(['interval']);
      expect(parsed.error?.issues[0]?.message).toContain(`Interval ${interval} is not available for range ${range}`);
    }
  });

  it('always allows 1d and lists intervals in button order', () => {
    for (const range of RANGES) expect(allowedIntervals(range)).toContain('1d');
    expect(allowedIntervals('1d')).toEqual(['1m', '5m', '15m', '30m', '1h', '1d']);
    expect(allowedIntervals('1mo')).toEqual(['1h', '1d', '1wk']);
    expect(allowedIntervals('max')).toEqual(['1d', '1wk', '1mo']);
  });

  it('defaults to range 1y and interval 1d', () => {
    expect(getFullStockQuerySchema.parse({ symbol: 'msft' })).toEqual({ symbol: 'MSFT', range: '1y', interval: '1d' });
  });

  it('refuses unknown ranges and intervals', () => {
    expect(getFullStockQuerySchema.safeParse({ symbol: 'A', range: '2y' }).success).toBe(false);
    expect(getFullStockQuerySchema.safeParse({ symbol: 'A', interval: '2m' }).success).toBe(false);
  });
});

describe('symbols', () => {
  it.each([
    [' aapl ', 'AAPL'],
    ['brk-b', 'BRK-B'],
    ['BRK.B', 'BRK.B'],
    ['^gspc', '^GSPC'],
    ['eurusd=x', 'EURUSD=X'],
    ['0700.HK', '0700.HK'],
    ['A', 'A'],
  ])('accepts %j as %j', (input, output) => {
    expect(symbolSchema.parse(input)).toBe(output);
  });

  it.each([
    ['', 'Symbol is required'],
    ['   ', 'Symbol is required'],
    ['ABCDEFGHIJKLMNOP', 'Symbol must be at most 15 characters'],
    ['AA PL', 'Symbol may contain only'],
    ['<script>', 'Symbol may contain only'],
    ['AAPL;', 'Symbol may contain only'],
    ['-AAPL', 'Symbol may contain only'],
    ['ÄPFEL', 'Symbol may contain only'],
  ])('refuses %j', (input, message) => {
    const result = symbolSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('reads form fields as text: the user id is coerced', () => {
    expect(watchlistChangeRequestSchema.parse({ symbol: 'aapl', user: '7' })).toEqual({ symbol: 'AAPL', user: 7 });
    expect(watchlistChangeRequestSchema.safeParse({ symbol: 'aapl', user: 'x' }).success).toBe(false);
  });
});
