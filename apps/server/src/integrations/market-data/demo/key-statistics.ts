import { DAY_MS, tradingIndexOnOrBefore } from '../calendar.js';
import type { Bar } from '../types.js';
import type { PriceSeries } from './price-series.js';
import type { DemoCompany } from './universe.js';

/*
 * The demo quote's key statistics (docs/api.md#stock-statistics), drawn from the same price path
 * as its charts so that they never contradict them: the 52-week range is the lowest low and the
 * highest high of the 1y chart's daily bars, the average volume that of the last three months'
 * daily bars, and P/E and dividend yield follow from the per-share figures and the price.
 */

/** Trading days in three months: Yahoo's average volume is a three-month one. */
export const AVERAGE_VOLUME_DAYS = 63;

const round2 = (n: number) => Math.round(n * 100) / 100;
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** What the finished days before today contribute; computed once per symbol and day. */
export interface PastDays {
  /** Lowest low and highest high from the year's first day to yesterday; null on its first day. */
  low: number | null;
  high: number | null;
  /** Mean volume of up to the last 63 finished days; null when there are none. */
  averageVolume: number | null;
}

export function pastDays(series: PriceSeries, today: number, yearFirst: number): PastDays {
  let low: number | null = null;
  let high: number | null = null;
  for (let index = Math.max(yearFirst, series.firstIndex); index < today; index++) {
    const bar = series.dailyBar(index);
    low = low === null ? bar.low : Math.min(low, bar.low);
    high = high === null ? bar.high : Math.max(high, bar.high);
  }
  let volume = 0;
  let days = 0;
  for (let index = Math.max(today - AVERAGE_VOLUME_DAYS, series.firstIndex); index < today; index++) {
    volume += series.dailyBar(index).volume;
    days++;
  }
  return { low, high, averageVolume: days > 0 ? Math.round(volume / days) : null };
}

/** The 52-week range: the finished days' range widened by today's bar so far. */
export function fiftyTwoWeekRange(past: PastDays, today: Bar): { low: number; high: number } {
  return {
    low: past.low === null ? today.low : Math.min(past.low, today.low),
    high: past.high === null ? today.high : Math.max(past.high, today.high),
  };
}

/**
 * The last trading day before the calendar quarter of `epochDay` began (its first day, for a
 * listing that began within the quarter): earnings and dividends are restated as of its close.
 */
export function quarterReferenceIndex(series: PriceSeries, epochDay: number): number {
  const date = new Date(epochDay * DAY_MS);
  const quarterStart = Date.UTC(date.getUTCFullYear(), Math.floor(date.getUTCMonth() / 3) * 3, 1) / DAY_MS;
  return Math.max(tradingIndexOnOrBefore(quarterStart - 1), series.firstIndex);
}

export interface PerShare {
  trailingEps: number;
  trailingPE: number | null;
  dividendRate: number | null;
  dividendYield: number | null;
}

/**
 * Earnings and dividends per share at `price`. The universe gives them as of the anchor date; each
 * quarter they are scaled by how far the price has moved from the anchor price by the quarter's
 * start (as a company's earnings would be reported again), so the P/E and the yield stay near the
 * company's own on any clock. P/E is null for a loss, the yield null for a company that pays none.
 */
export function perShare(company: DemoCompany, referenceClose: number, price: number): PerShare {
  const scale = referenceClose / company.anchorPrice;
  const trailingEps = round2(company.trailingEps * scale);
  const dividendRate = company.dividendRate === null ? null : round2(company.dividendRate * scale);
  return {
    trailingEps,
    trailingPE: trailingEps > 0 ? round4(price / trailingEps) : null,
    dividendRate,
    dividendYield: dividendRate === null || dividendRate <= 0 ? null : round4((dividendRate / price) * 100),
  };
}
