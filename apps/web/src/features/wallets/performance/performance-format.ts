import type { PerformancePeriod } from '@site/contract';
import { NO_VALUE } from '../../../lib/format';
import { madeOnce } from '../../../lib/made-once';

/** The periods as the figures name them. */
export const PERIOD_LABELS: Record<PerformancePeriod, string> = {
  '1D': '1D',
  '1W': '1W',
  '1M': '1M',
  YTD: 'YTD',
  '1Y': '1Y',
  ALL: 'All',
};

/** What each period covers, for the figure's caption. */
export const PERIOD_NAMES: Record<PerformancePeriod, string> = {
  '1D': 'one day',
  '1W': 'one week',
  '1M': 'one month',
  YTD: 'this year',
  '1Y': 'one year',
  ALL: 'all time',
};

const day = madeOnce(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }));

/** A trading day 'YYYY-MM-DD' as "Jan 3, 2025" (the date itself, whatever the viewer's zone). */
export function formatTradingDay(date: string | null): string {
  if (!date) return NO_VALUE;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? NO_VALUE : day().format(ms);
}

/** −1, 0 or 1 by the sign of a percent (null: 0), for colouring it like a gain or loss. */
export const percentSign = (percent: number | null) => (percent === null || percent === 0 ? 0 : percent > 0 ? 1 : -1);
