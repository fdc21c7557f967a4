import {
  DAY_MS,
  epochDayOf,
  epochDayOfTradingIndex,
  isoDateOf,
  tradingIndexOnOrAfter,
  tradingIndexOnOrBefore,
} from '../calendar.js';
import type { Dividend } from '../types.js';
import { type DividendPolicy, dividendDecimals } from './corporate-actions.js';
import type { PriceSeries } from './price-series.js';

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const yearOf = (epochDay: number) => new Date(epochDay * DAY_MS).getUTCFullYear();
const dayOf = (year: number, month: number, day: number) => Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);

/**
 * A year's dividend per payment on today's share count: the policy's yield of the previous year's
 * last close (or of the first close, for a listing younger than that), rounded as the currency's
 * dividends are declared. Rounding on today's share count keeps a payment before a split exactly
 * the ratio times one after it (4 × $0.205 = $0.82), as real companies declare them.
 */
function perPayment(series: PriceSeries, policy: DividendPolicy, year: number): number {
  const reference = Math.max(tradingIndexOnOrBefore(dayOf(year - 1, 12, 31)), series.firstIndex);
  const decimals = dividendDecimals(series.company.currency);
  return round((series.rawClose(reference) * policy.yield) / policy.perYear, decimals);
}

/**
 * The dividends a policy gives with an ex-date from `firstDay` to `lastDay` (epoch days, inclusive),
 * oldest first: each ex-date on the policy's day of its month or the next trading day, paid
 * `payAfterDays` later (or the next trading day), per share of the day it goes ex (docs/api.md#corporate-actions).
 */
export function dividendsOf(
  series: PriceSeries,
  policy: DividendPolicy,
  firstDay: number,
  lastDay: number,
): Dividend[] {
  const from = Math.max(firstDay, policy.since ? epochDayOf(policy.since) : firstDay);
  const to = Math.min(lastDay, policy.until ? epochDayOf(policy.until) : lastDay);
  const out: Dividend[] = [];
  if (from > to) return out;
  const decimals = dividendDecimals(series.company.currency);
  const monthsApart = 12 / policy.perYear;
  for (let year = yearOf(from); year <= yearOf(to); year++) {
    let amount: number | undefined;
    for (let k = 0; k < policy.perYear; k++) {
      const exIndex = tradingIndexOnOrAfter(dayOf(year, policy.firstMonth + k * monthsApart, policy.day));
      const exDay = epochDayOfTradingIndex(exIndex);
      // The first day of a listing has no close before it, so no one could hold it into an ex-date.
      if (exDay < from || exDay > to || exIndex <= series.firstIndex) continue;
      amount ??= perPayment(series, policy, year);
      const payIndex = tradingIndexOnOrAfter(exDay + policy.payAfterDays);
      const perShare = round(amount * series.splitFactor(exIndex), decimals);
      if (!(perShare > 0)) continue;
      out.push({
        exDate: isoDateOf(exDay),
        exTime: series.openTime(exIndex),
        payDate: isoDateOf(epochDayOfTradingIndex(payIndex)),
        payTime: series.openTime(payIndex),
        amount: perShare,
      });
    }
  }
  return out;
}

/**
 * The dividend per share a year the policy pays in the year of `epochDay` (Yahoo's forward
 * `dividendRate`), on today's share count; null before the company began paying or after it
 * stopped.
 */
export function annualDividend(series: PriceSeries, policy: DividendPolicy, epochDay: number): number | null {
  if (policy.since && epochDay < epochDayOf(policy.since)) return null;
  if (policy.until && epochDay > epochDayOf(policy.until)) return null;
  const decimals = dividendDecimals(series.company.currency);
  return round(perPayment(series, policy, yearOf(epochDay)) * policy.perYear, decimals);
}
