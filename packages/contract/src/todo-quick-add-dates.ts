// The dates and times of the quick-add grammar (todo-quick-add.ts): chrono-node finds them, and
// this module decides which of them count and what they mean in the user's zone.
//
// chrono works on a Date in the runtime's own zone, shifted so its local fields show the user's
// wall clock. We read only those fields (the wall clock the user meant), and do ourselves the two
// things chrono gets wrong when the runtime's zone is not the user's: "the next one on or after
// now" (its forwardDate compares the shifted Date with the real instant) and hours from now
// (added to the shifted Date, so a DST change of the runtime's zone moves them an hour).
import { casual, type ParsedResult } from 'chrono-node/en';
import { civilDate, dayNumber, wallClock, zoneOffsetMinutes } from './todo-quick-add-calendar.js';
import type { Line, QuickAddPart } from './todo-quick-add-line.js';

/** `now` as the user sees it. */
export interface Clock {
  instant: Date;
  timeZone: string;
  /** Today's day number in the zone. */
  today: number;
  /** Minutes after midnight now, in the zone. */
  minutes: number;
  weekStart: 0 | 1;
}

export function clockAt(instant: Date, timeZone: string, weekStart: 0 | 1): Clock {
  const now = wallClock(instant.getTime(), timeZone);
  return {
    instant,
    timeZone,
    today: dayNumber(now.year, now.month, now.day),
    minutes: now.hour * 60 + now.minute,
    weekStart,
  };
}

export interface DateFound {
  part: QuickAddPart;
  /** Day number of the date; for a bare time, the day it next comes. */
  day: number;
  /** Minutes after midnight, when the part names an hour. */
  minutes: number | null;
}

/** The one date and the one time of the line (one part when written together: "tomorrow 5pm"). */
export interface Dates {
  date: DateFound | null;
  time: DateFound | null;
}

const NOT_WORD_BEFORE = '(?<![\\p{L}\\p{N}_])';
const NOT_WORD_AFTER = '(?![\\p{L}\\p{N}_])';
const WORD_CHAR = /[\p{L}\p{N}_]/u;
/** A match glued to more word ("Monday's", "Maybe"): not a date. */
const GLUED_AFTER = /^(?:[\p{L}\p{N}_]|['’][\p{L}])/u;
/** Words before a date that belong to it ("due Friday", "by 5pm"); chrono itself takes "on" and "at". */
const CONNECTOR = new RegExp(`${NOT_WORD_BEFORE}(?:due(?:\\s+(?:on|by))?|by|on|at)\\s+$`, 'iu');
/** With a recurrence, a date after these words is when it starts ("every Monday starting Jan 5"). */
const START_CONNECTOR = new RegExp(
  `${NOT_WORD_BEFORE}(?:starting(?:\\s+on)?|starts(?:\\s+on)?|from|beginning)\\s+$`,
  'iu',
);
/** …and one after these is when it ends, which we do not keep: those words stay text. */
const END_CONNECTOR = new RegExp(`${NOT_WORD_BEFORE}(?:until|till|til|through|ending|ends|to)\\s+$`, 'iu');
/** A relative date says from when ("in 2 days", "3 days ago"); "Study 2 days" is a length of time. */
const RELATIVE_WORD = new RegExp(
  `${NOT_WORD_BEFORE}(?:in|within|ago|later|from|after|before|next|last|this|past|coming)${NOT_WORD_AFTER}`,
  'iu',
);
/** "weekday routine", "about the weekend": chrono reads a day into them; "this weekend" it may. */
const BARE_WEEK_PART = /^(?:on\s+)?week(?:day|end)s?$/iu;
/** A weekday with one of these is chrono's to place; a bare weekday is the next one. */
const WEEKDAY_MODIFIER = new RegExp(`${NOT_WORD_BEFORE}(?:this|next|last|past|coming)${NOT_WORD_AFTER}`, 'iu');
/** "next week" is the first day of next week, as in Todoist (chrono: a week from today). */
const NEXT_WEEK = new RegExp(`^next\\s+week${NOT_WORD_AFTER}`, 'iu');
const DAY_MS = 86_400_000;

// "in 3 hours", "90 minutes from now", "half an hour later", "2 hours ago": the instant now ± the
// minutes, then its wall clock in the user's zone.
const RELATIVE_TIME = new RegExp(
  `${NOT_WORD_BEFORE}(?:(in)\\s+)?(?:(\\d{1,4}(?:\\.\\d+)?)|(an?|one)|(half\\s+an?))\\s+(hours?|hrs?|minutes?|mins?)` +
    `(?:\\s+(?:and\\s+)?(\\d{1,4})\\s+(?:minutes?|mins?))?(?:\\s+(from\\s+now|later|ago))?${NOT_WORD_AFTER}`,
  'giu',
);

function findRelativeTime(line: Line, clock: Clock): DateFound | null {
  for (const m of line.masked.matchAll(RELATIVE_TIME)) {
    const [text, inWord, number, one, half, unit, extraMinutes, after] = m;
    const ago = after?.toLowerCase() === 'ago';
    // "2 hours" alone is a length of time, not a due time; "in 2 hours ago" is nothing.
    if (!inWord === !after || (inWord && ago)) continue;
    const amount = number ? Number(number) : one ? 1 : half ? 0.5 : 0;
    const inHours = unit!.toLowerCase().startsWith('h');
    const minutes = Math.round((inHours ? amount * 60 : amount) + Number(extraMinutes ?? 0));
    const wall = wallClock(clock.instant.getTime() + (ago ? -1 : 1) * minutes * 60_000, clock.timeZone);
    line.mask(m.index, m.index + text.length);
    return {
      part: line.part('date', m.index, m.index + text.length),
      day: dayNumber(wall.year, wall.month, wall.day),
      minutes: wall.hour * 60 + wall.minute,
    };
  }
  return null;
}

const certain = (result: ParsedResult, ...components: Array<'day' | 'month' | 'year' | 'weekday'>) =>
  components.some((c) => result.start.isCertain(c));

/** The day and minutes a chrono result means in the user's zone, moved on to the next such day where it names no full date. */
function placeResult(result: ParsedResult, clock: Clock): { day: number; minutes: number | null } {
  const s = result.start;
  const hasTime = s.isCertain('hour');
  let year = s.get('year')!;
  const month = s.get('month')!;
  let day = dayNumber(year, month, s.get('day')!);
  const minutes = hasTime ? s.get('hour')! * 60 + (s.get('minute') ?? 0) : null;

  if (hasTime && s.isCertain('timezoneOffset')) {
    // A time in a zone of its own ("5pm EST"): that instant, seen in the user's zone.
    let instant = Date.UTC(year, month - 1, s.get('day')!, 0, minutes!) - s.get('timezoneOffset')! * 60_000;
    if (!certain(result, 'day', 'month', 'year', 'weekday')) {
      const now = clock.instant.getTime();
      while (instant - DAY_MS >= now) instant -= DAY_MS;
      while (instant < now) instant += DAY_MS;
    }
    const wall = wallClock(instant, clock.timeZone);
    return { day: dayNumber(wall.year, wall.month, wall.day), minutes: wall.hour * 60 + wall.minute };
  }
  const passedToday = (d: number) =>
    d < clock.today || (d === clock.today && minutes !== null && minutes < clock.minutes);

  if (NEXT_WEEK.test(result.text)) {
    day = clock.today + 7 - ((civilDate(clock.today).weekday - clock.weekStart + 7) % 7);
  } else if (!certain(result, 'day', 'month', 'year')) {
    if (s.isCertain('weekday') && !WEEKDAY_MODIFIER.test(result.text)) {
      // "Friday": the next Friday, today included unless its time has passed.
      day = clock.today + ((s.get('weekday')! - civilDate(clock.today).weekday + 7) % 7);
      if (passedToday(day)) day += 7;
    } else if (!s.isCertain('weekday')) {
      // "9am": today, or tomorrow once 9:00 has passed.
      day = clock.today + (passedToday(clock.today) ? 1 : 0);
    }
  } else if (!s.isCertain('year') && s.isCertain('month')) {
    // "Jan 27": the next January 27, today included.
    for (let i = 0; i < 4 && day < clock.today; i++) day = dayNumber(++year, month, s.get('day')!);
  }
  return { day, minutes };
}

/** The first date and the first time of the line (chrono's, and our hours from now), masked as they are taken. */
export function findDates(line: Line, clock: Clock, recurring: boolean): Dates {
  const out: Dates = { date: null, time: null };
  const relative = findRelativeTime(line, clock);
  if (relative) out.date = out.time = relative;
  const reference = { instant: clock.instant, timezone: zoneOffsetMinutes(clock.instant.getTime(), clock.timeZone) };
  for (const result of casual.parse(line.masked, reference)) {
    let start = result.index;
    // chrono takes a comma or full stop after a weekday ("Friday, then"): leave it to the title.
    const end = start + result.text.replace(/[\s,.]+$/u, '').length;
    if (!line.untouched(start, end)) continue;
    if ((start > 0 && WORD_CHAR.test(line.masked[start - 1]!)) || GLUED_AFTER.test(line.masked.slice(end))) continue;
    const tags = result.start.tags();
    // Hours and minutes from now are findRelativeTime's; chrono also reads a bare "2 hours" as one.
    if (tags.has('result/relativeDateAndTime')) continue;
    if (tags.has('result/relativeDate') && !RELATIVE_WORD.test(result.text)) continue;
    if (BARE_WEEK_PART.test(result.text)) continue;
    const withDate = certain(result, 'day', 'month', 'year', 'weekday');
    const withTime = result.start.isCertain('hour');
    if (!withDate && !withTime) continue;
    if (withDate ? out.date !== null : out.time !== null) continue;
    const before = line.masked.slice(0, start);
    if (recurring && withDate && END_CONNECTOR.test(before)) continue;
    const connector = CONNECTOR.exec(before) ?? (recurring ? START_CONNECTOR.exec(before) : null);
    if (connector) start = connector.index;
    const found: DateFound = { part: line.part('date', start, end), ...placeResult(result, clock) };
    line.mask(start, end);
    if (withDate) {
      out.date = found;
      if (withTime && out.time === null) out.time = found;
    } else out.time = found;
  }
  return out;
}
