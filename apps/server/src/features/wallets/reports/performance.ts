import type { PerformancePeriod } from '@site/contract';
import { epochDayOf, isoDateOf, isTradingDay, monthsBefore } from '../../../integrations/market-data/calendar.js';
import { baseCurrency } from '../../../integrations/market-data/fx.js';
import { divRoundHalfUp, priceToE4, saleProceedsCents, toSafeNumber } from '../money.js';
import { type LedgerEntry, LedgerState } from './ledger.js';
import { type LedgerDay, ledgerDays } from './ledger-days.js';

/*
 * Wallet performance, pure (docs/api.md#wallet-performance): the wallet's value at every New York
 * trading day's close rebuilt from its ledger and daily closes, the same money in a benchmark,
 * time-weighted returns per period, maximum drawdown, annualised volatility and the allocation.
 * Money stays in integer cents and 1/10,000-dollar prices (docs/api.md#money); only returns and
 * volatility are ratios.
 */

export const TRADING_DAYS_PER_YEAR = 252;

/** How each figure is computed, sent beside it so nobody has to guess (docs/api.md#wallet-performance). */
export const METHODS = {
  returns:
    'Time-weighted return: each day’s return is its closing value ÷ the previous close − 1 (the first day’s ' +
    'from the starting money), chain-linked over the period: (1 + r₁) × (1 + r₂) × … − 1. This wallet has no ' +
    'deposits or withdrawals, so it equals the simple return: end value ÷ start value − 1.',
  maxDrawdown:
    'Maximum drawdown: the largest fall of the daily closing value from a peak to a later trough, trough ÷ peak − 1.',
  volatility:
    'Annualised volatility: the sample standard deviation of the daily simple returns (close to close) × √252.',
} as const;

/** Closes of one instrument by trading day, oldest first: `days[i]` (epoch days) closed at `closes[i]`. */
export interface DailyCloses {
  days: number[];
  closes: number[];
}

/** The close of the last trading day on or before `day`; undefined before the first. */
export function closeOnOrBefore(series: DailyCloses | undefined, day: number): number | undefined {
  if (!series) return undefined;
  let low = 0;
  let high = series.days.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((series.days[mid] ?? Number.POSITIVE_INFINITY) <= day) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found < 0 ? undefined : series.closes[found];
}

/**
 * The New York trading days from `first` to `last`: weekdays, less the market holidays, which are
 * the weekdays before its last bar on which the benchmark (a New York fund) has no bar. When
 * `first` is after `last` (a wallet made on a weekend, seen the same weekend) the last trading day
 * on or before `last` stands alone.
 */
export function tradingDays(first: number, last: number, benchmark: DailyCloses): number[] {
  const barDays = new Set(benchmark.days);
  const lastBar = benchmark.days.at(-1) ?? Number.NEGATIVE_INFINITY;
  const days: number[] = [];
  for (let day = first; day <= last; day++) {
    if (isTradingDay(day) && (day > lastBar || barDays.has(day))) days.push(day);
  }
  if (days.length > 0) return days;
  let day = last;
  while (!isTradingDay(day)) day -= 1;
  return [day];
}

/**
 * Closes in a listing's currency (`code` as quoted: 'JPY', 'GBp') as dollars in 1/10,000 units,
 * at each day's rate to the dollar (the last one known on that day, else the first one after).
 */
export function toDollarCloses(local: DailyCloses, code: string, rates: DailyCloses | undefined): DailyCloses {
  const { currency, perUnit } = baseCurrency(code);
  const out: DailyCloses = { days: [], closes: [] };
  local.days.forEach((day, i) => {
    const close = local.closes[i] ?? 0;
    const rate = currency === 'USD' ? 1 : (closeOnOrBefore(rates, day) ?? rates?.closes[0]);
    // Without a rate the day has no dollar price, rather than taking yen for dollars (docs/api.md#money).
    if (rate === undefined || !(rate > 0)) return;
    // The formula of fx.ts toDollars, so today's value matches the wallet page's.
    const e4 = priceToE4(close * (rate / perUnit));
    if (e4 === undefined) return;
    out.days.push(day);
    out.closes.push(e4);
  });
  return out;
}

export interface ValueSeries {
  /** The wallet's value in cents at each day's close. */
  values: number[];
  /** After the last day: cash, shares held, and the price (1/10,000 $) each holding was valued at. */
  cashCents: number;
  holdings: Map<string, number>;
  pricesE4: Map<string, number>;
  /** Held symbols valued at their last trade price on some day, for want of a close. */
  unpriced: Set<string>;
}

/**
 * The wallet's value at each day's close: the cash after every ledger entry up to that day (an
 * entry counts on its New York date, or the next trading day; the last day takes every entry
 * left) plus each holding at that day's close in dollars, valued as a sale would bring it
 * (rounded down, docs/api.md#money), or at its last trade price when it has no close yet.
 */
export function valueSeries(
  days: readonly number[],
  entries: readonly LedgerEntry[],
  openingCashCents: number,
  closesE4: ReadonlyMap<string, DailyCloses>,
): ValueSeries {
  return valueSeriesByDay(days, ledgerDays(entries), openingCashCents, closesE4);
}

/** `valueSeries` of a ledger summed by New York day (ledger-days.ts): the same figures, a day at a time. */
export function valueSeriesByDay(
  days: readonly number[],
  ledger: readonly LedgerDay[],
  openingCashCents: number,
  closesE4: ReadonlyMap<string, DailyCloses>,
): ValueSeries {
  const state = new LedgerState(openingCashCents);
  const values: number[] = [];
  const unpriced = new Set<string>();
  let pricesE4 = new Map<string, number>();
  let next = 0;
  days.forEach((day, i) => {
    const last = i === days.length - 1;
    for (; next < ledger.length; next++) {
      const entries = ledger[next];
      if (!entries || (!last && entries.day > day)) break;
      state.applyDay(entries);
    }
    pricesE4 = new Map();
    let value = state.cashCents;
    for (const [symbol, shares] of state.holdings) {
      let priceE4 = closeOnOrBefore(closesE4.get(symbol), day);
      if (priceE4 === undefined) {
        priceE4 = state.lastTradePriceE4.get(symbol);
        unpriced.add(symbol);
      }
      if (priceE4 === undefined || shares <= 0) continue;
      pricesE4.set(symbol, priceE4);
      value += saleProceedsCents(priceE4, shares);
    }
    values.push(value);
  });
  return { values, cashCents: state.cashCents, holdings: new Map(state.holdings), pricesE4, unpriced };
}

/**
 * `startCents` put into the benchmark at the first day's close (or the last close before it),
 * valued at each day's close: startCents × close ÷ first close, rounded half-up to the cent.
 */
export function benchmarkSeries(days: readonly number[], closesE4: DailyCloses, startCents: number): number[] {
  const first = days[0] ?? 0;
  const base = closeOnOrBefore(closesE4, first) ?? closesE4.closes[0];
  if (base === undefined || base <= 0) return days.map(() => startCents);
  return days.map((day) => {
    const close = closeOnOrBefore(closesE4, day) ?? base;
    return toSafeNumber(divRoundHalfUp(BigInt(startCents) * BigInt(close), BigInt(base)));
  });
}

/** r[0] = values[0] ÷ startCents − 1 (the creation day), r[i] = values[i] ÷ values[i−1] − 1. */
export function dailyReturns(values: readonly number[], startCents: number): number[] {
  return values.map((value, i) => {
    const previous = i === 0 ? startCents : (values[i - 1] ?? 0);
    return previous > 0 ? value / previous - 1 : 0;
  });
}

/** (1 + r) chain-linked over returns[from..to] − 1. */
function chainLinked(returns: readonly number[], from: number, to: number): number {
  let growth = 1;
  for (let i = from; i <= to; i++) growth *= 1 + (returns[i] ?? 0);
  return growth - 1;
}

/** A ratio as a percent with 4 decimals: 0.0204030227 → 2.0403. */
export const percent4 = (ratio: number) => Math.round(ratio * 1_000_000) / 10_000;

/**
 * The calendar day a period is measured from (its start is that day's close, or the last close
 * before it): 1D the previous trading day, 1W seven days back, 1M and 1Y the same date a month or
 * a year back, YTD the last day of the previous year. ALL starts from the starting money instead.
 */
export function periodStartDay(period: Exclude<PerformancePeriod, 'ALL'>, days: readonly number[]): number | null {
  const end = days.at(-1);
  if (end === undefined) return null;
  switch (period) {
    case '1D':
      return days.length >= 2 ? (days.at(-2) ?? null) : null;
    case '1W':
      return end - 7;
    case '1M':
      return monthsBefore(end, 1);
    case 'YTD':
      return epochDayOf(`${isoDateOf(end).slice(0, 4)}-01-01`) - 1;
    case '1Y':
      return monthsBefore(end, 12);
  }
}

export interface PeriodFigure {
  period: PerformancePeriod;
  /** Index of the day whose close the period starts from; -1 for ALL (the starting money). */
  startIndex: number | null;
  /** The ratios (not percents); null when the wallet is younger than the period. */
  wallet: number | null;
  benchmark: number | null;
}

/** Time-weighted returns of the wallet and the benchmark over each period (docs/api.md#wallet-performance). */
export function periodReturns(
  days: readonly number[],
  values: readonly number[],
  benchmarkValues: readonly number[],
  startCents: number,
  periods: readonly PerformancePeriod[],
): PeriodFigure[] {
  const walletReturns = dailyReturns(values, startCents);
  const benchmarkReturns = dailyReturns(benchmarkValues, startCents);
  const last = days.length - 1;
  return periods.map((period) => {
    if (period === 'ALL') {
      return {
        period,
        startIndex: -1,
        wallet: chainLinked(walletReturns, 0, last),
        benchmark: chainLinked(benchmarkReturns, 0, last),
      };
    }
    const startDay = periodStartDay(period, days);
    if (startDay === null || startDay < (days[0] ?? 0))
      return { period, startIndex: null, wallet: null, benchmark: null };
    let startIndex = 0;
    while (startIndex + 1 <= last && (days[startIndex + 1] ?? Number.POSITIVE_INFINITY) <= startDay) startIndex++;
    return {
      period,
      startIndex,
      wallet: chainLinked(walletReturns, startIndex + 1, last),
      benchmark: chainLinked(benchmarkReturns, startIndex + 1, last),
    };
  });
}

export interface Drawdown {
  /** trough ÷ peak − 1 (≤ 0). */
  ratio: number;
  peakIndex: number | null;
  troughIndex: number | null;
}

/** The largest peak-to-later-trough fall of the daily values (docs/api.md#wallet-performance). */
export function maxDrawdown(values: readonly number[]): Drawdown {
  let peak = 0;
  const worst: Drawdown = { ratio: 0, peakIndex: null, troughIndex: null };
  values.forEach((value, i) => {
    if (value > (values[peak] ?? 0)) peak = i;
    const top = values[peak] ?? 0;
    const ratio = top > 0 ? value / top - 1 : 0;
    if (ratio < worst.ratio) Object.assign(worst, { ratio, peakIndex: peak, troughIndex: i });
  });
  return worst;
}

/**
 * Sample standard deviation of the daily close-to-close simple returns × √252; null with fewer
 * than two returns. The creation day's return (from the starting money, part of a day) is not one.
 */
export function annualizedVolatility(values: readonly number[]): { ratio: number | null; count: number } {
  const returns = dailyReturns(values, values[0] ?? 0).slice(1);
  const n = returns.length;
  if (n < 2) return { ratio: null, count: n };
  const mean = returns.reduce((sum, r) => sum + r, 0) / n;
  const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (n - 1);
  return { ratio: Math.sqrt(variance) * Math.sqrt(TRADING_DAYS_PER_YEAR), count: n };
}

export interface Slice {
  label: string;
  symbol: string | null;
  cents: number;
}

export const CASH_LABEL = 'Cash';
export const NO_SECTOR_LABEL = 'Unclassified';

const bySizeThenLabel = (a: Slice, b: Slice) => b.cents - a.cents || a.label.localeCompare(b.label);

/** Today's value by holding (at the prices the series valued them at), largest first, cash last. */
export function allocationByHolding(series: ValueSeries): Slice[] {
  const slices: Slice[] = [];
  for (const [symbol, shares] of series.holdings) {
    const priceE4 = series.pricesE4.get(symbol);
    if (priceE4 === undefined || shares <= 0) continue;
    slices.push({ label: symbol, symbol, cents: saleProceedsCents(priceE4, shares) });
  }
  return [...slices.sort(bySizeThenLabel), { label: CASH_LABEL, symbol: null, cents: series.cashCents }];
}

/** The holdings' slices summed by sector (unknown: 'Unclassified'), largest first, cash last. */
export function allocationBySector(byHolding: readonly Slice[], sectorOf: ReadonlyMap<string, string | null>): Slice[] {
  const sums = new Map<string, number>();
  let cash = 0;
  for (const slice of byHolding) {
    if (slice.symbol === null) {
      cash += slice.cents;
      continue;
    }
    const sector = sectorOf.get(slice.symbol) || NO_SECTOR_LABEL;
    sums.set(sector, (sums.get(sector) ?? 0) + slice.cents);
  }
  const slices = [...sums].map(([label, cents]): Slice => ({ label, symbol: null, cents }));
  return [...slices.sort(bySizeThenLabel), { label: CASH_LABEL, symbol: null, cents: cash }];
}
