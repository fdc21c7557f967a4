// The to-do quick-add grammar: one line such as
//   Pay rent every month on the 1st 9am #Home @bills p1
// read into a title, a due date and time, a recurrence rule, a list, labels and a priority. The
// browser (highlighting as the user types) and the API (`quick`) both parse with this module, so
// they agree; it imports no zod and reads no clock. Todoist's quick add is the model
// (https://todoist.com/help/articles/use-task-quick-add-in-todoist).
//
// Decisions, each held by todo-quick-add.test.ts:
// - `#List` or `#"Two words"` (one list: the first wins, a later one stays title text), `@label`
//   (any number, kept once each, compared without case), `p1`–`p4` (the first wins). Each is a
//   whole word that starts at the start of the line or after a space, so `bob@example.com`,
//   `C#`, a lone `#` or `@` and `p5` stay text; trailing `.,;:!?)]}` is not part of the name.
// - Dates and times are read by chrono-node in en-US: `1/27` is January 27 (`27/1` too, as 27
//   cannot be a month). One date and one time at most; later ones stay text. A date without a
//   year, a bare weekday or a bare time is the next one on or after now; "next week" is the first
//   day of next week (`weekStart`); "next Wed", "this Friday" and "last Friday" are chrono's.
//   A time is given only when the text names an hour ("tonight" gives a date, no time). "in 3
//   hours" is an instant: it crosses a DST change correctly. A time the clocks skip (02:30 on the
//   spring-forward night) is kept as typed: `due` is a wall clock, todo-recurrence.ts's
//   dueInstant says what instant it means. A bare duration ("Study 2 days") is not a date.
// - chrono is eager: "sat" in "sat nav", "Sunday" in "Sunday school", "March" in "Plan March
//   budget" are dates. The user keeps such words by closing the chip (`ignore`).
// - Recurrences are ours (todo-quick-add-recurrence.ts). Hourly and minutely ones ("every 2 hours")
//   are refused: they stay title text and nothing inside them is read as a date. With a
//   recurrence, `due` is its first occurrence on or after now (or on or after a date also given:
//   "every Monday starting Jan 5"; "until Friday" is not kept and stays text); a time anywhere in
//   the line is the time of each occurrence. `due` then serves as the rule's DTSTART, so "every
//   other Monday" is due the coming Monday and every second Monday from it.
// - Text in double quotes is literal (the quotes are dropped from the title); an unpaired quote
//   is text. `options.ignore` ranges (chips the user closed) are title text, never read.
// - A date or recurrence that would leave the title empty ("tomorrow", "every day #Home") is not
//   taken: the words are the title, as in Todoist. Lists, labels and priorities are always taken,
//   so "p1" alone gives an empty title (which the API refuses as any empty title).
// - A date word glued to more text (`Monday's`) is not a date.
// - Offsets are UTF-16 indices of the input (JavaScript string indices).
import { hhmm, isoDate } from './todo-quick-add-calendar.js';
import { clockAt, findDates } from './todo-quick-add-dates.js';
import { Line, type QuickAddPart } from './todo-quick-add-line.js';
import { findRecurrences, firstOccurrence, formatRule, type RecurrenceRule } from './todo-quick-add-recurrence.js';

export type { QuickAddPart, QuickAddPartKind } from './todo-quick-add-line.js';

export interface QuickAddDue {
  /** YYYY-MM-DD in the user's zone. */
  date: string;
  /** HH:MM, 24-hour, in the user's zone; null when no time was given. */
  time: string | null;
}

export interface QuickAddResult {
  /** The input without its recognised parts, whitespace collapsed, quotes of literal text removed. */
  title: string;
  due: QuickAddDue | null;
  /** RFC 5545 RRULE body without DTSTART (`due` is the first occurrence), e.g. 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO'. */
  recurrence: string | null;
  /** The list's name as typed ('#Home' → 'Home'); the parser does not know the user's lists. */
  list: string | null;
  /** Label names in order, each once (compared without case). */
  labels: string[];
  priority: 1 | 2 | 3 | 4 | null;
  /** Every recognised part in input order, not overlapping (for highlighting and chips). */
  parts: QuickAddPart[];
}

export interface QuickAddOptions {
  /** The current instant (injected: the parser never reads the clock). */
  now: Date;
  /** The user's IANA zone: "today" and "9am" are in it. An unknown zone throws a RangeError. */
  timeZone: string;
  /** Ranges the user dismissed (a closed chip): kept as title text and never parsed. */
  ignore?: Array<{ start: number; end: number }>;
  /** First day of the week (0 Sunday, 1 Monday, the default); written as WKST=SU when it matters. */
  weekStart?: 0 | 1;
}

const NAME_CHAR = /[\p{L}\p{N}\p{Extended_Pictographic}]/u;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/u;
const NAME_STOP = /[#@"|]/u;
const PRIORITY = /^p([1-4])$/iu;
const CLOSING_PUNCTUATION = ',.;:!?';
/** A comma or semicolon left at either end once the parts around it are gone ("#Home, buy milk"). */
const LOOSE_PUNCTUATION = /^[\s,;:]+|[\s,;:]+$/gu;

/** A list or label name as typed after `#`/`@`, or null when it is no name. */
function tokenName(text: string): string | null {
  if (text === '' || NAME_STOP.test(text) || !NAME_CHAR.test(text)) return null;
  return text;
}

interface Tokens {
  list: string | null;
  labels: string[];
  priority: 1 | 2 | 3 | 4 | null;
  parts: QuickAddPart[];
  /** Indices of the quote characters that delimit literal text (dropped from the title). */
  quotes: number[];
}

/** Quoted literals and `#"Two words"`, then `#list`, `@label` and `p1`–`p4`, masked as they are taken. */
function findTokens(line: Line): Tokens {
  const out: Tokens = { list: null, labels: [], priority: null, parts: [], quotes: [] };
  const seenLabels = new Set<string>();
  // Each loop reads the line as it was when the loop began: what a step masks lies behind the next.
  let text = line.masked;
  for (let open = text.indexOf('"'); open !== -1; ) {
    const close = text.indexOf('"', open + 1);
    if (close === -1) break;
    const inner = line.input
      .slice(open + 1, close)
      .replace(/\s+/gu, ' ')
      .trim();
    if (
      out.list === null &&
      open > 0 &&
      text[open - 1] === '#' &&
      text.slice(open - 1, close + 1) === line.input.slice(open - 1, close + 1) &&
      line.atWordStart(open - 1) &&
      inner
    ) {
      out.list = inner;
      out.parts.push(line.part('list', open - 1, close + 1));
      line.mask(open - 1, close + 1);
    } else {
      out.quotes.push(open, close);
      line.mask(open, close + 1);
    }
    open = text.indexOf('"', close + 1);
  }
  text = line.masked;
  for (const m of text.matchAll(/\S+/gu)) {
    const start = m.index;
    if (!line.atWordStart(start)) continue;
    const token = m[0].replace(TRAILING_PUNCTUATION, '');
    const end = start + token.length;
    const sigil = token[0];
    if (sigil === '#' || sigil === '@') {
      const name = tokenName(token.slice(1));
      if (name === null) continue;
      if (sigil === '#') {
        if (out.list !== null) continue;
        out.list = name;
        out.parts.push(line.part('list', start, end));
      } else {
        const key = name.toLowerCase();
        if (!seenLabels.has(key)) out.labels.push(name);
        seenLabels.add(key);
        out.parts.push(line.part('label', start, end));
      }
      line.mask(start, end);
      continue;
    }
    const priority = PRIORITY.exec(token);
    if (priority && out.priority === null) {
      out.priority = Number(priority[1]) as 1 | 2 | 3 | 4;
      out.parts.push(line.part('priority', start, end));
      line.mask(start, end);
    }
  }
  return out;
}

function titleOf(input: string, parts: QuickAddPart[], quotes: number[]): string {
  const drop = new Set(quotes);
  const ranges = [...parts].sort((a, b) => a.start - b.start);
  let title = '';
  let at = 0;
  const keep = (to: number) => {
    for (let i = at; i < to; i++) if (!drop.has(i)) title += input[i];
  };
  for (const p of ranges) {
    keep(p.start);
    // A comma or full stop after the part closes up to the words before it: "by Friday, then" → "…, then".
    if (CLOSING_PUNCTUATION.includes(input[p.end] ?? ' ')) title = title.trimEnd();
    else title += ' ';
    at = p.end;
  }
  keep(input.length);
  title = title.replace(/\s+/gu, ' ');
  // Only a line that lost parts may have a comma left dangling; a typed "a, b," stays as typed.
  return (ranges.length > 0 ? title.replace(LOOSE_PUNCTUATION, '') : title).trim();
}

/** The rule with WKST=SU where the week's start changes which days an interval counts. */
function ruleText(rule: RecurrenceRule, weekStart: 0 | 1): string {
  const text = formatRule(rule);
  return weekStart === 0 && rule.freq === 'WEEKLY' && rule.interval > 1 && rule.byDay.length > 1
    ? `${text};WKST=SU`
    : text;
}

/** Reads one quick-add line; never throws for any input text (only for an unknown `timeZone`). */
export function parseQuickAdd(input: string, options: QuickAddOptions): QuickAddResult {
  const line = new Line(input);
  for (const range of options.ignore ?? []) {
    const start = Math.max(0, Math.min(input.length, Math.trunc(range.start)));
    const end = Math.max(start, Math.min(input.length, Math.trunc(range.end)));
    if (end > start) line.mask(start, end);
  }
  const tokens = findTokens(line);

  let recurrence: { rule: RecurrenceRule; part: QuickAddPart } | null = null;
  for (const match of findRecurrences(line.masked)) {
    if (recurrence === null && match.rule !== null) {
      recurrence = { rule: match.rule, part: line.part('recurrence', match.start, match.end) };
    }
    // Refused and second recurrences are masked too: their words stay text, never a date.
    line.mask(match.start, match.end);
  }

  const clock = clockAt(options.now, options.timeZone, options.weekStart ?? 1);
  const dates = findDates(line, clock, recurrence !== null);
  // A time right next to the recurrence is part of it ("every day at 9am").
  if (recurrence && dates.time && dates.time.part !== dates.date?.part) {
    const r = recurrence.part;
    const t = dates.time.part;
    const between = t.start >= r.end ? input.slice(r.end, t.start) : input.slice(t.end, r.start);
    if (/^\s*$/u.test(between)) {
      recurrence.part = line.part('recurrence', Math.min(r.start, t.start), Math.max(r.end, t.end));
      dates.time = { ...dates.time, part: recurrence.part };
    }
  }

  const dateParts = [recurrence?.part, dates.date?.part, dates.time?.part].filter((p): p is QuickAddPart => !!p);
  let parts = [...tokens.parts, ...new Set(dateParts)];
  let title = titleOf(input, parts, tokens.quotes);
  let due: QuickAddDue | null = null;
  let recurrenceText: string | null = null;

  if (title === '' && dateParts.length > 0) {
    parts = tokens.parts;
    title = titleOf(input, parts, tokens.quotes);
  } else {
    const minutes = dates.time?.minutes ?? null;
    const time = minutes === null ? null : hhmm(Math.floor(minutes / 60), minutes % 60);
    if (recurrence) {
      // The rule starts today, or on the date written with it ("starting Jan 5"); its first
      // occurrence on or after now is the due, so today's counts only if its time is still ahead.
      const anchor = dates.date?.day ?? clock.today;
      let earliest = Math.max(anchor, clock.today);
      if (earliest === clock.today && minutes !== null && minutes < clock.minutes) earliest++;
      due = { date: isoDate(firstOccurrence(recurrence.rule, anchor, earliest)), time };
      recurrenceText = ruleText(recurrence.rule, clock.weekStart);
    } else {
      const day = dates.date?.day ?? dates.time?.day ?? null;
      if (day !== null) due = { date: isoDate(day), time };
    }
  }

  return {
    title,
    due,
    recurrence: recurrenceText,
    list: tokens.list,
    labels: tokens.labels,
    priority: tokens.priority,
    parts: parts.sort((a, b) => a.start - b.start),
  };
}
