import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkRecurrence,
  describeRecurrence,
  dueInstant,
  firstDue,
  nextDue,
  type RecurrenceBasis,
  ruleAfterCompletion,
  type TaskDue,
} from './todo-recurrence.js';

const NY = 'America/New_York';
const LONDON = 'Europe/London';
/** Sunday 29 November 2026, midday UTC: "today" for the checks that depend on it. */
const NOW = new Date('2026-11-29T12:00:00Z');

const due = (date: string, time: string | null = '09:00', zone = NY): TaskDue => ({ date, time, zone });
/** Completing `date`'s occurrence at 10:00 that day in New York. */
const onTime = (date: string) => new Date(`${date}T15:00:00Z`);
const next = (rule: string, date: string, basis: RecurrenceBasis = 'due', at = onTime(date)) =>
  nextDue(rule, basis, due(date), at)?.date ?? null;
/** The dates reached by completing each occurrence in turn, `steps` times. */
function steps(rule: string, date: string, count: number): string[] {
  const dates: string[] = [];
  let current: string | null = date;
  for (let i = 0; i < count && current; i++) {
    current = next(rule, current);
    if (current) dates.push(current);
  }
  return dates;
}

describe('every kind of rule, basis "due"', () => {
  it('daily and every N days', () => {
    expect(steps('FREQ=DAILY', '2026-01-05', 3)).toEqual(['2026-01-06', '2026-01-07', '2026-01-08']);
    expect(steps('FREQ=DAILY;INTERVAL=3', '2026-01-05', 3)).toEqual(['2026-01-08', '2026-01-11', '2026-01-14']);
    expect(steps('FREQ=DAILY;BYDAY=SA,SU', '2026-01-05', 3)).toEqual(['2026-01-10', '2026-01-11', '2026-01-17']);
  });

  it('weekdays: Friday is followed by Monday', () => {
    expect(steps('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-01-08', 3)).toEqual([
      '2026-01-09',
      '2026-01-12',
      '2026-01-13',
    ]);
  });

  it('weekly on chosen days, every other week and every N weeks', () => {
    expect(steps('FREQ=WEEKLY;BYDAY=TU,TH', '2026-01-06', 3)).toEqual(['2026-01-08', '2026-01-13', '2026-01-15']);
    // No BYDAY: the weekday of the due date (RFC 5545 takes it from DTSTART).
    expect(steps('FREQ=WEEKLY', '2026-01-07', 2)).toEqual(['2026-01-14', '2026-01-21']);
    expect(steps('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', '2026-01-05', 2)).toEqual(['2026-01-19', '2026-02-02']);
    expect(steps('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR', '2026-01-05', 3)).toEqual([
      '2026-01-09',
      '2026-01-19',
      '2026-01-23',
    ]);
    expect(steps('FREQ=WEEKLY;INTERVAL=3', '2026-01-05', 2)).toEqual(['2026-01-26', '2026-02-16']);
  });

  it('monthly by day of the month, every N months', () => {
    expect(steps('FREQ=MONTHLY;BYMONTHDAY=15', '2026-01-15', 2)).toEqual(['2026-02-15', '2026-03-15']);
    expect(steps('FREQ=MONTHLY;BYMONTHDAY=1,15', '2026-01-15', 2)).toEqual(['2026-02-01', '2026-02-15']);
    expect(steps('FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1', '2026-01-01', 2)).toEqual(['2026-04-01', '2026-07-01']);
  });

  it('monthly by weekday: the last Friday, the 2nd Tuesday, the last weekday', () => {
    expect(steps('FREQ=MONTHLY;BYDAY=-1FR', '2026-01-30', 3)).toEqual(['2026-02-27', '2026-03-27', '2026-04-24']);
    expect(steps('FREQ=MONTHLY;BYDAY=2TU', '2026-01-13', 2)).toEqual(['2026-02-10', '2026-03-10']);
    // 28 February 2026 is a Saturday.
    expect(steps('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', '2026-01-30', 2)).toEqual([
      '2026-02-27',
      '2026-03-31',
    ]);
  });

  it('yearly, by date and by weekday', () => {
    expect(steps('FREQ=YEARLY', '2026-07-04', 2)).toEqual(['2027-07-04', '2028-07-04']);
    expect(steps('FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14', '2026-03-14', 1)).toEqual(['2027-03-14']);
    // Thanksgiving: the fourth Thursday of November.
    expect(steps('FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', '2026-11-26', 2)).toEqual(['2027-11-25', '2028-11-23']);
    expect(steps('FREQ=YEARLY;INTERVAL=2;BYMONTH=6;BYMONTHDAY=1', '2026-06-01', 1)).toEqual(['2028-06-01']);
  });

  it('skips months without the day (RFC 5545), while BYMONTHDAY=-1 is every last day', () => {
    expect(steps('FREQ=MONTHLY;BYMONTHDAY=31', '2026-01-31', 3)).toEqual(['2026-03-31', '2026-05-31', '2026-07-31']);
    expect(steps('FREQ=MONTHLY', '2026-01-31', 1)).toEqual(['2026-03-31']);
    expect(steps('FREQ=MONTHLY;BYMONTHDAY=30', '2026-01-30', 2)).toEqual(['2026-03-30', '2026-04-30']);
    expect(steps('FREQ=MONTHLY;BYMONTHDAY=-1', '2026-01-31', 3)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
    expect(steps('FREQ=MONTHLY;BYMONTHDAY=-1', '2028-01-31', 1)).toEqual(['2028-02-29']);
  });

  it('leap days come every four years, and 2100 is not a leap year', () => {
    expect(steps('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '2024-02-29', 2)).toEqual(['2028-02-29', '2032-02-29']);
    expect(steps('FREQ=YEARLY', '2024-02-29', 1)).toEqual(['2028-02-29']);
    expect(steps('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '2096-02-29', 1)).toEqual(['2104-02-29']);
    expect(firstDue('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', NOW, NY, null)).toEqual(due('2028-02-29', null));
  });

  it('BYSETPOS in a week chooses among the whole week, wherever the due falls in it (RFC 5545; rrule alone would not)', () => {
    // The second of Monday and Wednesday: every Wednesday.
    const rule = 'FREQ=WEEKLY;BYDAY=MO,WE;BYSETPOS=2';
    expect(steps(rule, '2026-03-11', 2)).toEqual(['2026-03-18', '2026-03-25']);
    expect(firstDue(rule, new Date('2026-03-11T12:00:00Z'), NY, null)?.date).toBe('2026-03-11');
    expect(firstDue(rule, new Date('2026-03-08T12:00:00Z'), NY, null)?.date).toBe('2026-03-11');
  });

  it('finds an occurrence decades away, and ends a rule that cannot occur again from its due', () => {
    // A Monday 29 February: 2044, then 2072.
    expect(next('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO', '2044-02-29')).toBe('2072-02-29');
    expect(next('FREQ=YEARLY;INTERVAL=25;BYMONTH=6;BYMONTHDAY=1', '2026-06-01')).toBe('2051-06-01');
    // Every other year on 29 February, moved by hand to an odd year: no leap year is ever reached.
    expect(next('FREQ=YEARLY;INTERVAL=2;BYMONTH=2;BYMONTHDAY=29', '2027-03-01')).toBeNull();
  });

  it('ends after UNTIL (that date included) and after COUNT completions', () => {
    expect(steps('FREQ=WEEKLY;UNTIL=20260119', '2026-01-05', 5)).toEqual(['2026-01-12', '2026-01-19']);
    expect(next('FREQ=DAILY;COUNT=1', '2026-01-05')).toBeNull();
    expect(next('FREQ=DAILY;COUNT=2', '2026-01-05')).toBe('2026-01-06');
    expect(ruleAfterCompletion('FREQ=DAILY;COUNT=3')).toBe('FREQ=DAILY;COUNT=2');
    expect(ruleAfterCompletion('FREQ=DAILY;COUNT=1')).toBeNull();
    expect(ruleAfterCompletion('freq=daily;interval=1')).toBe('FREQ=DAILY');
  });
});

describe('basis "completion" (every!) against "due"', () => {
  const rule = 'FREQ=DAILY;INTERVAL=3';

  it('counts from the day it was done when done 3 days late', () => {
    const late = onTime('2026-01-08');
    expect(next(rule, '2026-01-05', 'due', late)).toBe('2026-01-08');
    expect(next(rule, '2026-01-05', 'completion', late)).toBe('2026-01-11');
    expect(next('FREQ=MONTHLY', '2026-01-31', 'due', new Date('2026-02-03T15:00:00Z'))).toBe('2026-03-31');
    expect(next('FREQ=MONTHLY', '2026-01-31', 'completion', new Date('2026-02-03T15:00:00Z'))).toBe('2026-03-03');
  });

  it('takes the day it was done in the task’s zone', () => {
    // 03:00 UTC on 9 January is still 8 January, 22:00, in New York, but 9 January in London.
    const at = new Date('2026-01-09T03:00:00Z');
    expect(nextDue(rule, 'completion', due('2026-01-05'), at)?.date).toBe('2026-01-11');
    expect(nextDue(rule, 'completion', due('2026-01-05', '09:00', LONDON), at)?.date).toBe('2026-01-12');
  });

  it('never lands on or before the completed due when done early', () => {
    expect(next('FREQ=DAILY', '2026-01-10', 'completion', onTime('2026-01-07'))).toBe('2026-01-11');
    expect(next('FREQ=WEEKLY;BYDAY=MO', '2026-01-12', 'completion', onTime('2026-01-07'))).toBe('2026-01-19');
  });

  it('agrees with "due" for weekday rules done within the week', () => {
    expect(next('FREQ=WEEKLY;BYDAY=MO', '2026-01-05', 'completion', onTime('2026-01-07'))).toBe('2026-01-12');
    expect(next('FREQ=WEEKLY;BYDAY=MO', '2026-01-05', 'due', onTime('2026-01-07'))).toBe('2026-01-12');
  });
});

describe('local times across DST', () => {
  const daily = (date: string, time: string, zone: string) => nextDue('FREQ=DAILY', 'due', due(date, time, zone), NOW);

  it('9:00 stays 9:00 in New York and London, so the instant moves by the hour', () => {
    expect(daily('2026-03-07', '09:00', NY)).toEqual(due('2026-03-08', '09:00', NY));
    expect(dueInstant(due('2026-03-07', '09:00', NY))).toBe('2026-03-07T14:00:00.000Z');
    expect(dueInstant(due('2026-03-08', '09:00', NY))).toBe('2026-03-08T13:00:00.000Z');
    expect(dueInstant(due('2026-10-31', '09:00', NY))).toBe('2026-10-31T13:00:00.000Z');
    expect(dueInstant(due('2026-11-01', '09:00', NY))).toBe('2026-11-01T14:00:00.000Z');
    expect(daily('2026-03-28', '09:00', LONDON)).toEqual(due('2026-03-29', '09:00', LONDON));
    expect(dueInstant(due('2026-03-28', '09:00', LONDON))).toBe('2026-03-28T09:00:00.000Z');
    expect(dueInstant(due('2026-03-29', '09:00', LONDON))).toBe('2026-03-29T08:00:00.000Z');
    expect(dueInstant(due('2026-10-24', '09:00', LONDON))).toBe('2026-10-24T08:00:00.000Z');
    expect(dueInstant(due('2026-10-25', '09:00', LONDON))).toBe('2026-10-25T09:00:00.000Z');
  });

  it('a 02:30 task keeps 02:30; on the spring-forward day, when 02:30 does not exist, it means 03:30 EDT', () => {
    expect(daily('2026-03-07', '02:30', NY)).toEqual(due('2026-03-08', '02:30', NY));
    expect(daily('2026-03-08', '02:30', NY)).toEqual(due('2026-03-09', '02:30', NY));
    expect(dueInstant(due('2026-03-07', '02:30', NY))).toBe('2026-03-07T07:30:00.000Z');
    expect(dueInstant(due('2026-03-08', '02:30', NY))).toBe('2026-03-08T07:30:00.000Z');
    expect(dueInstant(due('2026-03-09', '02:30', NY))).toBe('2026-03-09T06:30:00.000Z');
    // London skips 01:00–02:00: 02:30 exists (BST), and 01:30 means 02:30 BST too.
    expect(daily('2026-03-28', '02:30', LONDON)).toEqual(due('2026-03-29', '02:30', LONDON));
    expect(dueInstant(due('2026-03-28', '02:30', LONDON))).toBe('2026-03-28T02:30:00.000Z');
    expect(dueInstant(due('2026-03-29', '02:30', LONDON))).toBe('2026-03-29T01:30:00.000Z');
    expect(dueInstant(due('2026-03-29', '01:30', LONDON))).toBe('2026-03-29T01:30:00.000Z');
    // Lord Howe Island moves its clocks by half an hour, from 02:00 to 02:30: 02:15 means 02:45.
    expect(dueInstant(due('2026-10-04', '02:15', 'Australia/Lord_Howe'))).toBe('2026-10-03T15:45:00.000Z');
  });

  it('a time passed twice when clocks go back means the first', () => {
    expect(dueInstant(due('2026-11-01', '01:30', NY))).toBe('2026-11-01T05:30:00.000Z');
    expect(dueInstant(due('2026-10-25', '01:30', LONDON))).toBe('2026-10-25T00:30:00.000Z');
  });

  it('a date-only due means the start of its local day, or the first minute that day has', () => {
    expect(dueInstant(due('2026-03-08', null, NY))).toBe('2026-03-08T05:00:00.000Z');
    expect(dueInstant(due('2026-07-01', null, LONDON))).toBe('2026-06-30T23:00:00.000Z');
    // Chile moves from midnight to 01:00 on 6 September 2026.
    expect(dueInstant(due('2026-09-06', null, 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
    // Samoa skipped 30 December 2011 altogether: the day after begins then.
    expect(dueInstant(due('2011-12-30', null, 'Pacific/Apia'))).toBe('2011-12-30T10:00:00.000Z');
  });

  it('starts a new task on the first occurrence from its local date, at the given time', () => {
    // 03:00 UTC on Monday 5 January is Sunday evening in New York.
    const from = new Date('2026-01-05T03:00:00Z');
    expect(firstDue('FREQ=WEEKLY;BYDAY=SU,WE', from, NY, '18:00')).toEqual(due('2026-01-04', '18:00'));
    expect(firstDue('FREQ=WEEKLY;BYDAY=SU,WE', from, LONDON, null)).toEqual(due('2026-01-07', null, LONDON));
    expect(firstDue('FREQ=WEEKLY', from, LONDON, null)).toEqual(due('2026-01-05', null, LONDON));
  });

  it('refuses a malformed due or zone', () => {
    expect(() => dueInstant(due('2026-02-30'))).toThrow(RangeError);
    expect(() => dueInstant(due('2026-01-05', '24:00'))).toThrow(RangeError);
    expect(() => dueInstant(due('2026-01-05', '09:00', 'Mars/Olympus'))).toThrow('Unknown time zone');
    expect(() => nextDue('FREQ=HOURLY', 'due', due('2026-01-05'), NOW)).toThrow('Tasks repeat at most daily');
  });
});

describe('checkRecurrence', () => {
  const refused = (rule: string, now = NOW) => {
    const result = checkRecurrence(rule, now);
    return result.ok ? `accepted as ${result.rule}` : result.message;
  };

  it('gives the rule back in canonical form', () => {
    expect(checkRecurrence('rrule:byday=fr,mo,mo;freq=weekly;interval=1;wkst=mo', NOW)).toEqual({
      ok: true,
      rule: 'FREQ=WEEKLY;BYDAY=MO,FR',
    });
    expect(checkRecurrence(' BYMONTH=2;BYMONTHDAY=29;FREQ=YEARLY;INTERVAL=2 ', NOW)).toEqual({
      ok: true,
      rule: 'FREQ=YEARLY;INTERVAL=2;BYMONTHDAY=29;BYMONTH=2',
    });
    expect(checkRecurrence('FREQ=MONTHLY;BYDAY=-1FR,+2TU,2TU', NOW)).toEqual({
      ok: true,
      rule: 'FREQ=MONTHLY;BYDAY=2TU,-1FR',
    });
    expect(checkRecurrence('FREQ=MONTHLY;BYDAY=2TU,-1MO,1MO', NOW)).toEqual({
      ok: true,
      rule: 'FREQ=MONTHLY;BYDAY=1MO,-1MO,2TU',
    });
    expect(checkRecurrence('FREQ=DAILY;UNTIL=20271231T235959Z', NOW)).toEqual({
      ok: true,
      rule: 'FREQ=DAILY;UNTIL=20271231',
    });
    expect(checkRecurrence('FREQ=MONTHLY;BYMONTHDAY=-1,1,15,-1', NOW)).toEqual({
      ok: true,
      rule: 'FREQ=MONTHLY;BYMONTHDAY=1,15,-1',
    });
  });

  it('refuses rules outside what tasks do, with a message a person can read', () => {
    expect(refused('FREQ=HOURLY')).toBe('Tasks repeat at most daily: FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY');
    expect(refused('FREQ=FORTNIGHTLY')).toBe('FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY');
    expect(refused('BYDAY=MO')).toBe('The rule needs FREQ (DAILY, WEEKLY, MONTHLY or YEARLY)');
    expect(refused('FREQ=DAILY;INTERVAL=0')).toBe('INTERVAL must be a whole number from 1 to 365');
    expect(refused('FREQ=DAILY;INTERVAL=366')).toBe('INTERVAL must be a whole number from 1 to 365');
    expect(refused('FREQ=DAILY;INTERVAL=365')).toBe('accepted as FREQ=DAILY;INTERVAL=365');
    expect(refused('FREQ=DAILY;BYHOUR=9')).toBe('A rule cannot set the time of day: the task keeps its own time');
    expect(refused('DTSTART:20260105\nRRULE:FREQ=DAILY')).toBe(
      'Give the rule without DTSTART: the task’s due date is its start',
    );
    expect(refused('FREQ=WEEKLY;BYDAY=XX')).toBe(
      'BYDAY takes weekdays MO, TU, WE, TH, FR, SA, SU, each optionally numbered (2TU, -1FR)',
    );
    expect(refused('FREQ=WEEKLY;BYDAY=1MO')).toBe('Numbered weekdays (2TU, -1FR) need FREQ=MONTHLY or YEARLY');
    expect(refused('FREQ=MONTHLY;BYDAY=MO,-1FR')).toBe('BYDAY cannot mix numbered weekdays (2TU) with plain ones (MO)');
    expect(refused('FREQ=MONTHLY;BYDAY=6MO')).toBe('A weekday’s number must be from 1 to 5 or -1 to -5');
    expect(refused('FREQ=MONTHLY;BYMONTHDAY=32')).toBe(
      'BYMONTHDAY takes numbers from 1 to 31 or -1 to -31, separated by commas',
    );
    expect(refused('FREQ=MONTHLY;BYMONTHDAY=0')).toBe(
      'BYMONTHDAY takes numbers from 1 to 31 or -1 to -31, separated by commas',
    );
    expect(refused('FREQ=YEARLY;BYMONTH=13')).toBe('BYMONTH takes numbers from 1 to 12, separated by commas');
    expect(refused('FREQ=WEEKLY;BYMONTHDAY=1')).toBe('BYMONTHDAY cannot be used with FREQ=WEEKLY');
    expect(refused('FREQ=DAILY;INTERVAL=2;BYDAY=MO')).toBe(
      'Every N days (INTERVAL) cannot be combined with BYDAY, BYMONTHDAY, BYMONTH or BYSETPOS',
    );
    expect(refused('FREQ=DAILY;BYSETPOS=1')).toBe('BYSETPOS needs BYDAY, BYMONTHDAY or BYMONTH to choose from');
    expect(refused('FREQ=DAILY;FREQ=WEEKLY')).toBe('FREQ is given twice');
    expect(refused('FREQ=DAILY;COLOR=RED')).toBe('COLOR is not a part of a repeat rule');
    expect(refused('FREQ=YEARLY;BYWEEKNO=20')).toBe(
      'BYWEEKNO is not supported: use months, days of the month and weekdays',
    );
    expect(refused('every day')).toBe(
      'Write the rule as NAME=VALUE parts separated by semicolons, e.g. FREQ=WEEKLY;BYDAY=MO',
    );
    expect(refused('')).toBe('The rule is empty');
    expect(refused('FREQ=DAILY;COUNT=0')).toBe('COUNT must be a whole number from 1 to 1000');
    expect(refused('FREQ=DAILY;COUNT=2;UNTIL=20271231')).toBe('Give COUNT or UNTIL, not both');
    expect(refused('FREQ=DAILY;UNTIL=20260231')).toBe('UNTIL must be a date written YYYYMMDD');
  });

  it('refuses an end date in the past, where it is earliest on Earth (UTC−12)', () => {
    expect(refused('FREQ=DAILY;UNTIL=20200101')).toBe('The end date (UNTIL) is in the past');
    // At 12:00 UTC on 29 November it is 29 November everywhere, at 11:00 still 28 November west of UTC−11.
    expect(refused('FREQ=DAILY;UNTIL=20261128')).toBe('The end date (UNTIL) is in the past');
    expect(refused('FREQ=DAILY;UNTIL=20261129')).toBe('accepted as FREQ=DAILY;UNTIL=20261129');
    expect(refused('FREQ=DAILY;UNTIL=20261128', new Date('2026-11-29T11:00:00Z'))).toBe(
      'accepted as FREQ=DAILY;UNTIL=20261128',
    );
  });

  it('refuses a rule that does not occur in the next 10 years', () => {
    expect(refused('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30')).toBe('This rule never occurs');
    expect(refused('FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31')).toBe('This rule never occurs');
    expect(refused('FREQ=MONTHLY;INTERVAL=12;BYMONTH=5')).toBe('This rule never occurs');
    // Only leap Februaries that start on a Monday have five Mondays: 2016, then 2044.
    expect(refused('FREQ=MONTHLY;BYMONTH=2;BYDAY=5MO')).toBe('This rule never occurs');
    expect(refused('FREQ=MONTHLY;BYMONTH=2;BYDAY=5MO', new Date('2036-01-01T00:00:00Z'))).toBe(
      'accepted as FREQ=MONTHLY;BYDAY=5MO;BYMONTH=2',
    );
    // Friday the 13th first comes in February 2026… and with an end date before then, never.
    expect(refused('FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13;UNTIL=20260212', new Date('2025-12-01T00:00:00Z'))).toBe(
      'This rule never occurs',
    );
    expect(refused('FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13;UNTIL=20260213', new Date('2025-12-01T00:00:00Z'))).toBe(
      'accepted as FREQ=MONTHLY;UNTIL=20260213;BYDAY=FR;BYMONTHDAY=13',
    );
  });
});

describe('describeRecurrence', () => {
  it.each([
    ['FREQ=DAILY', 'every day'],
    ['FREQ=DAILY;INTERVAL=2', 'every other day'],
    ['FREQ=DAILY;INTERVAL=3', 'every 3 days'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'every weekday'],
    ['FREQ=WEEKLY;BYDAY=TU,TH', 'every Tuesday and Thursday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', 'every other Monday'],
    ['FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,WE,FR', 'every 3 weeks on Monday, Wednesday and Friday'],
    ['FREQ=WEEKLY', 'every week'],
    ['FREQ=MONTHLY;BYMONTHDAY=1', 'every month on the 1st'],
    ['FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1,15', 'every other month on the 1st and 15th'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'every month on the last day'],
    ['FREQ=MONTHLY;BYMONTHDAY=-2', 'every month on the 2nd-to-last day'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'every month on the last Friday'],
    ['FREQ=MONTHLY;BYDAY=2TU', 'every month on the second Tuesday'],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'every month on the last weekday'],
    ['FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13', 'every month on Friday the 13th'],
    ['FREQ=YEARLY', 'every year'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', 'every year on February 29'],
    ['FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', 'every year on the fourth Thursday of November'],
    ['FREQ=WEEKLY;COUNT=5', 'every week, 5 times'],
    ['FREQ=DAILY;UNTIL=20261231', 'every day, until December 31, 2026'],
    ['FREQ=DAILY;BYMONTH=12', 'every day in December'],
    ['FREQ=DAILY;BYMONTHDAY=1,15', 'every month on the 1st and 15th'],
    ['FREQ=MONTHLY;BYDAY=MO', 'every Monday'],
    ['FREQ=MONTHLY;BYDAY=1MO,-1MO', 'every month on the first and last Monday'],
    ['FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1', 'every month on the first Saturday or Sunday'],
    ['FREQ=YEARLY;BYDAY=MO;BYSETPOS=1', 'every year on the first Monday of the year'],
    ['FREQ=YEARLY;BYMONTHDAY=1', 'every year on the 1st of each month'],
    ['FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=1', 'every year on the 1st of January and July'],
    ['FREQ=WEEKLY;BYMONTH=6,7;BYDAY=FR', 'every Friday in June and July'],
  ])('%s → %s', (rule, text) => {
    expect(describeRecurrence(rule)).toBe(text);
  });
});

// ---- Properties --------------------------------------------------------------------------------

/** Runs per property; RECURRENCE_PROPERTY_RUNS=5000 searches harder. */
const RUNS = Number.parseInt(process.env.RECURRENCE_PROPERTY_RUNS ?? '', 10) || 150;

const DAY = 86_400_000;
const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The same month and day `years` later (29 February → 1 March in a common year). */
const plusYears = (date: string, years: number) => {
  const d = new Date(day(date));
  return isoDay(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate()));
};

/** A rule made of the parts tasks use; refused ones are left out by the properties. */
const ruleArbitrary = fc
  .record({
    freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
    interval: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 365 })),
    days: fc.subarray(WEEKDAY_CODES),
    nth: fc.option(fc.constantFrom(1, 2, 4, 5, -1, -2)),
    monthDays: fc.subarray([1, 13, 28, 29, 30, 31, -1, -3]),
    months: fc.subarray([1, 2, 4, 6, 9, 12], { maxLength: 3 }),
    setPos: fc.option(fc.constantFrom(1, 2, -1)),
    wkst: fc.constantFrom('MO', 'MO', 'SU'),
    end: fc.option(fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constantFrom('20301231', '20280229'))),
  })
  .map(({ freq, interval, days, nth, monthDays, months, setPos, wkst, end }) => {
    const parts = [`FREQ=${freq}`, `INTERVAL=${interval}`, `WKST=${wkst}`];
    const numbered = nth !== null && (freq === 'MONTHLY' || freq === 'YEARLY');
    if (days.length) parts.push(`BYDAY=${days.map((d) => (numbered ? `${nth}${d}` : d)).join(',')}`);
    if (monthDays.length && freq !== 'WEEKLY') parts.push(`BYMONTHDAY=${monthDays.join(',')}`);
    if (months.length) parts.push(`BYMONTH=${months.join(',')}`);
    if (setPos !== null && parts.length > 3) parts.push(`BYSETPOS=${setPos}`);
    if (typeof end === 'number') parts.push(`COUNT=${end}`);
    else if (end) parts.push(`UNTIL=${end}`);
    return parts.join(';');
  });

/** Transition days of the zones below, and any day of 2020–2040. */
const dateArbitrary = fc.oneof(
  fc.constantFrom('2026-03-08', '2026-11-01', '2026-03-29', '2026-10-25', '2026-10-04', '2026-04-05', '2026-09-06'),
  fc.integer({ min: day('2020-01-01') / DAY, max: day('2040-12-31') / DAY }).map((n) => isoDay(n * DAY)),
);
const timeArbitrary = fc.oneof(
  fc.constantFrom(null, '00:00', '00:30', '01:30', '02:00', '02:15', '02:30', '09:00', '23:59'),
  fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
);
const zoneArbitrary = fc.constantFrom(NY, LONDON, 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Kolkata', 'UTC');

/*
 * The oracle: RFC 5545 §3.3.10 read again in the test's own words, day by day, for the parts tasks
 * use (no rrule). A day is an occurrence of a rule starting on `anchor` (DTSTART) when it is not
 * before it nor after UNTIL, its period (day, week from WKST, month, year) is a whole number of
 * INTERVALs from the anchor's, it passes every BY part, and BYSETPOS (if any) picks it among the
 * days of its period that pass them. Without BYDAY and BYMONTHDAY the anchor gives the weekday
 * (WEEKLY), the day (MONTHLY) or the day and, without BYMONTH, the month (YEARLY).
 */
interface OracleRule {
  freq: string;
  interval: number;
  count: number | null;
  until: string | null;
  byDay: { weekday: number; n: number }[];
  byMonthDay: number[];
  byMonth: number[];
  bySetPos: number[];
  wkst: number;
}

function oracleRule(rule: string): OracleRule {
  const parts = new Map(rule.split(';').map((p) => p.split('=') as [string, string]));
  const numbers = (name: string) => parts.get(name)?.split(',').map(Number) ?? [];
  const until = parts.get('UNTIL');
  return {
    freq: parts.get('FREQ') ?? '',
    interval: Number(parts.get('INTERVAL') ?? 1),
    count: parts.has('COUNT') ? Number(parts.get('COUNT')) : null,
    until: until ? `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}` : null,
    byDay: (parts.get('BYDAY')?.split(',') ?? []).map((item) => ({
      weekday: WEEKDAY_CODES.indexOf(item.slice(-2)),
      n: Number(item.slice(0, -2) || 0),
    })),
    byMonthDay: numbers('BYMONTHDAY'),
    byMonth: numbers('BYMONTH'),
    bySetPos: numbers('BYSETPOS'),
    wkst: WEEKDAY_CODES.indexOf(parts.get('WKST') ?? 'MO'),
  };
}

const weekdayOf = (ms: number) => (new Date(ms).getUTCDay() + 6) % 7;

function passes(r: OracleRule, ms: number, anchor: number): boolean {
  const d = new Date(ms);
  const a = new Date(anchor);
  const [y, m, dom] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  if (!r.byDay.length && !r.byMonthDay.length) {
    if (r.freq === 'WEEKLY' && weekdayOf(ms) !== weekdayOf(anchor)) return false;
    if ((r.freq === 'MONTHLY' || r.freq === 'YEARLY') && dom !== a.getUTCDate()) return false;
    if (r.freq === 'YEARLY' && !r.byMonth.length && m !== a.getUTCMonth()) return false;
  }
  if (r.byMonth.length && !r.byMonth.includes(m + 1)) return false;
  const monthLength = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  if (r.byMonthDay.length && !r.byMonthDay.some((n) => (n > 0 ? n : monthLength + 1 + n) === dom)) return false;
  if (r.byDay.length) {
    // A numbered weekday counts within the month (MONTHLY, or YEARLY with BYMONTH), else the year.
    const inMonth = r.freq === 'MONTHLY' || r.byMonth.length > 0;
    const first = inMonth ? Date.UTC(y, m, 1) : Date.UTC(y, 0, 1);
    const last = inMonth ? Date.UTC(y, m + 1, 0) : Date.UTC(y, 11, 31);
    const nth = Math.floor((ms - first) / (7 * DAY)) + 1;
    const nthFromEnd = -(Math.floor((last - ms) / (7 * DAY)) + 1);
    if (!r.byDay.some((b) => b.weekday === weekdayOf(ms) && (b.n === 0 || b.n === nth || b.n === nthFromEnd)))
      return false;
  }
  return true;
}

/** The first and last day of the period `ms` is in, and how many periods it is after the anchor's. */
function period(r: OracleRule, ms: number, anchor: number): { first: number; last: number; index: number } {
  const d = new Date(ms);
  const a = new Date(anchor);
  if (r.freq === 'DAILY') return { first: ms, last: ms, index: Math.round((ms - anchor) / DAY) };
  if (r.freq === 'WEEKLY') {
    const weekStart = (t: number) => t - ((weekdayOf(t) - r.wkst + 7) % 7) * DAY;
    const first = weekStart(ms);
    return { first, last: first + 6 * DAY, index: Math.round((first - weekStart(anchor)) / (7 * DAY)) };
  }
  const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()];
  if (r.freq === 'MONTHLY') {
    return {
      first: Date.UTC(y, m, 1),
      last: Date.UTC(y, m + 1, 0),
      index: (y - a.getUTCFullYear()) * 12 + m - a.getUTCMonth(),
    };
  }
  return { first: Date.UTC(y, 0, 1), last: Date.UTC(y, 11, 31), index: y - a.getUTCFullYear() };
}

function isOccurrence(r: OracleRule, ms: number, anchor: number): boolean {
  if (ms < anchor || (r.until !== null && ms > day(r.until))) return false;
  const p = period(r, ms, anchor);
  if (p.index % r.interval !== 0 || !passes(r, ms, anchor)) return false;
  if (!r.bySetPos.length) return true;
  const set: number[] = [];
  for (let t = p.first; t <= p.last; t += DAY) if (passes(r, t, anchor)) set.push(t);
  return r.bySetPos.some((n) => (n > 0 ? set[n - 1] : set[set.length + n]) === ms);
}

/** How far nextDue looks (its documented limit): 40 years, or 4 of the rule's periods if longer. */
function horizonYears(r: OracleRule): number {
  const periodDays = { DAILY: 1, WEEKLY: 7, MONTHLY: 30.44, YEARLY: 365.25 }[r.freq] ?? 1;
  return Math.max(40, Math.ceil((4 * r.interval * periodDays) / 365.25));
}

/** The first occurrence after `after` (or on it), counted from `anchor`, within the horizon; null if none. */
function oracleNext(rule: string, anchor: string, after: string, inclusive = false): string | null {
  const r = oracleRule(rule);
  const limit = day(plusYears(after, horizonYears(r)));
  for (let t = day(after) + (inclusive ? 0 : DAY); t <= limit; t += DAY) {
    const p = period(r, t, day(anchor));
    // A period out of step with INTERVAL has no occurrence: on to the next.
    if (p.index % r.interval !== 0) t = p.last;
    else if (isOccurrence(r, t, day(anchor))) return isoDay(t);
  }
  return null;
}

describe('the oracle', () => {
  it('agrees with the examples above', () => {
    expect(oracleNext('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', '2026-01-30', '2026-01-30')).toBe('2026-02-27');
    expect(oracleNext('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR', '2026-01-05', '2026-01-09')).toBe('2026-01-19');
    expect(oracleNext('FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', '2026-11-26', '2026-11-26')).toBe('2027-11-25');
    expect(oracleNext('FREQ=MONTHLY', '2026-01-31', '2026-01-31')).toBe('2026-03-31');
    expect(oracleNext('FREQ=YEARLY;INTERVAL=2;BYMONTH=2;BYMONTHDAY=29', '2027-03-01', '2027-03-01')).toBeNull();
  });
});

describe('properties of nextDue', () => {
  const checked = (rule: string) => {
    const result = checkRecurrence(rule, NOW);
    return result.ok ? result.rule : null;
  };

  it('completing N times in turn reaches the rule’s Nth occurrence, each after the last, at the same local time', () => {
    fc.assert(
      fc.property(ruleArbitrary, dateArbitrary, timeArbitrary, zoneArbitrary, (raw, start, time, zone) => {
        const rule = checked(raw);
        fc.pre(rule !== null);
        if (rule === null) return;
        const created = new Date(`${start}T12:00:00Z`);
        const createdOn = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(created);
        const first = firstDue(rule, created, zone, time);
        expect(first?.date ?? null).toBe(oracleNext(rule, createdOn, createdOn, true));
        if (first === null) return;
        const count = oracleRule(rule).count ?? 6;
        let current: TaskDue = first;
        let stored: string | null = rule;
        for (let n = 1; n < 6; n++) {
          const want: string | null = n < count ? oracleNext(rule, first.date, current.date) : null;
          const got: TaskDue | null = stored === null ? null : nextDue(stored, 'due', current, NOW);
          if (want === null) {
            // Past COUNT or UNTIL, or nothing within the horizon: over.
            expect(got).toBeNull();
            return;
          }
          expect(got).toEqual({ date: want, time, zone });
          stored = stored === null ? null : ruleAfterCompletion(stored);
          current = { date: want, time, zone };
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('basis "completion" counts from the day it was done (or the due, when that misses), after both', () => {
    fc.assert(
      fc.property(
        ruleArbitrary,
        dateArbitrary,
        fc.integer({ min: -10, max: 40 }),
        fc.integer({ min: 0, max: 23 }),
        zoneArbitrary,
        (raw, date, daysLate, hour, zone) => {
          const rule = checked(raw);
          fc.pre(rule !== null && oracleRule(rule).count !== 1);
          if (rule === null) return;
          const doneAt = new Date(day(date) + daysLate * DAY + hour * 3_600_000);
          const doneOn = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(doneAt);
          const after = doneOn > date ? doneOn : date;
          const want = oracleNext(rule, doneOn, after) ?? oracleNext(rule, date, after);
          const got = nextDue(rule, 'completion', due(date, '07:45', zone), doneAt);
          expect(got).toEqual(want === null ? null : due(want, '07:45', zone));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('checkRecurrence gives back its own canonical form unchanged', () => {
    fc.assert(
      fc.property(ruleArbitrary, (raw) => {
        const rule = checked(raw);
        fc.pre(rule !== null);
        expect(checkRecurrence(rule ?? '', NOW)).toEqual({ ok: true, rule });
        expect(describeRecurrence(rule ?? '')).toMatch(/^every /);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('properties of dueInstant', () => {
  const formats = new Map<string, Intl.DateTimeFormat>();
  const wallOf = (instant: number, zone: string) => {
    let format = formats.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
      formats.set(zone, format);
    }
    return format.format(instant).replace(', ', 'T');
  };

  it('is the earliest instant showing the due’s local time, or just after a gap when no instant shows it', () => {
    fc.assert(
      fc.property(dateArbitrary, timeArbitrary, zoneArbitrary, (date, time, zone) => {
        const wanted = `${date}T${time ?? '00:00'}`;
        const asUtc = Date.parse(`${wanted}:00Z`);
        // Every offset in use is a whole number of quarter hours between −12 and +14 hours.
        const showing: number[] = [];
        for (let q = -56; q <= 48; q++) {
          const instant = asUtc - q * 15 * 60_000;
          if (wallOf(instant, zone) === wanted) showing.push(instant);
        }
        const instant = Date.parse(dueInstant({ date, time, zone }));
        if (showing.length) {
          expect(instant).toBe(Math.min(...showing));
        } else {
          // In a gap (an hour, 30 minutes on Lord Howe): read with the offset before it, three hours earlier.
          const earlier = instant - 3 * 3_600_000;
          const offsetBefore = Date.parse(`${wallOf(earlier, zone)}:00Z`) - earlier;
          expect(instant).toBe(asUtc - offsetBefore);
          const shown = Date.parse(`${wallOf(instant, zone)}:00Z`);
          expect(shown - asUtc).toBeGreaterThan(0);
          expect(shown - asUtc).toBeLessThanOrEqual(3_600_000);
        }
      }),
      { numRuns: 2 * RUNS },
    );
  });
});
