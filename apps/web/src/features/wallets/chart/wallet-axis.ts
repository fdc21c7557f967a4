import type { Time } from 'lightweight-charts';
import { formatTick, TICK_MARK } from '../../../lib/charts/time';

/**
 * The wallet chart's time-axis labels: years, months and days as on the price charts, times of day
 * to the minute. A young wallet's history spans seconds, and its axis read "17:05:07", "17:05:08"…
 * (or "17:05" several times over, seconds hidden): only whole minutes are labelled now, the ticks
 * between them stay blank, and the legend above the chart gives any point's exact time.
 */
export function formatWalletTick(time: Time, tickMarkType: number): string {
  if (tickMarkType !== TICK_MARK.Time && tickMarkType !== TICK_MARK.TimeWithSeconds) {
    return formatTick(time, tickMarkType);
  }
  const onTheMinute = typeof time !== 'number' || time % 60 === 0;
  return onTheMinute ? formatTick(time, TICK_MARK.Time) : '';
}
