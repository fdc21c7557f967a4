// The recurrence half of the quick-add grammar (todo-quick-add.ts): "every …", "daily", "weekly",
// "monthly", "yearly"/"annually" found in the text and turned into an RFC 5545 RRULE body, and the
// first occurrence of such a rule. chrono-node reads single dates only, so this part is our own.
import { civilDate, dayNumber, daysInMonth } from './todo-quick-add-calendar.js';

export type Frequency = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

/** A BYDAY entry: the weekday (0 = Sunday) and, in a monthly rule, which one of the month (-1 = last). */
export interface WeekdayRule {
  weekday: number;
  nth: number | null;
}

export interface RecurrenceRule {
  freq: Frequency;
  interval: number;
  byMonth: number | null;
  byMonthDay: number[];
  byDay: WeekdayRule[];
}

/** A recurrence phrase at [start, end) of the text; `rule` null when it is one we refuse (hours, minutes). */
export interface RecurrenceMatch {
  start: number;
  end: number;
  rule: RecurrenceRule | null;
}

// A word ends where no letter, digit or underscore follows; written out because \b knows ASCII only
// and titles are any language.
const END = '(?![\\p{L}\\p{N}_])';
const sticky = (source: string) => new RegExp(source, 'iuy');
const word = (source: string) => sticky(`(?:${source})${END}`);

const WEEKDAY = word(
  'sundays?|sun|mondays?|mon|tuesdays?|tues|tue|wednesdays?|wed|thursdays?|thurs|thur|thu|fridays?|fri|saturdays?|sat',
);
const WEEKDAY_CODES = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa'];
const MONTH = sticky(
  `(?:january|jan|february|feb|march|mar|april|apr|may|june|jun|july|jul|august|aug|september|sept|sep|october|oct|november|nov|december|dec)${END}\\.?`,
);
const MONTH_CODES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const NTH = word('first|second|third|fourth|fifth|last|([1-5])(?:st|nd|rd|th)');
const NTH_WORDS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, last: -1 };
const DAY_ORDINAL = word('(3[01]|[12]\\d|0?[1-9])(?:st|nd|rd|th)|last\\s+day');
const DAY_NUMBER = word('(3[01]|[12]\\d|0?[1-9])(?:st|nd|rd|th)?');
const UNIT = word('(day|week|month|year|hour|minute|min)s?');
const COUNT = sticky('(\\d{1,3})\\s+');
/** The largest INTERVAL todo-recurrence.ts accepts (RECURRENCE_INTERVAL_MAX; that module brings rrule, so not imported here). */
export const INTERVAL_MAX = 365;
const OTHER = sticky('other\\s+');
const WORKDAYS = word('weekdays?|workdays?');
const WEEKENDS = word('weekends?');
const SPACE = sticky('\\s+');
const ON = sticky('\\s+on\\s+(?:the\\s+)?');
const OF_MONTH = sticky('\\s+of\\s+(?:the|each|every)\\s+month(?![\\p{L}\\p{N}_])');
const OF = sticky('\\s+(?:of\\s+)?');
const LIST_SEPARATOR = sticky('\\s*(?:,\\s*(?:and\\s+)?|&\\s*|\\s+and\\s+)');
const KEYWORD = /(?<![\p{L}\p{N}_])(?:(every)\s+|(daily|weekly|monthly|yearly|annually)(?![\p{L}\p{N}_]))/giu;

/** A position in the text and sticky matches from it; a failed match leaves the position alone. */
class Cursor {
  constructor(
    readonly text: string,
    public pos: number,
  ) {}
  eat(re: RegExp): RegExpExecArray | null {
    re.lastIndex = this.pos;
    const m = re.exec(this.text);
    if (m) this.pos = re.lastIndex;
    return m;
  }
  /** Runs `parse` and rewinds when it gives nothing. */
  attempt<T>(parse: () => T | null): T | null {
    const from = this.pos;
    const out = parse();
    if (out === null) this.pos = from;
    return out;
  }
}

const rule = (freq: Frequency, extra: Partial<RecurrenceRule> = {}): RecurrenceRule => ({
  freq,
  interval: 1,
  byMonth: null,
  byMonthDay: [],
  byDay: [],
  ...extra,
});
const EVERY_WORKDAY = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, nth: null }));
const EVERY_WEEKEND = [6, 0].map((weekday) => ({ weekday, nth: null }));

/** A list of items joined by ",", "&" or "and" (at least one). */
function list<T>(c: Cursor, item: () => T | null): T[] | null {
  const first = c.attempt(item);
  if (first === null) return null;
  const out = [first];
  for (;;) {
    const next = c.attempt(() => (c.eat(LIST_SEPARATOR) ? item() : null));
    if (next === null) return out;
    out.push(next);
  }
}

const weekday = (c: Cursor): number | null => {
  const m = c.eat(WEEKDAY);
  return m ? WEEKDAY_CODES.indexOf(m[0].slice(0, 2).toLowerCase()) : null;
};
const weekdays = (c: Cursor): WeekdayRule[] | null =>
  list(c, () => {
    const day = weekday(c);
    return day === null ? null : { weekday: day, nth: null };
  });

const nth = (c: Cursor): number | null => {
  const m = c.eat(NTH);
  return m ? (m[1] ? Number(m[1]) : NTH_WORDS[m[0].toLowerCase()]!) : null;
};

/** "last friday", "first monday", "2nd tuesday" (of the month). */
const nthWeekday = (c: Cursor): WeekdayRule | null =>
  c.attempt(() => {
    const n = nth(c);
    if (n === null || !c.eat(SPACE)) return null;
    const day = weekday(c);
    return day === null ? null : { weekday: day, nth: n };
  });

/** "first Monday and third Friday", or "first and third Monday". */
const nthWeekdays = (c: Cursor): WeekdayRule[] | null =>
  list(c, () => nthWeekday(c)) ??
  c.attempt(() => {
    const ns = list(c, () => nth(c));
    if (!ns || !c.eat(SPACE)) return null;
    const day = weekday(c);
    return day === null ? null : ns.map((n) => ({ weekday: day, nth: n }));
  });

/** "2nd day", "third week": every other day, every third week. */
const ordinalInterval = (c: Cursor): RecurrenceRule | null | undefined => {
  const found = c.attempt(() => {
    const n = nth(c);
    if (n === null || n < 2 || !c.eat(SPACE)) return null;
    const unit = unitRule(c, n);
    return unit === undefined ? null : { unit };
  });
  return found ? found.unit : undefined;
};

/** "1st", "15th", "last day" (of the month). */
const monthDays = (c: Cursor): number[] | null =>
  list(c, () => {
    const m = c.eat(DAY_ORDINAL);
    if (!m) return null;
    return m[1] ? Number(m[1]) : -1;
  });

/** "Jan 27", "January 27th", "27 Jan", "27th of January": [month, day]. */
const monthAndDay = (c: Cursor): [number, number] | null =>
  c.attempt(() => {
    let month = c.eat(MONTH);
    let day: RegExpExecArray | null;
    if (month) {
      if (!c.eat(SPACE)) return null;
      day = c.eat(DAY_NUMBER);
    } else {
      day = c.eat(DAY_NUMBER);
      if (!day || !c.eat(OF)) return null;
      month = c.eat(MONTH);
    }
    if (!month || !day) return null;
    const monthNo = MONTH_CODES.indexOf(month[0].slice(0, 3).toLowerCase()) + 1;
    const dayNo = Number(day[1]);
    // February 29 is a real yearly date (a leap year's); February 30 is not.
    if (dayNo > daysInMonth(2024, monthNo)) return null;
    return [monthNo, dayNo];
  });

const monthlyOn = (c: Cursor, base: RecurrenceRule): RecurrenceRule =>
  c.attempt(() => {
    if (!c.eat(ON)) return null;
    const byDay = nthWeekdays(c);
    if (byDay) return { ...base, byDay };
    const days = monthDays(c);
    return days ? { ...base, byMonthDay: days } : null;
  }) ?? base;

const weeklyOn = (c: Cursor, base: RecurrenceRule): RecurrenceRule =>
  c.attempt(() => {
    if (!c.eat(ON)) return null;
    const days = weekdays(c);
    return days ? { ...base, byDay: days } : null;
  }) ?? base;

const yearlyOn = (c: Cursor, base: RecurrenceRule): RecurrenceRule =>
  c.attempt(() => {
    if (!c.eat(ON)) return null;
    const date = monthAndDay(c);
    return date ? { ...base, byMonth: date[0], byMonthDay: [date[1]] } : null;
  }) ?? base;

/** "day", "week", … with its "on …" tail; null for a unit we refuse (hours, minutes), undefined for none. */
function unitRule(c: Cursor, interval: number): RecurrenceRule | null | undefined {
  const m = c.eat(UNIT);
  if (!m) return undefined;
  const unit = m[1]!.toLowerCase();
  if (unit === 'hour' || unit === 'minute' || unit === 'min') return null;
  if (unit === 'day') return rule('DAILY', { interval });
  if (unit === 'week') return weeklyOn(c, rule('WEEKLY', { interval }));
  if (unit === 'month') return monthlyOn(c, rule('MONTHLY', { interval }));
  return yearlyOn(c, rule('YEARLY', { interval }));
}

/** What follows "every ": the rule, null when refused, undefined when it is no recurrence. */
function afterEvery(c: Cursor): RecurrenceRule | null | undefined {
  if (c.eat(OTHER)) {
    const unit = unitRule(c, 2);
    if (unit !== undefined) return unit;
    const days = weekdays(c);
    return days ? rule('WEEKLY', { interval: 2, byDay: days }) : undefined;
  }
  if (c.eat(WORKDAYS)) return rule('WEEKLY', { byDay: EVERY_WORKDAY });
  if (c.eat(WEEKENDS)) return rule('WEEKLY', { byDay: EVERY_WEEKEND });
  const byDay = nthWeekdays(c);
  if (byDay) {
    c.eat(OF_MONTH);
    return rule('MONTHLY', { byDay });
  }
  const ordinal = ordinalInterval(c);
  if (ordinal !== undefined) return ordinal;
  const date = monthAndDay(c);
  if (date) return rule('YEARLY', { byMonth: date[0], byMonthDay: [date[1]] });
  const days = monthDays(c);
  if (days) {
    c.eat(OF_MONTH);
    return rule('MONTHLY', { byMonthDay: days });
  }
  // "every 3 weeks"; "every 2 hours" is recognised (so no piece of it is read as a date) and refused.
  const counted = c.attempt(() => {
    const n = Number(c.eat(COUNT)?.[1] ?? 0);
    const found = n >= 1 && n <= INTERVAL_MAX ? unitRule(c, n) : undefined;
    return found === undefined ? null : { found };
  });
  if (counted) return counted.found;
  const unit = unitRule(c, 1);
  if (unit !== undefined) return unit;
  const weekly = weekdays(c);
  return weekly ? rule('WEEKLY', { byDay: weekly }) : undefined;
}

function fromKeyword(c: Cursor, keyword: string): RecurrenceRule {
  switch (keyword.toLowerCase()) {
    case 'daily':
      return rule('DAILY');
    case 'weekly':
      return weeklyOn(c, rule('WEEKLY'));
    case 'monthly':
      return monthlyOn(c, rule('MONTHLY'));
    default:
      return yearlyOn(c, rule('YEARLY'));
  }
}

/** Every recurrence phrase of `text`, in order, not overlapping. */
export function findRecurrences(text: string): RecurrenceMatch[] {
  const out: RecurrenceMatch[] = [];
  KEYWORD.lastIndex = 0;
  for (let m = KEYWORD.exec(text); m; m = KEYWORD.exec(text)) {
    const c = new Cursor(text, KEYWORD.lastIndex);
    const found = m[1] ? afterEvery(c) : fromKeyword(c, m[2]!);
    if (found === undefined) {
      // "every" not followed by a rule ("every time"): text; look on after the word itself.
      KEYWORD.lastIndex = m.index + m[0].length;
      continue;
    }
    out.push({ start: m.index, end: c.pos, rule: found });
    KEYWORD.lastIndex = c.pos;
  }
  return out;
}

const BYDAY_ORDER = [1, 2, 3, 4, 5, 6, 0];
/** 1, 2, … then …, -2, -1: positions from the start of a month to its end. */
const order = (n: number) => (n < 0 ? 1000 + n : n);

/**
 * The RRULE body (no DTSTART) in the canonical form of todo-recurrence.ts: parts in RFC 5545's
 * order (FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYMONTH), INTERVAL=1 left out, lists sorted, so one
 * rule has one spelling.
 */
export function formatRule(r: RecurrenceRule): string {
  const parts = [`FREQ=${r.freq}`];
  if (r.interval > 1) parts.push(`INTERVAL=${r.interval}`);
  if (r.byDay.length > 0) {
    const codes = [...r.byDay]
      .sort(
        (a, b) =>
          BYDAY_ORDER.indexOf(a.weekday) - BYDAY_ORDER.indexOf(b.weekday) || order(a.nth ?? 0) - order(b.nth ?? 0),
      )
      .map((d) => `${d.nth ?? ''}${WEEKDAY_CODES[d.weekday]!.toUpperCase()}`);
    parts.push(`BYDAY=${[...new Set(codes)].join(',')}`);
  }
  if (r.byMonthDay.length > 0) {
    const days = [...new Set(r.byMonthDay)].sort((a, b) => order(a) - order(b));
    parts.push(`BYMONTHDAY=${days.join(',')}`);
  }
  if (r.byMonth !== null) parts.push(`BYMONTH=${r.byMonth}`);
  return parts.join(';');
}

function matches(r: RecurrenceRule, dayNo: number): boolean {
  const { year, month, day, weekday } = civilDate(dayNo);
  if (r.byMonth !== null && month !== r.byMonth) return false;
  const dim = daysInMonth(year, month);
  if (r.byMonthDay.length > 0 && !r.byMonthDay.some((d) => (d > 0 ? d === day : dim + d + 1 === day))) return false;
  if (r.byDay.length > 0) {
    return r.byDay.some(
      (d) =>
        d.weekday === weekday &&
        (d.nth === null || (d.nth > 0 ? Math.ceil(day / 7) === d.nth : Math.ceil((dim - day + 1) / 7) === -d.nth)),
    );
  }
  return true;
}

/** The anchor moved by `steps` whole periods of the rule; null when that date does not exist (Jan 31 + 1 month). */
function step(r: RecurrenceRule, anchor: number, steps: number): number | null {
  if (r.freq === 'DAILY') return anchor + steps;
  if (r.freq === 'WEEKLY') return anchor + 7 * steps;
  const { year, month, day } = civilDate(anchor);
  const months = r.freq === 'MONTHLY' ? month - 1 + steps : month - 1 + 12 * steps;
  const y = year + Math.floor(months / 12);
  const m = (months % 12) + 1;
  return day <= daysInMonth(y, m) ? dayNumber(y, m, day) : null;
}

// Eight years find every rule we produce: February 29 comes back within eight.
const SEARCH_DAYS = 8 * 366;

/**
 * The first day on or after `earliest` that the rule gives. A rule with only FREQ and INTERVAL
 * repeats from `anchor` (the day it was written, or its "starting" day), as RFC 5545 repeats
 * from DTSTART; a rule with BY… parts takes its first matching day, which then serves as DTSTART.
 */
export function firstOccurrence(r: RecurrenceRule, anchor: number, earliest: number): number {
  if (r.byMonth === null && r.byMonthDay.length === 0 && r.byDay.length === 0) {
    for (let k = 0; k < SEARCH_DAYS; k++) {
      const day = step(r, anchor, k * r.interval);
      if (day !== null && day >= earliest) return day;
    }
    return earliest;
  }
  for (let day = earliest; day < earliest + SEARCH_DAYS; day++) if (matches(r, day)) return day;
  return earliest;
}
