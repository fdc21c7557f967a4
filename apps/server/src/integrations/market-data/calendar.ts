import { offsetMinutes } from '../time-zones.js';

/**
 * Exchange calendar arithmetic for the demo market (docs/product.md#finance): trading days are
 * Monday to Friday (no holiday calendar) and each exchange trades in its own time zone, in one
 * or two regular segments (Tokyo breaks for lunch). Days are "epoch days" (days since
 * 1970-01-01) of the exchange's local calendar date.
 */

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

export interface ExchangeCalendar {
  /** The IANA zone quotes report as `exchangeTimezoneName`. */
  timeZone: string;
  /** Regular trading, as [start, end) minutes after local midnight, in order. */
  segments: readonly (readonly [number, number])[];
  /** Extended hours (US only): pre-market from this local minute, after-hours until that one. */
  extended?: { preFrom: number; postUntil: number };
}

const hm = (h: number, m = 0) => h * 60 + m;

export const NEW_YORK: ExchangeCalendar = {
  timeZone: 'America/New_York',
  segments: [[hm(9, 30), hm(16)]],
  extended: { preFrom: hm(4), postUntil: hm(20) },
};
/** Tokyo Stock Exchange: 09:00–11:30 and 12:30–15:30 (the close moved from 15:00 in Nov 2024). */
export const TOKYO: ExchangeCalendar = {
  timeZone: 'Asia/Tokyo',
  segments: [
    [hm(9), hm(11, 30)],
    [hm(12, 30), hm(15, 30)],
  ],
};
/** Xetra, Frankfurt: 09:00–17:30 CET/CEST. */
export const XETRA: ExchangeCalendar = { timeZone: 'Europe/Berlin', segments: [[hm(9), hm(17, 30)]] };
/** London Stock Exchange: 08:00–16:30 UK time. */
export const LONDON: ExchangeCalendar = { timeZone: 'Europe/London', segments: [[hm(8), hm(16, 30)]] };
/** Currency pairs trade round the clock on weekdays; Yahoo stamps them in London time. */
export const FX: ExchangeCalendar = { timeZone: 'Europe/London', segments: [[0, hm(24)]] };

/** Minutes in a regular session. */
export const sessionMinutes = (cal: ExchangeCalendar) => cal.segments.reduce((n, [a, b]) => n + b - a, 0);

/** The session's segments as [from, to) indices of its minute bars. */
export function segmentRanges(cal: ExchangeCalendar): [number, number][] {
  let at = 0;
  return cal.segments.map(([a, b]) => {
    const range: [number, number] = [at, at + b - a];
    at += b - a;
    return range;
  });
}

/** Local minute of day at which session minute `j` starts (j = session length: the close). */
export function localMinuteOfSessionMinute(cal: ExchangeCalendar, j: number): number {
  let rest = j;
  for (const [a, b] of cal.segments) {
    if (rest < b - a) return a + rest;
    rest -= b - a;
  }
  const last = cal.segments[cal.segments.length - 1];
  return (last?.[1] ?? 0) + rest;
}

/** Session minutes traded by local minute `minuteOfDay` (a break counts as nothing). */
function minutesTradedBy(cal: ExchangeCalendar, minuteOfDay: number): number {
  let traded = 0;
  for (const [a, b] of cal.segments) traded += Math.max(0, Math.min(minuteOfDay, b) - a);
  return traded;
}

/** 1970-01-05 was the first Monday after the epoch: trading index 0. */
const FIRST_MONDAY = 4;

export const epochDayOf = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
export const isoDateOf = (epochDay: number) => new Date(epochDay * DAY_MS).toISOString().slice(0, 10);

/** The same calendar day `months` earlier (clamped to the month's length). */
export function monthsBefore(epochDay: number, months: number): number {
  const date = new Date(epochDay * DAY_MS);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Math.floor(Date.UTC(y, m, Math.min(date.getUTCDate(), lastDay)) / DAY_MS);
}

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

/*
 * A zone's offset changes only on whole hours (true of every zone an exchange here uses), so it is
 * looked up once per zone and UTC hour: Intl's formatToParts costs microseconds, and a five-year
 * chart asks for thousands of bar times. The map is dropped whole when it grows large.
 */
const offsetCache = new Map<string, Map<number, number>>();
function zoneOffset(timeZone: string, utcMs: number): number {
  let byHour = offsetCache.get(timeZone);
  if (!byHour) {
    byHour = new Map();
    offsetCache.set(timeZone, byHour);
  }
  const hour = Math.floor(utcMs / HOUR_MS);
  let offset = byHour.get(hour);
  if (offset === undefined) {
    if (byHour.size >= 100_000) byHour.clear();
    offset = offsetMinutes(hour * HOUR_MS, timeZone);
    byHour.set(hour, offset);
  }
  return offset;
}

/** UTC instant of a local time (minutes after midnight, may be 1440) on an exchange's date. */
export function localTimeToUtc(cal: ExchangeCalendar, epochDay: number, minuteOfDay: number): number {
  const wall = epochDay * DAY_MS + minuteOfDay * MINUTE_MS;
  // The offset at the wall time read as UTC, then again at the instant that gives (DST edges).
  const first = zoneOffset(cal.timeZone, wall);
  const offset = zoneOffset(cal.timeZone, wall - first * MINUTE_MS);
  return wall - offset * MINUTE_MS;
}

/** An exchange's calendar date and minute of day at an instant. */
export function localClock(cal: ExchangeCalendar, utcMs: number): { epochDay: number; minuteOfDay: number } {
  const local = utcMs + zoneOffset(cal.timeZone, utcMs) * MINUTE_MS;
  const epochDay = Math.floor(local / DAY_MS);
  return { epochDay, minuteOfDay: Math.floor((local - epochDay * DAY_MS) / MINUTE_MS) };
}

/** UTC start of session minute `j` of a trading day (j = session length: the close). */
export const sessionMinuteTime = (cal: ExchangeCalendar, epochDay: number, j: number) =>
  localTimeToUtc(cal, epochDay, localMinuteOfSessionMinute(cal, j));

export type MarketState = 'PRE' | 'REGULAR' | 'POST' | 'CLOSED';

/** The latest session that has started at `utcMs`, and how far into it we are. */
export interface Session {
  /** Trading index of the session day. */
  index: number;
  epochDay: number;
  /** Minute bars available so far, 1..length (the whole session once it closed). */
  minutes: number;
  state: MarketState;
}

export function sessionAt(cal: ExchangeCalendar, utcMs: number): Session {
  const { epochDay, minuteOfDay } = localClock(cal, utcMs);
  const length = sessionMinutes(cal);
  const open = cal.segments[0]?.[0] ?? 0;
  const close = cal.segments[cal.segments.length - 1]?.[1] ?? 0;
  if (isTradingDay(epochDay) && minuteOfDay >= open) {
    const inSession = minuteOfDay < close;
    // The minute in progress counts: its bar is shown and moves to its close at the minute's end.
    // In a lunch break the morning's bars are all there is, and the market counts as open.
    const traded = minutesTradedBy(cal, minuteOfDay + 1);
    const after = cal.extended && minuteOfDay < cal.extended.postUntil ? 'POST' : 'CLOSED';
    return {
      index: tradingIndexOf(epochDay),
      epochDay,
      minutes: inSession ? Math.max(1, traded) : length,
      state: inSession ? 'REGULAR' : after,
    };
  }
  const index = tradingIndexOnOrBefore(epochDay - 1);
  const pre = cal.extended && isTradingDay(epochDay) && minuteOfDay >= cal.extended.preFrom;
  return { index, epochDay: epochDayOfTradingIndex(index), minutes: length, state: pre ? 'PRE' : 'CLOSED' };
}

/** The calendars of the exchanges this site knows, by the time zone quotes name. */
const CALENDARS_BY_ZONE = new Map<string, ExchangeCalendar>([
  [NEW_YORK.timeZone, NEW_YORK],
  [TOKYO.timeZone, TOKYO],
  [XETRA.timeZone, XETRA],
  [LONDON.timeZone, LONDON],
]);

/** Zones with a known calendar (the others are treated by `calendarOfTimeZone`'s fallback). */
export const KNOWN_EXCHANGE_ZONES: readonly string[] = [...CALENDARS_BY_ZONE.keys()];

/**
 * The calendar of a listing from its quote's `exchangeTimezoneName`. An exchange we have no
 * calendar for is taken to trade 09:30–16:00 in its own zone (the common hours), so a day order
 * there still expires at a local close; callers that must not miss its real hours also check
 * the quote's `marketState`.
 */
export function calendarOfTimeZone(timeZone: string): ExchangeCalendar {
  return CALENDARS_BY_ZONE.get(timeZone) ?? { timeZone, segments: [[hm(9, 30), hm(16)]] };
}

/**
 * When the regular session that is under way, or the next one, closes: today's close before it has
 * come on a trading day (also in pre-market), else the next trading day's (weekends skipped; no
 * holiday calendar, docs/product.md#finance).
 */
export function nextSessionClose(cal: ExchangeCalendar, utcMs: number): number {
  const { epochDay, minuteOfDay } = localClock(cal, utcMs);
  const close = cal.segments[cal.segments.length - 1]?.[1] ?? hm(24);
  let day = epochDay;
  if (!isTradingDay(day) || minuteOfDay >= close) {
    day += 1;
    while (!isTradingDay(day)) day += 1;
  }
  return localTimeToUtc(cal, day, close);
}

/** Whether the exchange is in its regular session (a lunch break counts as closed). */
export function isRegularSession(cal: ExchangeCalendar, utcMs: number): boolean {
  const { epochDay, minuteOfDay } = localClock(cal, utcMs);
  return isTradingDay(epochDay) && cal.segments.some(([a, b]) => minuteOfDay >= a && minuteOfDay < b);
}
