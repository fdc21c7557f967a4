/**
 * US market calendar arithmetic for the demo market: trading days are Monday to Friday (no
 * holiday calendar), regular hours 09:30–16:00 America/New_York. Days are "epoch days" (days
 * since 1970-01-01) of the New York calendar date.
 */

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;
/** 09:30 and 16:00 in minutes after local midnight. */
export const OPEN_MINUTE = 9 * 60 + 30;
export const CLOSE_MINUTE = 16 * 60;
/** Minutes in a regular session. */
export const SESSION_MINUTES = CLOSE_MINUTE - OPEN_MINUTE;

/** 1970-01-05 was the first Monday after the epoch: trading index 0. */
const FIRST_MONDAY = 4;

export const epochDayOf = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
export const isoDateOf = (epochDay: number) => new Date(epochDay * DAY_MS).toISOString().slice(0, 10);

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (epochDay: number) => (((epochDay + 4) % 7) + 7) % 7;
export const isTradingDay = (epochDay: number) => {
  const weekday = weekdayOf(epochDay);
  return weekday >= 1 && weekday <= 5;
};

/** Trading days since 1970-01-05: consecutive integers for consecutive trading days. */
export function tradingIndexOf(epochDay: number): number {
  const w = epochDay - FIRST_MONDAY;
  const week = Math.floor(w / 7);
  const dayInWeek = w - week * 7;
  if (dayInWeek > 4) throw new Error(`${isoDateOf(epochDay)} is not a trading day`);
  return week * 5 + dayInWeek;
}

export function epochDayOfTradingIndex(index: number): number {
  const week = Math.floor(index / 5);
  return FIRST_MONDAY + week * 7 + (index - week * 5);
}

/** The first trading day on or after the date. */
export function tradingIndexOnOrAfter(epochDay: number): number {
  let day = epochDay;
  while (!isTradingDay(day)) day += 1;
  return tradingIndexOf(day);
}

/** The last trading day on or before the date. */
export function tradingIndexOnOrBefore(epochDay: number): number {
  let day = epochDay;
  while (!isTradingDay(day)) day -= 1;
  return tradingIndexOf(day);
}

/** Epoch day of the n-th (1-based) given weekday of a month (UTC calendar arithmetic). */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = Math.floor(Date.UTC(year, month, 1) / DAY_MS);
  const offset = (weekday - weekdayOf(first) + 7) % 7;
  return first + offset + (n - 1) * 7;
}

function lastWeekday(year: number, month: number, weekday: number): number {
  const last = Math.floor(Date.UTC(year, month + 1, 0) / DAY_MS);
  return last - ((weekdayOf(last) - weekday + 7) % 7);
}

/**
 * New York's offset from UTC in minutes (−240 in summer, −300 in winter) at an instant, by the US
 * rules: since 2007 from the second Sunday of March to the first Sunday of November, before that
 * from the first Sunday of April to the last Sunday of October; switching at 02:00 local.
 */
export function newYorkOffsetMinutes(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  const [startDay, endDay] =
    year >= 2007
      ? [nthWeekday(year, 2, 0, 2), nthWeekday(year, 10, 0, 1)]
      : [nthWeekday(year, 3, 0, 1), lastWeekday(year, 9, 0)];
  // 02:00 EST = 07:00 UTC; 02:00 EDT = 06:00 UTC.
  const start = startDay * DAY_MS + 7 * 3_600_000;
  const end = endDay * DAY_MS + 6 * 3_600_000;
  return utcMs >= start && utcMs < end ? -240 : -300;
}

/** UTC instant of a New York local time (minutes after midnight) on a New York date. */
export function newYorkTimeToUtc(epochDay: number, minuteOfDay: number): number {
  // Trading hours are far from the 02:00 switch, so the offset at local noon is the day's offset.
  const offset = newYorkOffsetMinutes(epochDay * DAY_MS + 12 * 3_600_000 + 300 * MINUTE_MS);
  return epochDay * DAY_MS + (minuteOfDay - offset) * MINUTE_MS;
}

/** New York calendar date and minute of day at an instant. */
export function newYorkClock(utcMs: number): { epochDay: number; minuteOfDay: number } {
  const local = utcMs + newYorkOffsetMinutes(utcMs) * MINUTE_MS;
  const epochDay = Math.floor(local / DAY_MS);
  return { epochDay, minuteOfDay: Math.floor((local - epochDay * DAY_MS) / MINUTE_MS) };
}

export const marketOpenUtc = (epochDay: number) => newYorkTimeToUtc(epochDay, OPEN_MINUTE);

export type MarketState = 'PRE' | 'REGULAR' | 'POST' | 'CLOSED';

/** The latest session that has started at `utcMs`, and how far into it we are. */
export interface Session {
  /** Trading index of the session day. */
  index: number;
  epochDay: number;
  /** Minute bars available so far, 1..390 (390 once the session closed). */
  minutes: number;
  state: MarketState;
}

export function sessionAt(utcMs: number): Session {
  const { epochDay, minuteOfDay } = newYorkClock(utcMs);
  if (isTradingDay(epochDay) && minuteOfDay >= OPEN_MINUTE) {
    const elapsed = minuteOfDay - OPEN_MINUTE;
    const open = elapsed < SESSION_MINUTES;
    return {
      index: tradingIndexOf(epochDay),
      epochDay,
      // The minute in progress counts: its bar is shown and moves to its close at the minute's end.
      minutes: open ? elapsed + 1 : SESSION_MINUTES,
      state: open ? 'REGULAR' : minuteOfDay < 20 * 60 ? 'POST' : 'CLOSED',
    };
  }
  const index = tradingIndexOnOrBefore(epochDay - 1);
  return {
    index,
    epochDay: epochDayOfTradingIndex(index),
    minutes: SESSION_MINUTES,
    state: isTradingDay(epochDay) && minuteOfDay >= 4 * 60 ? 'PRE' : 'CLOSED',
  };
}
