/**
 * Recurring to-dos: RFC 5545 rule bodies ('FREQ=MONTHLY;BYDAY=-1FR') checked, described and
 * stepped here, the same in the server and the web app. Free of zod so that a page can load it
 * on its own.
 *
 * Occurrences are *dates*: the rule is evaluated by `rrule` on floating days (a calendar date as
 * midnight UTC, no zone) and the task keeps its own local time and zone beside it, so "9:00" stays
 * 9:00 local across DST changes; only `dueInstant` turns a local date and time into an instant.
 */
import * as rrulePackage from 'rrule';

// rrule gives Node its CommonJS build (whose named exports Node cannot see) and bundlers an ES
// module without a default export: take whichever this runtime loaded.
const { RRule, Weekday } = (Reflect.get(rrulePackage, 'default') ?? rrulePackage) as typeof rrulePackage;

export interface TaskDue {
  /** YYYY-MM-DD, the local date in `zone`. */
  date: string;
  /** HH:MM local time, or null for a task due on a day without a time. */
  time: string | null;
  /** IANA zone name. */
  zone: string;
}
export type RecurrenceBasis = 'due' | 'completion';

const FREQUENCIES = ['YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY'] as const; // rrule's Frequency numbers 0..3
type Frequency = (typeof FREQUENCIES)[number];
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const; // rrule's weekday numbers 0..6
/** RFC 5545 §3.3.10's order of rule parts: the canonical form lists them so. */
const PART_ORDER = ['FREQ', 'UNTIL', 'COUNT', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'WKST'];
export const RECURRENCE_INTERVAL_MAX = 365;
export const RECURRENCE_COUNT_MAX = 1000;
/** A rule that has no occurrence within this many years of today is refused. */
const CHECK_YEARS = 10;
/**
 * A rule that has no occurrence within this many years of the last, nor within this many of its
 * periods, is over (a Monday 29 February comes every 28 years). rrule takes 20–300 µs a period.
 */
const SEARCH_YEARS = 40;
const SEARCH_PERIODS = 4;
const DAY_MS = 86_400_000;

interface Rule {
  freq: Frequency;
  interval: number;
  count: number | null;
  /** YYYY-MM-DD: occurrences on this date are the last ones. */
  until: string | null;
  /** weekday 0 = Monday; n 0 = every such weekday, else the nth (-1 = last) in the month or year. */
  byDay: { weekday: number; n: number }[];
  byMonthDay: number[];
  byMonth: number[];
  bySetPos: number[];
  wkst: number;
}

// ---- Parsing ---------------------------------------------------------------------------------

const INTEGER = /^[+-]?\d{1,4}$/;

function integerList(name: string, value: string, min: number, max: number, signed: boolean): number[] | string {
  const numbers = new Set<number>();
  for (const item of value.split(',')) {
    const n = INTEGER.test(item) ? Number(item) : Number.NaN;
    const magnitude = Math.abs(n);
    if (!Number.isInteger(n) || magnitude < min || magnitude > max || (n < 0 && !signed)) {
      return signed
        ? `${name} takes numbers from 1 to ${max} or -1 to -${max}, separated by commas`
        : `${name} takes numbers from ${min} to ${max}, separated by commas`;
    }
    numbers.add(n);
  }
  return [...numbers].sort((a, b) => a - b);
}

function parseDate(text: string): number | null {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  return y >= 1000 && formatDay(ms) === `${match[1]}-${match[2]}-${match[3]}` ? ms : null;
}

/** A rule body parsed and checked for everything that does not depend on today; a message if it is wrong. */
function parseRule(text: string): Rule | string {
  let body = text.trim().toUpperCase();
  if (body.startsWith('RRULE:')) body = body.slice('RRULE:'.length);
  if (body === '') return 'The rule is empty';
  if (body.length > 300) return 'The rule is too long';
  if (/DTSTART|[\r\n]/.test(body)) return 'Give the rule without DTSTART: the task’s due date is its start';
  const parts = new Map<string, string>();
  for (const piece of body.split(';')) {
    const [name = '', value, extra] = piece.split('=');
    if (!/^[A-Z]{1,12}$/.test(name) || value === undefined || value === '' || extra !== undefined) {
      return 'Write the rule as NAME=VALUE parts separated by semicolons, e.g. FREQ=WEEKLY;BYDAY=MO';
    }
    if (parts.has(name)) return `${name} is given twice`;
    parts.set(name, value);
  }
  for (const name of parts.keys()) {
    if (name === 'BYHOUR' || name === 'BYMINUTE' || name === 'BYSECOND') {
      return 'A rule cannot set the time of day: the task keeps its own time';
    }
    if (name === 'BYYEARDAY' || name === 'BYWEEKNO') {
      return `${name} is not supported: use months, days of the month and weekdays`;
    }
    if (!PART_ORDER.includes(name)) return `${name} is not a part of a repeat rule`;
  }

  const freqText = parts.get('FREQ');
  if (freqText === undefined) return 'The rule needs FREQ (DAILY, WEEKLY, MONTHLY or YEARLY)';
  if (freqText === 'HOURLY' || freqText === 'MINUTELY' || freqText === 'SECONDLY') {
    return 'Tasks repeat at most daily: FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY';
  }
  const freq = FREQUENCIES.find((f) => f === freqText);
  if (!freq) return 'FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY';

  const rule: Rule = {
    freq,
    interval: 1,
    count: null,
    until: null,
    byDay: [],
    byMonthDay: [],
    byMonth: [],
    bySetPos: [],
    wkst: 0,
  };

  const interval = parts.get('INTERVAL');
  if (interval !== undefined) {
    const n = /^\d{1,3}$/.test(interval) ? Number(interval) : 0;
    if (n < 1 || n > RECURRENCE_INTERVAL_MAX)
      return `INTERVAL must be a whole number from 1 to ${RECURRENCE_INTERVAL_MAX}`;
    rule.interval = n;
  }
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if (count !== undefined && until !== undefined) return 'Give COUNT or UNTIL, not both';
  if (count !== undefined) {
    const n = /^\d{1,4}$/.test(count) ? Number(count) : 0;
    if (n < 1 || n > RECURRENCE_COUNT_MAX) return `COUNT must be a whole number from 1 to ${RECURRENCE_COUNT_MAX}`;
    rule.count = n;
  }
  if (until !== undefined) {
    // A date-time's time is dropped: occurrences are dates, the time of day is the task's.
    const match = /^(\d{8})(T\d{6}Z?)?$/.exec(until);
    const day = match?.[1] ? parseDate(match[1]) : null;
    if (day === null) return 'UNTIL must be a date written YYYYMMDD';
    rule.until = formatDay(day);
  }

  const byDay = parts.get('BYDAY');
  if (byDay !== undefined) {
    const seen = new Set<string>();
    for (const item of byDay.split(',')) {
      const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item);
      if (!match) return 'BYDAY takes weekdays MO, TU, WE, TH, FR, SA, SU, each optionally numbered (2TU, -1FR)';
      const n = match[1] === undefined ? 0 : Number(match[1]);
      const weekday = WEEKDAYS.indexOf(match[2] as (typeof WEEKDAYS)[number]);
      if (n !== 0 && freq !== 'MONTHLY' && freq !== 'YEARLY') {
        return 'Numbered weekdays (2TU, -1FR) need FREQ=MONTHLY or YEARLY';
      }
      const most = freq === 'MONTHLY' ? 5 : 53;
      if (match[1] !== undefined && (n === 0 || Math.abs(n) > most)) {
        return `A weekday’s number must be from 1 to ${most} or -1 to -${most}`;
      }
      if (seen.has(`${n}${weekday}`)) continue;
      seen.add(`${n}${weekday}`);
      rule.byDay.push({ weekday, n });
    }
    // rrule keeps only the days that are both (a Monday and the last Friday: none), not either.
    if (rule.byDay.some((d) => d.n === 0) && rule.byDay.some((d) => d.n !== 0)) {
      return 'BYDAY cannot mix numbered weekdays (2TU) with plain ones (MO)';
    }
    // By weekday, then from the start of the period to its end: the quick-add grammar's order too.
    rule.byDay.sort((a, b) => a.weekday - b.weekday || order(a.n) - order(b.n));
  }
  const byMonthDay = parts.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    if (freq === 'WEEKLY') return 'BYMONTHDAY cannot be used with FREQ=WEEKLY';
    const days = integerList('BYMONTHDAY', byMonthDay, 1, 31, true);
    if (typeof days === 'string') return days;
    rule.byMonthDay = days.sort((a, b) => order(a) - order(b));
  }
  const byMonth = parts.get('BYMONTH');
  if (byMonth !== undefined) {
    const months = integerList('BYMONTH', byMonth, 1, 12, false);
    if (typeof months === 'string') return months;
    rule.byMonth = months;
  }
  const bySetPos = parts.get('BYSETPOS');
  if (bySetPos !== undefined) {
    if (byDay === undefined && byMonthDay === undefined && byMonth === undefined) {
      return 'BYSETPOS needs BYDAY, BYMONTHDAY or BYMONTH to choose from';
    }
    const positions = integerList('BYSETPOS', bySetPos, 1, 366, true);
    if (typeof positions === 'string') return positions;
    rule.bySetPos = positions.sort((a, b) => order(a) - order(b));
  }
  if (freq === 'DAILY' && rule.interval > 1 && [byDay, byMonthDay, byMonth, bySetPos].some((p) => p !== undefined)) {
    // Which of every third day fall on a Monday or the 29th is hard to foresee, and slow to look for.
    return 'Every N days (INTERVAL) cannot be combined with BYDAY, BYMONTHDAY, BYMONTH or BYSETPOS';
  }
  const wkst = parts.get('WKST');
  if (wkst !== undefined) {
    const weekday = WEEKDAYS.indexOf(wkst as (typeof WEEKDAYS)[number]);
    if (weekday < 0) return 'WKST must be a weekday: MO, TU, WE, TH, FR, SA or SU';
    rule.wkst = weekday;
  }
  return rule;
}

/** 1, 2, … then -2, -1: the order of positions from the start of a period to its end. */
const order = (n: number) => (n < 0 ? 1000 + n : n);

function parseOrThrow(text: string): Rule {
  const rule = parseRule(text);
  if (typeof rule === 'string') throw new RangeError(`Invalid repeat rule: ${rule}`);
  return rule;
}

function formatRule(rule: Rule): string {
  const parts: string[] = [`FREQ=${rule.freq}`];
  if (rule.until) parts.push(`UNTIL=${rule.until.replaceAll('-', '')}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byDay.length) parts.push(`BYDAY=${rule.byDay.map((d) => `${d.n || ''}${WEEKDAYS[d.weekday]}`).join(',')}`);
  if (rule.byMonthDay.length) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.byMonth.length) parts.push(`BYMONTH=${rule.byMonth.join(',')}`);
  if (rule.bySetPos.length) parts.push(`BYSETPOS=${rule.bySetPos.join(',')}`);
  if (rule.wkst !== 0) parts.push(`WKST=${WEEKDAYS[rule.wkst]}`);
  return parts.join(';');
}

// ---- Evaluation on floating days --------------------------------------------------------------

const formatDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const floorDay = (ms: number) => ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);

/** rrule's form of the rule from the floating day `dtstart`, without COUNT: the caller counts what is left. */
function rruleFrom(rule: Rule, dtstart: number, until: number) {
  return new RRule(
    {
      freq: FREQUENCIES.indexOf(rule.freq),
      interval: rule.interval,
      dtstart: new Date(dtstart),
      until: new Date(until),
      wkst: rule.wkst,
      byweekday: rule.byDay.length ? rule.byDay.map((d) => (d.n ? new Weekday(d.weekday, d.n) : d.weekday)) : null,
      bymonthday: rule.byMonthDay.length ? rule.byMonthDay : null,
      bymonth: rule.byMonth.length ? rule.byMonth : null,
      bysetpos: rule.bySetPos.length ? rule.bySetPos : null,
    },
    true,
  );
}

const yearOf = (ms: number) => new Date(ms).getUTCFullYear();
const addYears = (ms: number, years: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate());
};
const jan1Weekday = (year: number) => new Date(Date.UTC(year, 0, 1)).getUTCDay();
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * How far to move the years `from`..`to` so that they end shortly before 9999 with the same
 * calendar (weekdays and leap years). The Gregorian calendar repeats every 400 years; a short
 * span usually finds a nearer match (the 28-year cycle between century years).
 */
function calendarShift(from: number, to: number): number {
  const span = to - from;
  let target = from + 400 * Math.floor((9999 - to) / 400);
  const same = (other: number) => {
    for (let i = 0; i <= span; i++) {
      if (jan1Weekday(from + i) !== jan1Weekday(other + i) || isLeap(from + i) !== isLeap(other + i)) return false;
    }
    return true;
  };
  if (span <= 60) {
    for (let year = 9999 - span; year > target; year--) {
      if (same(year)) {
        target = year;
        break;
      }
    }
  }
  return Date.UTC(target, 0, 1) - Date.UTC(from, 0, 1);
}

/**
 * The rule as rrule evaluates it from the floating day `start`, and the day it starts from; null
 * for a rule that cannot occur.
 */
function evaluated(rule: Rule, start: number): { rule: Rule; dtstart: number } | null {
  if (rule.freq === 'DAILY') {
    let daily = rule;
    if (rule.bySetPos.length) {
      // A day's set holds that day at most: BYSETPOS 1 or -1 keeps it, any other leaves nothing.
      if (!rule.bySetPos.some((n) => n === 1 || n === -1)) return null;
      daily = { ...rule, bySetPos: [] };
    }
    // (INTERVAL is 1 when there are BY parts.)
    if (daily.byDay.length || daily.byMonth.length || daily.byMonthDay.length) {
      // The same days, found a year at a time rather than a day at a time (rrule takes ~20 µs a period).
      const everyDay = Array.from({ length: 31 }, (_, i) => i + 1);
      daily = { ...daily, freq: 'YEARLY', byMonthDay: daily.byMonthDay.length ? daily.byMonthDay : everyDay };
    }
    return { rule: daily, dtstart: start };
  }
  if (rule.freq === 'WEEKLY') {
    // rrule's first week begins at DTSTART, so BYSETPOS would choose among the days from it on;
    // RFC 5545 chooses among the whole week's, and the periods must not move with the anchor.
    const weekday = (new Date(start).getUTCDay() + 6) % 7;
    const dtstart = start - ((weekday - rule.wkst + 7) % 7) * DAY_MS;
    const byDay = rule.byDay.length ? rule.byDay : [{ weekday, n: 0 }];
    // A week's set has at most one day per BYDAY weekday: looking week by week for a 3rd of two is slow.
    const bySetPos = rule.bySetPos.filter((n) => Math.abs(n) <= byDay.length);
    if (rule.bySetPos.length && !bySetPos.length) return null;
    return { rule: { ...rule, byDay, bySetPos }, dtstart };
  }
  return { rule, dtstart: start };
}

const PERIOD_DAYS: Record<Frequency, number> = { DAILY: 1, WEEKLY: 7, MONTHLY: 30.44, YEARLY: 365.25 };

/**
 * The first occurrence after the floating day `after` (on it too when `inclusive`), periods counted
 * from `start` (≤ `after`), within `years` of `after` (by default the later of SEARCH_YEARS and
 * SEARCH_PERIODS of the rule's periods); null if there is none.
 *
 * rrule looks for the next occurrence of a rule that has none until the year 9999 (seconds for a
 * daily rule), so the search runs on the same calendar moved to just before 9999, where it ends
 * soon after the window.
 */
function search(rule: Rule, start: number, after: number, inclusive: boolean, years?: number): number | null {
  const how = evaluated(rule, start);
  if (!how) return null;
  const periodYears = (SEARCH_PERIODS * PERIOD_DAYS[how.rule.freq] * how.rule.interval) / 365.25;
  const end = addYears(after, years ?? Math.max(SEARCH_YEARS, Math.ceil(periodYears)));
  const until = rule.until === null ? end : Math.min(end, parseDate(rule.until) ?? end);
  if (until < after) return null;
  const shift = calendarShift(yearOf(how.dtstart) - 1, yearOf(until) + 1);
  const found = rruleFrom(how.rule, how.dtstart + shift, until + shift).after(new Date(after + shift), inclusive);
  return found ? found.getTime() - shift : null;
}

// ---- Zones ------------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      throw new RangeError(`Unknown time zone: ${zone.slice(0, 64)}`);
    }
    // Zone names come from stored tasks: keep the map bounded.
    if (formatters.size >= 500) formatters.clear();
    formatters.set(zone, f);
  }
  return f;
}

/** The wall clock in `zone` at `instant`, as a floating time (its UTC fields are the local ones). */
function wallClock(instant: number, zone: string): number {
  const p: Record<string, string> = {};
  for (const part of formatter(zone).formatToParts(new Date(instant))) p[part.type] = part.value;
  return Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in ms. */
const offsetAt = (instant: number, zone: string) => wallClock(instant, zone) - Math.floor(instant / 1000) * 1000;

/** The floating day of `instant`'s local date in `zone`. */
const localDay = (instant: number, zone: string) => floorDay(wallClock(instant, zone));

function checkDue(due: TaskDue): number {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(due.date) ? parseDate(due.date) : null;
  if (day === null) throw new RangeError(`A due date is YYYY-MM-DD: ${due.date.slice(0, 32)}`);
  if (due.time !== null && !/^([01]\d|2[0-3]):[0-5]\d$/.test(due.time)) {
    throw new RangeError(`A due time is HH:MM: ${due.time.slice(0, 32)}`);
  }
  formatter(due.zone);
  return day;
}

// ---- The API ----------------------------------------------------------------------------------

/**
 * Checks a rule body (no DTSTART), e.g. 'FREQ=MONTHLY;BYDAY=-1FR'. Allowed: FREQ DAILY, WEEKLY,
 * MONTHLY or YEARLY; INTERVAL 1..365; COUNT 1..1000 or UNTIL (a date, not in the past); BYDAY,
 * BYMONTHDAY, BYMONTH, BYSETPOS, WKST. It must occur within 10 years of `now`. Returns the rule in
 * canonical form (upper case, parts in RFC 5545's order, defaults left out, lists sorted) or a
 * message a person can read.
 */
export function checkRecurrence(
  text: string,
  now: Date = new Date(),
): { ok: true; rule: string } | { ok: false; message: string } {
  const rule = parseRule(text);
  if (typeof rule === 'string') return { ok: false, message: rule };
  // Today's date where it is earliest on Earth (UTC−12): an end date before it is past for everyone.
  const start = floorDay(now.getTime() - 12 * 3_600_000);
  if (rule.until !== null && rule.until < formatDay(start))
    return { ok: false, message: 'The end date (UNTIL) is in the past' };
  if (search(rule, start, start, true, CHECK_YEARS) === null) return { ok: false, message: 'This rule never occurs' };
  return { ok: true, rule: formatRule(rule) };
}

/**
 * The next due after completing the occurrence `due`, at the same local time in the same zone.
 * 'due': the first occurrence strictly after due.date, periods counted from it. 'completion'
 * (Todoist's "every!"): periods counted from the local date of `completedAt` in due.zone, the first
 * occurrence strictly after that date, and never on or before due.date. Null when the rule has no
 * more occurrences: past UNTIL, COUNT=1 (store `ruleAfterCompletion(rule)` with the new due), or
 * none within 40 years or 4 of its periods, whichever is longer.
 * Throws RangeError for a rule `checkRecurrence` refuses whatever the date, or a malformed due.
 */
export function nextDue(text: string, basis: RecurrenceBasis, due: TaskDue, completedAt: Date): TaskDue | null {
  const rule = parseOrThrow(text);
  const dueDay = checkDue(due);
  if (rule.count === 1) return null;
  let next: number | null;
  if (basis === 'completion') {
    const doneDay = localDay(completedAt.getTime(), due.zone);
    const after = Math.max(doneDay, dueDay);
    // Counted from that day, a rule with INTERVAL and BYMONTH can miss its months altogether
    // (every other month, in January, done in April): then it counts from the due as before.
    next = search(rule, doneDay, after, false) ?? search(rule, dueDay, after, false);
  } else {
    next = search(rule, dueDay, dueDay, false);
  }
  return next === null ? null : { date: formatDay(next), time: due.time, zone: due.zone };
}

/**
 * The rule to store once an occurrence is completed: COUNT counts the occurrences left, the due
 * one included, so it goes down by one; null after the last. Other rules come back unchanged
 * (canonical).
 */
export function ruleAfterCompletion(text: string): string | null {
  const rule = parseOrThrow(text);
  if (rule.count === null) return formatRule(rule);
  if (rule.count === 1) return null;
  return formatRule({ ...rule, count: rule.count - 1 });
}

/**
 * The first occurrence on or after `from`'s local date in `zone` (a task created with a rule),
 * periods counted from that date; `time` is the task's local time (HH:MM) or null.
 */
export function firstDue(text: string, from: Date, zone: string, time: string | null): TaskDue | null {
  const rule = parseOrThrow(text);
  const day = localDay(from.getTime(), zone);
  checkDue({ date: formatDay(day), time, zone });
  const first = search(rule, day, day, true);
  return first === null ? null : { date: formatDay(first), time, zone };
}

/**
 * The instant a due means, ISO 8601 in UTC, for sorting and "overdue". A date-only due means the
 * start of its local day (its first minute where midnight is skipped). A local time the clocks
 * skip (02:30 on a spring-forward night in New York) is read with the offset before the gap
 * (03:30 EDT); one they pass twice means the first (RFC 5545 §3.3.5).
 */
export function dueInstant(due: TaskDue): string {
  const day = checkDue(due);
  const [h, m] = due.time === null ? [0, 0] : due.time.split(':').map(Number);
  const wall = day + ((h ?? 0) * 60 + (m ?? 0)) * 60_000;
  // The zone's offsets a day either side of the wall time (probes for the offset, not date arithmetic).
  const before = offsetAt(wall - DAY_MS, due.zone);
  const after = offsetAt(wall + DAY_MS, due.zone);
  const fits = [wall - before, wall - after].filter((t) => wallClock(t, due.zone) === wall);
  const instant = fits.length ? Math.min(...fits) : wall - before;
  return new Date(instant).toISOString();
}

// ---- Description ------------------------------------------------------------------------------

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const POSITION_WORDS = ['', 'first', 'second', 'third', 'fourth', 'fifth'];

function list(items: string[], word = 'and'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;
}

/** 1 → '1st', 22 → '22nd', 13 → '13th'. */
function numbered(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** A position in a period: 1 → 'first', -1 → 'last', -2 → 'second-to-last', 20 → '20th'. */
function position(n: number, word: (k: number) => string = (k) => POSITION_WORDS[k] ?? numbered(k)): string {
  if (n === -1) return 'last';
  return n < 0 ? `${word(-n)}-to-last` : word(n);
}

const monthDay = (n: number) => (n === -1 ? 'last day' : n < 0 ? `${position(n, numbered)} day` : numbered(n));

function every(interval: number, unit: string): string {
  if (interval === 1) return `every ${unit}`;
  return interval === 2 ? `every other ${unit}` : `every ${interval} ${unit}s`;
}

const isWorkWeek = (days: number[]) => days.length === 5 && days.every((d, i) => d === i);

/** The plain weekdays of a rule ('weekday' for Monday to Friday), joined with `word`. */
function plainDays(rule: Rule, word = 'and'): string {
  const days = rule.byDay.filter((d) => d.n === 0).map((d) => d.weekday);
  return isWorkWeek(days)
    ? 'weekday'
    : list(
        days.map((d) => DAY_NAMES[d] ?? ''),
        word,
      );
}

/** The numbered weekdays of a rule, one weekday's together: 'the first and last Monday'. */
function numberedDays(rule: Rule): string[] {
  const weekdays = [...new Set(rule.byDay.filter((d) => d.n !== 0).map((d) => d.weekday))];
  return weekdays.map((weekday) => {
    const positions = rule.byDay.filter((d) => d.n !== 0 && d.weekday === weekday).map((d) => position(d.n));
    return `the ${list(positions)} ${DAY_NAMES[weekday]}`;
  });
}

/** What a period's BYDAY, BYMONTHDAY and BYSETPOS choose: 'the last Friday', 'the 1st and 15th'. */
function chosenDays(rule: Rule): string {
  const plain = rule.byDay.some((d) => d.n === 0) ? plainDays(rule, 'or') : '';
  const dates = list(rule.byMonthDay.map(monthDay), 'or');
  if (rule.bySetPos.length) {
    const which = list(rule.bySetPos.map((n) => position(n)));
    if (plain && !dates) return `the ${which} ${plain}`;
    return `the ${which} of ${list([...numberedDays(rule), plain, dates ? `the ${dates}` : ''].filter(Boolean), 'or')}`;
  }
  if (plain && dates) return `${plain} the ${dates}`;
  const parts = [...numberedDays(rule), plain ? `every ${plain}` : ''].filter(Boolean);
  if (rule.byMonthDay.length) parts.push(`the ${list(rule.byMonthDay.map(monthDay))}`);
  return list(parts);
}

/**
 * Short English for the UI: 'every weekday', 'every other Monday', 'every month on the 1st',
 * 'every month on the last Friday', 'every year on February 29', ', until December 31, 2026'.
 * Throws RangeError for a rule `checkRecurrence` refuses whatever the date.
 */
export function describeRecurrence(text: string): string {
  let rule = parseOrThrow(text);
  // Every day on some weekdays or days of the month (INTERVAL 1: checked) is those days of every week or month.
  if (rule.freq === 'DAILY' && (rule.byDay.length || rule.byMonthDay.length)) {
    rule = { ...rule, freq: rule.byMonthDay.length ? 'MONTHLY' : 'WEEKLY', bySetPos: [] };
  }
  const months = list(rule.byMonth.map((m) => MONTH_NAMES[m - 1] ?? ''));
  const plainOnly = rule.byDay.length > 0 && rule.byDay.every((d) => d.n === 0);
  let words: string;
  if (
    plainOnly &&
    !rule.byMonthDay.length &&
    !rule.bySetPos.length &&
    (rule.freq === 'WEEKLY' || rule.interval === 1)
  ) {
    const days = plainDays(rule);
    if (rule.interval === 1) words = `every ${days}`;
    else if (rule.interval === 2 && rule.byDay.length === 1) words = `every other ${days}`;
    else words = `${every(rule.interval, 'week')} on ${days === 'weekday' ? 'weekdays' : days}`;
    if (months) words += ` in ${months}`;
  } else if (rule.freq === 'YEARLY' && rule.byMonth.length === 1 && !rule.byDay.length && !rule.bySetPos.length) {
    const days = rule.byMonthDay;
    const on =
      days.length === 0
        ? `in ${months}`
        : days.length === 1 && (days[0] ?? 0) > 0
          ? `on ${months} ${days[0]}`
          : `on the ${list(days.map(monthDay))} of ${months}`;
    words = `${every(rule.interval, 'year')} ${on}`;
  } else {
    const unit = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' }[rule.freq];
    words = every(rule.interval, unit);
    const chosen = rule.byDay.length || rule.byMonthDay.length ? chosenDays(rule) : '';
    if (chosen) words += ` on ${chosen}`;
    if (months) words += rule.freq === 'YEARLY' && chosen ? ` of ${months}` : ` in ${months}`;
    else if (rule.freq === 'YEARLY' && (rule.bySetPos.length || rule.byDay.some((d) => d.n !== 0)))
      words += ' of the year';
    else if (rule.freq === 'YEARLY' && !rule.byDay.length && rule.byMonthDay.length) words += ' of each month';
  }
  if (rule.count !== null) words += rule.count === 1 ? ', once' : `, ${rule.count} times`;
  if (rule.until !== null) {
    const [y, m, d] = rule.until.split('-').map(Number);
    words += `, until ${MONTH_NAMES[(m ?? 1) - 1]} ${d}, ${y}`;
  }
  return words;
}
