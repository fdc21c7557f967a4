import {
  type ExchangeCalendar,
  epochDayOfTradingIndex,
  isoDateOf,
  localClock,
  localTimeToUtc,
  tradingIndexOnOrAfter,
} from '../calendar.js';
import type { Bar, CorporateActions, Dividend, Split } from '../types.js';
import type { ChartDividend, ChartSplit } from './yahoo-mappers.js';

/**
 * Yahoo's chart gives a dividend's ex-date only. The pay date is taken to be this many trading
 * days (Monday to Friday) later — two weeks, about the middle of what US companies take — a
 * documented approximation (docs/api.md#corporate-actions).
 */
export const YAHOO_PAY_AFTER_TRADING_DAYS = 10;

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export interface ChartCorporateActionsInput {
  symbol: string;
  /** The listing's currency (the chart's `meta.currency`). */
  currency: string;
  /** The exchange's zone (`meta.exchangeTimezoneName`): dates are its calendar dates. */
  timeZone: string;
  events: { dividends: ChartDividend[]; splits: ChartSplit[] };
  /** The chart's daily bars (on today's share count, as Yahoo adjusts them). */
  bars: Bar[];
  from: string;
  to: string;
  now: number;
}

/**
 * Our corporate actions from a chart's events: dates in the exchange's calendar, the instant
 * Yahoo stamps an event with (its day's session open) as the moment it takes effect, amounts and
 * split-day prices turned back from today's share count into their own day's (multiplied by the
 * splits that came after them), and the pay date estimated (YAHOO_PAY_AFTER_TRADING_DAYS).
 */
export function corporateActionsFromChart(input: ChartCorporateActionsInput): CorporateActions {
  const calendar: ExchangeCalendar = { timeZone: input.timeZone, segments: [] };
  const local = (time: number) => localClock(calendar, time);
  const within = (date: string, time: number) => date >= input.from && date <= input.to && time <= input.now;
  /** New shares per share held at `time`, from the splits after it. */
  const laterSplits = (time: number) =>
    input.events.splits.filter((s) => s.time > time).reduce((f, s) => (f * s.numerator) / s.denominator, 1);
  const closeOn = new Map(input.bars.map((bar) => [local(bar.time).epochDay, bar.close]));

  const splits: Split[] = [];
  for (const split of input.events.splits) {
    const { epochDay } = local(split.time);
    const date = isoDateOf(epochDay);
    if (!within(date, split.time)) continue;
    const close = closeOn.get(epochDay);
    splits.push({
      date,
      time: split.time,
      numerator: split.numerator,
      denominator: split.denominator,
      price: close === undefined ? null : round6(close * laterSplits(split.time)),
    });
  }

  const dividends: Dividend[] = [];
  for (const dividend of input.events.dividends) {
    const { epochDay, minuteOfDay } = local(dividend.time);
    const exDate = isoDateOf(epochDay);
    if (!within(exDate, dividend.time)) continue;
    const payDay = epochDayOfTradingIndex(tradingIndexOnOrAfter(epochDay) + YAHOO_PAY_AFTER_TRADING_DAYS);
    dividends.push({
      exDate,
      exTime: dividend.time,
      payDate: isoDateOf(payDay),
      payTime: localTimeToUtc(calendar, payDay, minuteOfDay),
      amount: round6(dividend.amount * laterSplits(dividend.time)),
    });
  }
  return { symbol: input.symbol, currency: input.currency, dividends, splits };
}
