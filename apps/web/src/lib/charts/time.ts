/*
 * Time-axis and scale helpers shared by the site's lightweight-charts charts (the price history
 * and the wallet value). Type imports only from the library, so this module is cheap to import
 * and to test in jsdom; the library itself stays in the charts' lazily loaded chunks.
 */
import type { AutoscaleInfo, Time, UTCTimestamp } from 'lightweight-charts';

const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = wallClockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The wall-clock time in `timeZone` at instant `ms`, as if it were UTC, in epoch seconds: the
 * chart then labels 09:30 New York as 09:30 whatever the viewer's zone or the season.
 */
export function wallClockSeconds(ms: number, timeZone: string): UTCTimestamp {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.floor(wall / 1000) as UTCTimestamp;
}

export interface Bounds {
  minValue: number;
  maxValue: number;
}

/** For a series' `autoscaleInfoProvider`: fixed bounds, whatever part of the data is visible. */
export function fixedAutoscale(bounds: Bounds | null): () => AutoscaleInfo | null {
  return () => (bounds ? { priceRange: { minValue: bounds.minValue, maxValue: bounds.maxValue } } : null);
}

/** lightweight-charts' `TickMarkType` (a runtime enum there; plain numbers keep the library out of this module). */
export const TICK_MARK = { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 } as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** A chart time as a Date whose UTC fields are the wall-clock (or trading-day) fields. */
function chartTimeToDate(time: Time): Date {
  if (typeof time === 'number') return new Date(time * 1000);
  if (typeof time === 'string') return new Date(`${time}T00:00:00Z`);
  return new Date(Date.UTC(time.year, time.month - 1, time.day));
}

/**
 * Time-axis labels: "2026" at a new year, "Mar" at a new month, "Mar 3" at a new day, "10:30" within
 * a day, "10:30:15" when the chart shows seconds.
 */
export function formatTick(time: Time, tickMarkType: number): string {
  const date = chartTimeToDate(time);
  const month = MONTHS[date.getUTCMonth()] ?? '';
  switch (tickMarkType) {
    case TICK_MARK.Year:
      return String(date.getUTCFullYear());
    case TICK_MARK.Month:
      return month;
    case TICK_MARK.DayOfMonth:
      return `${month} ${date.getUTCDate()}`;
    case TICK_MARK.TimeWithSeconds:
      return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
    default:
      return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  }
}

/** The crosshair's time label: "Mar 3, 2026", with "10:30" added for intraday bars. */
export function formatCrosshairTime(time: Time): string {
  const date = chartTimeToDate(time);
  const day = `${MONTHS[date.getUTCMonth()] ?? ''} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  return typeof time === 'number' ? `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` : day;
}
