import { DEFAULT_INTERVAL, type HistoryInterval, type HistoryRange, isIntervalAllowed } from '@site/contract';

/**
 * The interval that suits each range best (docs/product.md#stock-page-appsfinancestocksymbol): a
 * Day or Week of daily bars is one flat bar or five, so those ranges get intraday bars (78 and 65
 * of them); longer ranges keep daily bars, the default.
 */
export const PREFERRED_INTERVAL: Record<HistoryRange, HistoryInterval> = {
  '1d': '5m',
  '5d': '30m',
  '1mo': DEFAULT_INTERVAL,
  '3mo': DEFAULT_INTERVAL,
  '6mo': DEFAULT_INTERVAL,
  '1y': DEFAULT_INTERVAL,
  '5y': DEFAULT_INTERVAL,
  max: DEFAULT_INTERVAL,
};

export interface IntervalChoice {
  interval: HistoryInterval;
  /** The person picked this interval themselves (not a default or an automatic move). */
  explicit: boolean;
}

/**
 * The interval after a range change: one the person picked stays while the new range allows it;
 * otherwise (never picked, or not allowed for the new range) the new range's preferred interval.
 */
export function intervalForRange(range: HistoryRange, current: IntervalChoice): IntervalChoice {
  if (current.explicit && isIntervalAllowed(range, current.interval)) return current;
  return { interval: PREFERRED_INTERVAL[range], explicit: false };
}
