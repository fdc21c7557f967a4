import fc from 'fast-check';
import { RRule } from 'rrule';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseQuickAdd, type QuickAddOptions, type QuickAddPart, type QuickAddResult } from './todo-quick-add.js';
import { INTERVAL_MAX } from './todo-quick-add-recurrence.js';
import { checkRecurrence, RECURRENCE_INTERVAL_MAX } from './todo-recurrence.js';

/**
 * One row: the line and what it reads as, written compactly — `due` as 'YYYY-MM-DD' or
 * 'YYYY-MM-DD HH:MM', each part as 'kind:text' (found where the text first occurs in the line, or
 * 'kind:text|start' when it occurs earlier too). Fields left out are empty (null, [] or no parts).
 */
interface Expected {
  title: string;
  due?: string;
  rrule?: string;
  list?: string;
  labels?: string[];
  priority?: 1 | 2 | 3 | 4;
  parts?: string[];
}
type Row = [input: string, expected: Expected];

function part(input: string, spec: string): QuickAddPart {
  const match = /^(\w+):(.*?)(?:\|(\d+))?$/su.exec(spec);
  if (!match) throw new Error(`bad part ${spec}`);
  const [, kind, text, at] = match as unknown as [string, QuickAddPart['kind'], string, string | undefined];
  const start = at === undefined ? input.indexOf(text) : Number(at);
  if (start < 0) throw new Error(`${spec} is not in ${input}`);
  return { kind, start, end: start + text.length, text };
}

function full(input: string, e: Expected): QuickAddResult {
  return {
    title: e.title,
    due: e.due ? { date: e.due.slice(0, 10), time: e.due.length > 10 ? e.due.slice(11) : null } : null,
    recurrence: e.rrule ?? null,
    list: e.list ?? null,
    labels: e.labels ?? [],
    priority: e.priority ?? null,
    parts: (e.parts ?? []).map((spec) => part(input, spec)),
  };
}

/** Saturday 7 March 2026, 10:00 in New York (EST); the clocks go forward the next night at 02:00. */
const NEW_YORK: QuickAddOptions = { now: new Date('2026-03-07T15:00:00Z'), timeZone: 'America/New_York' };
/** Sunday 8 March 2026, 00:30 EST in New York: 02:00 to 03:00 does not happen tonight. */
const NEW_YORK_SPRING_FORWARD: QuickAddOptions = {
  now: new Date('2026-03-08T05:30:00Z'),
  timeZone: 'America/New_York',
};
/** Sunday 1 November 2026, 01:30 EDT in New York: at 02:00 EDT the clocks go back to 01:00 EST. */
const NEW_YORK_FALL_BACK: QuickAddOptions = { now: new Date('2026-11-01T05:30:00Z'), timeZone: 'America/New_York' };
/** Saturday 31 January 2026, 08:30 in Tokyo (no DST; still Friday in New York). */
const TOKYO: QuickAddOptions = { now: new Date('2026-01-30T23:30:00Z'), timeZone: 'Asia/Tokyo' };

const NEW_YORK_ROWS: Row[] = [
  ['Call mom today', { title: 'Call mom', due: '2026-03-07', parts: ['date:today'] }],
  ['Call mom tomorrow', { title: 'Call mom', due: '2026-03-08', parts: ['date:tomorrow'] }],
  ['Call mom tmr', { title: 'Call mom', due: '2026-03-08', parts: ['date:tmr'] }],
  ['Call mom tomorrow 5pm', { title: 'Call mom', due: '2026-03-08 17:00', parts: ['date:tomorrow 5pm'] }],
  ['Call mom tomorrow at 5pm', { title: 'Call mom', due: '2026-03-08 17:00', parts: ['date:tomorrow at 5pm'] }],
  ['Call mom at 5pm tomorrow', { title: 'Call mom', due: '2026-03-08 17:00', parts: ['date:at 5pm tomorrow'] }],
  ['Call mom 5pm', { title: 'Call mom', due: '2026-03-07 17:00', parts: ['date:5pm'] }],
  ['Call mom 2 pm', { title: 'Call mom', due: '2026-03-07 14:00', parts: ['date:2 pm'] }],
  ['Call mom at 9', { title: 'Call mom', due: '2026-03-08 09:00', parts: ['date:at 9'] }],
  ['Call mom 9am', { title: 'Call mom', due: '2026-03-08 09:00', parts: ['date:9am'] }],
  ['Call mom 9:30', { title: 'Call mom', due: '2026-03-08 09:30', parts: ['date:9:30'] }],
  ['Call mom 21:00', { title: 'Call mom', due: '2026-03-07 21:00', parts: ['date:21:00'] }],
  ['Call mom at noon', { title: 'Call mom', due: '2026-03-07 12:00', parts: ['date:at noon'] }],
  ['Call mom midnight', { title: 'Call mom', due: '2026-03-08 00:00', parts: ['date:midnight'] }],
  ['Call mom tonight', { title: 'Call mom', due: '2026-03-07', parts: ['date:tonight'] }],
  ['Call mom now', { title: 'Call mom', due: '2026-03-07 10:00', parts: ['date:now'] }],
  ['Meeting next Wed', { title: 'Meeting', due: '2026-03-11', parts: ['date:next Wed'] }],
  ['Meeting Wednesday', { title: 'Meeting', due: '2026-03-11', parts: ['date:Wednesday'] }],
  ['Meeting on Wednesday', { title: 'Meeting', due: '2026-03-11', parts: ['date:on Wednesday'] }],
  ['Meeting wed 3pm', { title: 'Meeting', due: '2026-03-11 15:00', parts: ['date:wed 3pm'] }],
  ['Meeting Mon 9:30am', { title: 'Meeting', due: '2026-03-09 09:30', parts: ['date:Mon 9:30am'] }],
  ['Meeting this friday', { title: 'Meeting', due: '2026-03-13', parts: ['date:this friday'] }],
  ['Meeting sat', { title: 'Meeting', due: '2026-03-07', parts: ['date:sat'] }],
  ['Meeting next week', { title: 'Meeting', due: '2026-03-09', parts: ['date:next week'] }],
  ['Sprint review next week 10am', { title: 'Sprint review', due: '2026-03-09 10:00', parts: ['date:next week 10am'] }],
  ['Meeting next month', { title: 'Meeting', due: '2026-04-07', parts: ['date:next month'] }],
  ['Meeting in 3 days', { title: 'Meeting', due: '2026-03-10', parts: ['date:in 3 days'] }],
  ['Meeting in 2 weeks', { title: 'Meeting', due: '2026-03-21', parts: ['date:in 2 weeks'] }],
  ['Meeting in a year', { title: 'Meeting', due: '2027-03-07', parts: ['date:in a year'] }],
  ['Meeting a week from now', { title: 'Meeting', due: '2026-03-14', parts: ['date:a week from now'] }],
  ['Meeting 3 days later', { title: 'Meeting', due: '2026-03-10', parts: ['date:3 days later'] }],
  ['Meeting in 3 hours', { title: 'Meeting', due: '2026-03-07 13:00', parts: ['date:in 3 hours'] }],
  ['Meeting in 30 minutes', { title: 'Meeting', due: '2026-03-07 10:30', parts: ['date:in 30 minutes'] }],
  ['Meeting in an hour', { title: 'Meeting', due: '2026-03-07 11:00', parts: ['date:in an hour'] }],
  ['Meeting in half an hour', { title: 'Meeting', due: '2026-03-07 10:30', parts: ['date:in half an hour'] }],
  ['Meeting in 1.5 hours', { title: 'Meeting', due: '2026-03-07 11:30', parts: ['date:in 1.5 hours'] }],
  [
    'Meeting in 1 hour and 30 minutes',
    { title: 'Meeting', due: '2026-03-07 11:30', parts: ['date:in 1 hour and 30 minutes'] },
  ],
  ['Meeting 2 hours from now', { title: 'Meeting', due: '2026-03-07 12:00', parts: ['date:2 hours from now'] }],
  ['Meeting 3 hours ago', { title: 'Meeting', due: '2026-03-07 07:00', parts: ['date:3 hours ago'] }],
  ['Dentist Jan 27', { title: 'Dentist', due: '2027-01-27', parts: ['date:Jan 27'] }],
  ['Dentist January 27th', { title: 'Dentist', due: '2027-01-27', parts: ['date:January 27th'] }],
  ['Dentist 27 January', { title: 'Dentist', due: '2027-01-27', parts: ['date:27 January'] }],
  ['Dentist Mar 20', { title: 'Dentist', due: '2026-03-20', parts: ['date:Mar 20'] }],
  ['Dentist Mar 7', { title: 'Dentist', due: '2026-03-07', parts: ['date:Mar 7'] }],
  ['Dentist 1/27', { title: 'Dentist', due: '2027-01-27', parts: ['date:1/27'] }],
  ['Dentist 27/1', { title: 'Dentist', due: '2027-01-27', parts: ['date:27/1'] }],
  ['Dentist 4/1/2026', { title: 'Dentist', due: '2026-04-01', parts: ['date:4/1/2026'] }],
  ['Dentist 2026-04-01', { title: 'Dentist', due: '2026-04-01', parts: ['date:2026-04-01'] }],
  ['Dentist Dec 31 2027', { title: 'Dentist', due: '2027-12-31', parts: ['date:Dec 31 2027'] }],
  ['Dentist Jan 27 2020', { title: 'Dentist', due: '2020-01-27', parts: ['date:Jan 27 2020'] }],
  ['Order paper 3 days ago', { title: 'Order paper', due: '2026-03-04', parts: ['date:3 days ago'] }],
  ['Report end of month', { title: 'Report', due: '2026-03-31', parts: ['date:end of month'] }],
  ['Report by Friday', { title: 'Report', due: '2026-03-13', parts: ['date:by Friday'] }],
  ['Report due Friday', { title: 'Report', due: '2026-03-13', parts: ['date:due Friday'] }],
  ['Report due by Monday 5pm', { title: 'Report', due: '2026-03-09 17:00', parts: ['date:due by Monday 5pm'] }],
  ['Taxes by April 15', { title: 'Taxes', due: '2026-04-15', parts: ['date:by April 15'] }],
  ['Call at 5pm EST', { title: 'Call', due: '2026-03-07 17:00', parts: ['date:at 5pm EST'] }],
  ['Concert Monday to Friday', { title: 'Concert', due: '2026-03-09', parts: ['date:Monday to Friday'] }],
  ['Pay rent by Friday, then relax', { title: 'Pay rent, then relax', due: '2026-03-13', parts: ['date:by Friday'] }],
  [
    'Pay rent every month on the 1st 9am #Home @bills p1',
    {
      title: 'Pay rent',
      due: '2026-04-01 09:00',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=1',
      list: 'Home',
      labels: ['bills'],
      priority: 1,
      parts: ['recurrence:every month on the 1st 9am', 'list:#Home', 'label:@bills', 'priority:p1'],
    },
  ],
  [
    'Water plants every day',
    { title: 'Water plants', due: '2026-03-07', rrule: 'FREQ=DAILY', parts: ['recurrence:every day'] },
  ],
  [
    'Water plants daily',
    { title: 'Water plants', due: '2026-03-07', rrule: 'FREQ=DAILY', parts: ['recurrence:daily'] },
  ],
  [
    'Water plants every day at 9am',
    { title: 'Water plants', due: '2026-03-08 09:00', rrule: 'FREQ=DAILY', parts: ['recurrence:every day at 9am'] },
  ],
  [
    'Water plants every day 9am',
    { title: 'Water plants', due: '2026-03-08 09:00', rrule: 'FREQ=DAILY', parts: ['recurrence:every day 9am'] },
  ],
  [
    'Water plants 9am every day',
    { title: 'Water plants', due: '2026-03-08 09:00', rrule: 'FREQ=DAILY', parts: ['recurrence:9am every day'] },
  ],
  [
    'Water plants every day at 11am',
    { title: 'Water plants', due: '2026-03-07 11:00', rrule: 'FREQ=DAILY', parts: ['recurrence:every day at 11am'] },
  ],
  [
    'Standup every weekday',
    {
      title: 'Standup',
      due: '2026-03-09',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      parts: ['recurrence:every weekday'],
    },
  ],
  [
    'Standup every workday at 9:15',
    {
      title: 'Standup',
      due: '2026-03-09 09:15',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      parts: ['recurrence:every workday at 9:15'],
    },
  ],
  [
    'Long run every weekend',
    { title: 'Long run', due: '2026-03-07', rrule: 'FREQ=WEEKLY;BYDAY=SA,SU', parts: ['recurrence:every weekend'] },
  ],
  [
    'Swim every Monday',
    { title: 'Swim', due: '2026-03-09', rrule: 'FREQ=WEEKLY;BYDAY=MO', parts: ['recurrence:every Monday'] },
  ],
  [
    'Swim every mondays',
    { title: 'Swim', due: '2026-03-09', rrule: 'FREQ=WEEKLY;BYDAY=MO', parts: ['recurrence:every mondays'] },
  ],
  [
    'Swim every mon, wed and fri',
    {
      title: 'Swim',
      due: '2026-03-09',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
      parts: ['recurrence:every mon, wed and fri'],
    },
  ],
  [
    'Swim every Tue & Thu at 7am',
    {
      title: 'Swim',
      due: '2026-03-10 07:00',
      rrule: 'FREQ=WEEKLY;BYDAY=TU,TH',
      parts: ['recurrence:every Tue & Thu at 7am'],
    },
  ],
  [
    'Swim every monday and thursday 6pm',
    {
      title: 'Swim',
      due: '2026-03-09 18:00',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
      parts: ['recurrence:every monday and thursday 6pm'],
    },
  ],
  [
    'Sync every other Monday',
    {
      title: 'Sync',
      due: '2026-03-09',
      rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO',
      parts: ['recurrence:every other Monday'],
    },
  ],
  [
    'Sync every other week',
    { title: 'Sync', due: '2026-03-07', rrule: 'FREQ=WEEKLY;INTERVAL=2', parts: ['recurrence:every other week'] },
  ],
  [
    'Sync every other day',
    { title: 'Sync', due: '2026-03-07', rrule: 'FREQ=DAILY;INTERVAL=2', parts: ['recurrence:every other day'] },
  ],
  [
    'Backups every 3 weeks',
    { title: 'Backups', due: '2026-03-07', rrule: 'FREQ=WEEKLY;INTERVAL=3', parts: ['recurrence:every 3 weeks'] },
  ],
  [
    'Backups every 3 days',
    { title: 'Backups', due: '2026-03-07', rrule: 'FREQ=DAILY;INTERVAL=3', parts: ['recurrence:every 3 days'] },
  ],
  [
    'Backups every 2 weeks on Monday',
    {
      title: 'Backups',
      due: '2026-03-09',
      rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO',
      parts: ['recurrence:every 2 weeks on Monday'],
    },
  ],
  [
    'Backups every 2 weeks on Tue and Fri',
    {
      title: 'Backups',
      due: '2026-03-10',
      rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,FR',
      parts: ['recurrence:every 2 weeks on Tue and Fri'],
    },
  ],
  [
    'Invoice every month',
    { title: 'Invoice', due: '2026-03-07', rrule: 'FREQ=MONTHLY', parts: ['recurrence:every month'] },
  ],
  ['Invoice monthly', { title: 'Invoice', due: '2026-03-07', rrule: 'FREQ=MONTHLY', parts: ['recurrence:monthly'] }],
  [
    'Invoice every 2 months',
    { title: 'Invoice', due: '2026-03-07', rrule: 'FREQ=MONTHLY;INTERVAL=2', parts: ['recurrence:every 2 months'] },
  ],
  [
    'Invoice every month on the 15th',
    {
      title: 'Invoice',
      due: '2026-03-15',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=15',
      parts: ['recurrence:every month on the 15th'],
    },
  ],
  [
    'Invoice monthly on the 1st',
    {
      title: 'Invoice',
      due: '2026-04-01',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=1',
      parts: ['recurrence:monthly on the 1st'],
    },
  ],
  [
    'Invoice every 1st',
    { title: 'Invoice', due: '2026-04-01', rrule: 'FREQ=MONTHLY;BYMONTHDAY=1', parts: ['recurrence:every 1st'] },
  ],
  [
    'Invoice every 1st and 15th',
    {
      title: 'Invoice',
      due: '2026-03-15',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=1,15',
      parts: ['recurrence:every 1st and 15th'],
    },
  ],
  [
    'Invoice every last day',
    { title: 'Invoice', due: '2026-03-31', rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1', parts: ['recurrence:every last day'] },
  ],
  [
    'Invoice every last day of the month',
    {
      title: 'Invoice',
      due: '2026-03-31',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1',
      parts: ['recurrence:every last day of the month'],
    },
  ],
  [
    'Invoice every month on the last day',
    {
      title: 'Invoice',
      due: '2026-03-31',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1',
      parts: ['recurrence:every month on the last day'],
    },
  ],
  [
    'Book club every last Friday',
    {
      title: 'Book club',
      due: '2026-03-27',
      rrule: 'FREQ=MONTHLY;BYDAY=-1FR',
      parts: ['recurrence:every last Friday'],
    },
  ],
  [
    'Book club every first Monday',
    {
      title: 'Book club',
      due: '2026-04-06',
      rrule: 'FREQ=MONTHLY;BYDAY=1MO',
      parts: ['recurrence:every first Monday'],
    },
  ],
  [
    'Book club every 2nd Tuesday of the month',
    {
      title: 'Book club',
      due: '2026-03-10',
      rrule: 'FREQ=MONTHLY;BYDAY=2TU',
      parts: ['recurrence:every 2nd Tuesday of the month'],
    },
  ],
  [
    'Book club every month on the third Wednesday',
    {
      title: 'Book club',
      due: '2026-03-18',
      rrule: 'FREQ=MONTHLY;BYDAY=3WE',
      parts: ['recurrence:every month on the third Wednesday'],
    },
  ],
  [
    'Book club every first and third Monday',
    {
      title: 'Book club',
      due: '2026-03-16',
      rrule: 'FREQ=MONTHLY;BYDAY=1MO,3MO',
      parts: ['recurrence:every first and third Monday'],
    },
  ],
  [
    'Book club every first Monday and third Friday',
    {
      title: 'Book club',
      due: '2026-03-20',
      rrule: 'FREQ=MONTHLY;BYDAY=1MO,3FR',
      parts: ['recurrence:every first Monday and third Friday'],
    },
  ],
  [
    'Water every 2nd day',
    { title: 'Water', due: '2026-03-07', rrule: 'FREQ=DAILY;INTERVAL=2', parts: ['recurrence:every 2nd day'] },
  ],
  [
    'Water every third week',
    { title: 'Water', due: '2026-03-07', rrule: 'FREQ=WEEKLY;INTERVAL=3', parts: ['recurrence:every third week'] },
  ],
  ['Water every second hour', { title: 'Water every second hour' }],
  ['Review every year', { title: 'Review', due: '2026-03-07', rrule: 'FREQ=YEARLY', parts: ['recurrence:every year'] }],
  ['Review yearly', { title: 'Review', due: '2026-03-07', rrule: 'FREQ=YEARLY', parts: ['recurrence:yearly'] }],
  ['Review annually', { title: 'Review', due: '2026-03-07', rrule: 'FREQ=YEARLY', parts: ['recurrence:annually'] }],
  [
    'Review every 2 years',
    { title: 'Review', due: '2026-03-07', rrule: 'FREQ=YEARLY;INTERVAL=2', parts: ['recurrence:every 2 years'] },
  ],
  [
    'Birthday every Jan 27',
    {
      title: 'Birthday',
      due: '2027-01-27',
      rrule: 'FREQ=YEARLY;BYMONTHDAY=27;BYMONTH=1',
      parts: ['recurrence:every Jan 27'],
    },
  ],
  [
    'Birthday every 27 January',
    {
      title: 'Birthday',
      due: '2027-01-27',
      rrule: 'FREQ=YEARLY;BYMONTHDAY=27;BYMONTH=1',
      parts: ['recurrence:every 27 January'],
    },
  ],
  [
    'Birthday every January 27th',
    {
      title: 'Birthday',
      due: '2027-01-27',
      rrule: 'FREQ=YEARLY;BYMONTHDAY=27;BYMONTH=1',
      parts: ['recurrence:every January 27th'],
    },
  ],
  [
    'Birthday every year on Mar 7',
    {
      title: 'Birthday',
      due: '2026-03-07',
      rrule: 'FREQ=YEARLY;BYMONTHDAY=7;BYMONTH=3',
      parts: ['recurrence:every year on Mar 7'],
    },
  ],
  [
    'Leap day every Feb 29',
    {
      title: 'Leap day',
      due: '2028-02-29',
      rrule: 'FREQ=YEARLY;BYMONTHDAY=29;BYMONTH=2',
      parts: ['recurrence:every Feb 29'],
    },
  ],
  ['Weekly review', { title: 'review', due: '2026-03-07', rrule: 'FREQ=WEEKLY', parts: ['recurrence:Weekly'] }],
  ['Every day counts', { title: 'counts', due: '2026-03-07', rrule: 'FREQ=DAILY', parts: ['recurrence:Every day'] }],
  [
    'Plan every Monday starting Jan 5',
    {
      title: 'Plan',
      due: '2027-01-11',
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
      parts: ['recurrence:every Monday', 'date:starting Jan 5'],
    },
  ],
  [
    'Plan every day starting tomorrow',
    {
      title: 'Plan',
      due: '2026-03-08',
      rrule: 'FREQ=DAILY',
      parts: ['recurrence:every day', 'date:starting tomorrow'],
    },
  ],
  [
    'Plan every day from Monday 8am',
    {
      title: 'Plan',
      due: '2026-03-09 08:00',
      rrule: 'FREQ=DAILY',
      parts: ['recurrence:every day', 'date:from Monday 8am'],
    },
  ],
  [
    'Yoga every day until Friday',
    { title: 'Yoga until Friday', due: '2026-03-07', rrule: 'FREQ=DAILY', parts: ['recurrence:every day'] },
  ],
  [
    'Sync every other Monday and every Friday',
    {
      title: 'Sync and every Friday',
      due: '2026-03-09',
      rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO',
      parts: ['recurrence:every other Monday'],
    },
  ],
  ['Check email every 2 hours', { title: 'Check email every 2 hours' }],
  [
    'Water every 365 days',
    { title: 'Water', due: '2026-03-07', rrule: 'FREQ=DAILY;INTERVAL=365', parts: ['recurrence:every 365 days'] },
  ],
  ['Water every 366 days', { title: 'Water every 366 days' }],
  ['Water every 0 days', { title: 'Water every 0 days' }],
  ['Check email every hour', { title: 'Check email every hour' }],
  ['Check email every 15 minutes', { title: 'Check email every 15 minutes' }],
  ['Check email hourly', { title: 'Check email hourly' }],
  ['every time I see it', { title: 'every time I see it' }],
  ['Buy milk #Groceries', { title: 'Buy milk', list: 'Groceries', parts: ['list:#Groceries'] }],
  [
    'Buy milk #groceries @errand @urgent',
    {
      title: 'Buy milk',
      list: 'groceries',
      labels: ['errand', 'urgent'],
      parts: ['list:#groceries', 'label:@errand', 'label:@urgent'],
    },
  ],
  ['Buy milk #"Work stuff"', { title: 'Buy milk', list: 'Work stuff', parts: ['list:#"Work stuff"'] }],
  ['Buy milk #" spaced   out "', { title: 'Buy milk', list: 'spaced out', parts: ['list:#" spaced   out "'] }],
  ['Buy milk #""', { title: 'Buy milk #' }],
  ['Buy milk #Home #Work', { title: 'Buy milk #Work', list: 'Home', parts: ['list:#Home'] }],
  ['Buy milk @a @A @b', { title: 'Buy milk', labels: ['a', 'b'], parts: ['label:@a', 'label:@A', 'label:@b'] }],
  ['Buy milk p1', { title: 'Buy milk', priority: 1, parts: ['priority:p1'] }],
  ['Buy milk P2', { title: 'Buy milk', priority: 2, parts: ['priority:P2'] }],
  ['Buy milk p3 p4', { title: 'Buy milk p4', priority: 3, parts: ['priority:p3'] }],
  ['Buy milk p5', { title: 'Buy milk p5' }],
  ['Buy milk p0', { title: 'Buy milk p0' }],
  ['Buy milk p12', { title: 'Buy milk p12' }],
  ['Buy milk xp1', { title: 'Buy milk xp1' }],
  ['Buy milk p1!', { title: 'Buy milk!', priority: 1, parts: ['priority:p1'] }],
  ['Buy milk (p1)', { title: 'Buy milk (p1)' }],
  ['Buy milk #', { title: 'Buy milk #' }],
  ['Buy milk @', { title: 'Buy milk @' }],
  ['Buy milk # @ #', { title: 'Buy milk # @ #' }],
  ['Email bob@example.com about it', { title: 'Email bob@example.com about it' }],
  ['Email @bob@example.com', { title: 'Email @bob@example.com' }],
  ['Learn C# today', { title: 'Learn C#', due: '2026-03-07', parts: ['date:today'] }],
  ['Fix bug #42', { title: 'Fix bug', list: '42', parts: ['list:#42'] }],
  ['Fix issue#42', { title: 'Fix issue#42' }],
  ['Buy milk @home,', { title: 'Buy milk', labels: ['home'], parts: ['label:@home'] }],
  ['Buy milk @home.', { title: 'Buy milk.', labels: ['home'], parts: ['label:@home'] }],
  ["Buy milk @home's", { title: 'Buy milk', labels: ["home's"], parts: ["label:@home's"] }],
  ['Buy milk @"two words"', { title: 'Buy milk @two words' }],
  ['Buy milk #Home,@x', { title: 'Buy milk #Home,@x' }],
  ['#Home buy milk', { title: 'buy milk', list: 'Home', parts: ['list:#Home'] }],
  ['#Home, buy milk', { title: 'buy milk', list: 'Home', parts: ['list:#Home'] }],
  [
    '@errand p2 buy milk',
    { title: 'buy milk', labels: ['errand'], priority: 2, parts: ['label:@errand', 'priority:p2'] },
  ],
  [
    'Write report #Work tomorrow 9am @focus p2',
    {
      title: 'Write report',
      due: '2026-03-08 09:00',
      list: 'Work',
      labels: ['focus'],
      priority: 2,
      parts: ['list:#Work', 'date:tomorrow 9am', 'label:@focus', 'priority:p2'],
    },
  ],
  ['"tomorrow"', { title: 'tomorrow' }],
  [
    'Watch "Friday Night Lights" on Monday',
    { title: 'Watch Friday Night Lights', due: '2026-03-09', parts: ['date:on Monday'] },
  ],
  [
    'Title with "unclosed quote tomorrow',
    { title: 'Title with "unclosed quote', due: '2026-03-08', parts: ['date:tomorrow'] },
  ],
  ['Say ""hello""', { title: 'Say hello' }],
  ['Read "Tomorrow never dies" today', { title: 'Read Tomorrow never dies', due: '2026-03-07', parts: ['date:today'] }],
  ['Buy 2 eggs', { title: 'Buy 2 eggs' }],
  ['Room 101', { title: 'Room 101' }],
  ['Sprint 2 planning', { title: 'Sprint 2 planning' }],
  ['Season 3 episode 4', { title: 'Season 3 episode 4' }],
  ['Release v1.2.3', { title: 'Release v1.2.3' }],
  ['Maybe later', { title: 'Maybe later' }],
  ['The mayor visits', { title: 'The mayor visits' }],
  ["Email from Monday's meeting", { title: "Email from Monday's meeting" }],
  ['Read Monday’s notes', { title: 'Read Monday’s notes' }],
  ['Plan for 2026', { title: 'Plan for 2026' }],
  ['Study 2 hours', { title: 'Study 2 hours' }],
  ['Study 2 days', { title: 'Study 2 days' }],
  ['Trip for 3 weeks', { title: 'Trip for 3 weeks' }],
  ['Buy May flowers', { title: 'Buy May flowers' }],
  ['Buy a sat nav', { title: 'Buy a nav', due: '2026-03-07', parts: ['date:sat'] }],
  ['Plan weekday routine', { title: 'Plan weekday routine' }],
  ['Call mom about the weekend', { title: 'Call mom about the weekend' }],
  ['Hike this weekend', { title: 'Hike', due: '2026-03-07', parts: ['date:this weekend'] }],
  ['Hike next weekend', { title: 'Hike', due: '2026-03-14', parts: ['date:next weekend'] }],
  ['Sunday school prep', { title: 'school prep', due: '2026-03-08', parts: ['date:Sunday'] }],
  ['now', { title: 'now' }],
  ['tomorrow', { title: 'tomorrow' }],
  ['every day', { title: 'every day' }],
  ['p1', { title: '', priority: 1, parts: ['priority:p1'] }],
  ['#Home', { title: '', list: 'Home', parts: ['list:#Home'] }],
  ['a, b, c,', { title: 'a, b, c,' }],
  ['Buy milk, tomorrow', { title: 'Buy milk', due: '2026-03-08', parts: ['date:tomorrow'] }],
  ['tomorrow #Home', { title: 'tomorrow', list: 'Home', parts: ['list:#Home'] }],
  [
    'every day @chores p2',
    { title: 'every day', labels: ['chores'], priority: 2, parts: ['label:@chores', 'priority:p2'] },
  ],
  ['🎉 Party tomorrow 🎂', { title: '🎉 Party 🎂', due: '2026-03-08', parts: ['date:tomorrow'] }],
  [
    '東京 出張 tomorrow 9am #出張',
    { title: '東京 出張', due: '2026-03-08 09:00', list: '出張', parts: ['date:tomorrow 9am', 'list:#出張'] },
  ],
  ['Café crème @café', { title: 'Café crème', labels: ['café'], parts: ['label:@café'] }],
  ['Naïve résumé review Friday', { title: 'Naïve résumé review', due: '2026-03-13', parts: ['date:Friday'] }],
  [
    '👨‍👩‍👧 family dinner sat 7pm #Family 🍝',
    {
      title: '👨‍👩‍👧 family dinner 🍝',
      due: '2026-03-07 19:00',
      list: 'Family',
      parts: ['date:sat 7pm', 'list:#Family'],
    },
  ],
  [
    'Ünïcödé #Ünï @ö p1',
    { title: 'Ünïcödé', list: 'Ünï', labels: ['ö'], priority: 1, parts: ['list:#Ünï', 'label:@ö', 'priority:p1'] },
  ],
  ['   lots   of    space    tomorrow   ', { title: 'lots of space', due: '2026-03-08', parts: ['date:tomorrow'] }],
  ['Buy milk\ttab tomorrow', { title: 'Buy milk tab', due: '2026-03-08', parts: ['date:tomorrow'] }],
  [
    'Call Ива завтра tomorrow @работа',
    { title: 'Call Ива завтра', due: '2026-03-08', labels: ['работа'], parts: ['date:tomorrow', 'label:@работа'] },
  ],
  ['مرحبا tomorrow', { title: 'مرحبا', due: '2026-03-08', parts: ['date:tomorrow'] }],
];

const TOKYO_ROWS: Row[] = [
  ['Call today', { title: 'Call', due: '2026-01-31', parts: ['date:today'] }],
  ['Call tomorrow', { title: 'Call', due: '2026-02-01', parts: ['date:tomorrow'] }],
  ['Call 9am', { title: 'Call', due: '2026-01-31 09:00', parts: ['date:9am'] }],
  ['Call at 8', { title: 'Call', due: '2026-02-01 08:00', parts: ['date:at 8'] }],
  ['Call tonight', { title: 'Call', due: '2026-01-31', parts: ['date:tonight'] }],
  ['Call next week', { title: 'Call', due: '2026-02-02', parts: ['date:next week'] }],
  ['Call in 2 days', { title: 'Call', due: '2026-02-02', parts: ['date:in 2 days'] }],
  ['Call Feb 1', { title: 'Call', due: '2026-02-01', parts: ['date:Feb 1'] }],
  ['Call 2/29', { title: 'Call 2/29' }],
  ['Call Feb 30', { title: 'Call Feb 30' }],
  ['Call every month', { title: 'Call', due: '2026-01-31', rrule: 'FREQ=MONTHLY', parts: ['recurrence:every month'] }],
  [
    'Call every month on the 31st',
    {
      title: 'Call',
      due: '2026-01-31',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=31',
      parts: ['recurrence:every month on the 31st'],
    },
  ],
  [
    'Call every day at 8am',
    { title: 'Call', due: '2026-02-01 08:00', rrule: 'FREQ=DAILY', parts: ['recurrence:every day at 8am'] },
  ],
  [
    'Call every day at 9am',
    { title: 'Call', due: '2026-01-31 09:00', rrule: 'FREQ=DAILY', parts: ['recurrence:every day at 9am'] },
  ],
  [
    'Call every last day',
    { title: 'Call', due: '2026-01-31', rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1', parts: ['recurrence:every last day'] },
  ],
  [
    'Call every 31st',
    { title: 'Call', due: '2026-01-31', rrule: 'FREQ=MONTHLY;BYMONTHDAY=31', parts: ['recurrence:every 31st'] },
  ],
  [
    'Call every Saturday',
    { title: 'Call', due: '2026-01-31', rrule: 'FREQ=WEEKLY;BYDAY=SA', parts: ['recurrence:every Saturday'] },
  ],
  [
    'Call every Saturday 8am',
    { title: 'Call', due: '2026-02-07 08:00', rrule: 'FREQ=WEEKLY;BYDAY=SA', parts: ['recurrence:every Saturday 8am'] },
  ],
  [
    'Call every first Sunday',
    { title: 'Call', due: '2026-02-01', rrule: 'FREQ=MONTHLY;BYDAY=1SU', parts: ['recurrence:every first Sunday'] },
  ],
  [
    'Pay every year on Jan 31',
    {
      title: 'Pay',
      due: '2026-01-31',
      rrule: 'FREQ=YEARLY;BYMONTHDAY=31;BYMONTH=1',
      parts: ['recurrence:every year on Jan 31'],
    },
  ],
  ['Call in 1 hour', { title: 'Call', due: '2026-01-31 09:30', parts: ['date:in 1 hour'] }],
  ['Call 9am PST', { title: 'Call', due: '2026-02-01 02:00', parts: ['date:9am PST'] }],
  ['end of month report', { title: 'report', due: '2026-01-31', parts: ['date:end of month'] }],
];

const SPRING_FORWARD_ROWS: Row[] = [
  ['Call today', { title: 'Call', due: '2026-03-08', parts: ['date:today'] }],
  ['Call tomorrow', { title: 'Call', due: '2026-03-09', parts: ['date:tomorrow'] }],
  ['Call in 3 hours', { title: 'Call', due: '2026-03-08 04:30', parts: ['date:in 3 hours'] }],
  ['Call in 90 minutes', { title: 'Call', due: '2026-03-08 03:00', parts: ['date:in 90 minutes'] }],
  ['Call now', { title: 'Call', due: '2026-03-08 00:30', parts: ['date:now'] }],
  ['Call at 1am', { title: 'Call', due: '2026-03-08 01:00', parts: ['date:at 1am'] }],
  ['Call at 2:30am', { title: 'Call', due: '2026-03-08 02:30', parts: ['date:at 2:30am'] }],
  ['Call at 3am', { title: 'Call', due: '2026-03-08 03:00', parts: ['date:at 3am'] }],
  [
    'Call every day at 1am',
    { title: 'Call', due: '2026-03-08 01:00', rrule: 'FREQ=DAILY', parts: ['recurrence:every day at 1am'] },
  ],
  [
    'Call every day at 9am',
    { title: 'Call', due: '2026-03-08 09:00', rrule: 'FREQ=DAILY', parts: ['recurrence:every day at 9am'] },
  ],
  [
    'Call every Sunday',
    { title: 'Call', due: '2026-03-08', rrule: 'FREQ=WEEKLY;BYDAY=SU', parts: ['recurrence:every Sunday'] },
  ],
  ['Call yesterday', { title: 'Call', due: '2026-03-07', parts: ['date:yesterday'] }],
];

const FALL_BACK_ROWS: Row[] = [
  ['Call in 2 hours', { title: 'Call', due: '2026-11-01 02:30', parts: ['date:in 2 hours'] }],
  ['Call today', { title: 'Call', due: '2026-11-01', parts: ['date:today'] }],
  ['Call at 1:30am', { title: 'Call', due: '2026-11-01 01:30', parts: ['date:at 1:30am'] }],
  ['Call at 1am', { title: 'Call', due: '2026-11-02 01:00', parts: ['date:at 1am'] }],
];

const TABLES: Array<[string, QuickAddOptions, Row[]]> = [
  ['New York, Saturday 10:00 EST', NEW_YORK, NEW_YORK_ROWS],
  ['Tokyo, Saturday 31 January 08:30', TOKYO, TOKYO_ROWS],
  ['New York, the night the clocks go forward', NEW_YORK_SPRING_FORWARD, SPRING_FORWARD_ROWS],
  ['New York, the night the clocks go back', NEW_YORK_FALL_BACK, FALL_BACK_ROWS],
];

describe('parseQuickAdd: the table', () => {
  for (const [name, options, rows] of TABLES) {
    describe(name, () => {
      it.each(rows)('%j', (input, expected) => {
        expect(parseQuickAdd(input, options)).toEqual(full(input, expected));
      });
    });
  }

  it('has at least 150 lines', () => {
    expect(TABLES.reduce((n, [, , rows]) => n + rows.length, 0)).toBeGreaterThanOrEqual(150);
  });
});

/** The local date of `now` in `zone`, YYYY-MM-DD. */
const localDate = (now: Date, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);
const localTime = (now: Date, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    now,
  );
/** A calendar date as midnight UTC: rrule's floating days. */
const floating = (date: string) => new Date(`${date}T00:00:00Z`);
const dateOf = (d: Date | null) => d?.toISOString().slice(0, 10) ?? null;

describe('parseQuickAdd: recurrences agree with rrule and todo-recurrence.ts', () => {
  const rows = TABLES.flatMap(([, options, table]) =>
    table.filter(([, e]) => e.rrule).map(([input, e]) => [input, e, options] as const),
  );

  it.each(rows)('%j', (_input, expected, options) => {
    // The server checks a rule with todo-recurrence.ts: ours pass, already in its canonical spelling.
    expect(checkRecurrence(expected.rrule!, options.now)).toEqual({ ok: true, rule: expected.rrule });
    const rule = RRule.parseString(expected.rrule!);
    const due = expected.due!.slice(0, 10);
    const time = expected.due!.slice(11) || null;
    // The due is an occurrence: with it as DTSTART, the rule's first occurrence is the due itself.
    expect(dateOf(new RRule({ ...rule, dtstart: floating(due) }).after(floating(due), true))).toBe(due);
    // Without an interval or a start date of its own, the due is the rule's first occurrence from
    // today (or after today when today's occurrence is at a time already past).
    if (rule.interval || expected.parts?.some((p) => p.startsWith('date:'))) return;
    const today = localDate(options.now, options.timeZone);
    const fromToday = new RRule({ ...rule, dtstart: floating(today) });
    let first = dateOf(fromToday.after(floating(today), true));
    if (first === today && time !== null && time < localTime(options.now, options.timeZone)) {
      first = dateOf(fromToday.after(floating(today), false));
    }
    expect(due).toBe(first);
  });
});

describe('parseQuickAdd: options and limits', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a dismissed part as title text and does not read it (the chip the user closed)', () => {
    const input = 'Plan March budget';
    expect(parseQuickAdd(input, NEW_YORK).due).toEqual({ date: '2027-03-01', time: null });
    const ignore = [{ start: 5, end: 10 }];
    expect(parseQuickAdd(input, { ...NEW_YORK, ignore })).toEqual(full(input, { title: 'Plan March budget' }));

    const nav = 'Buy a sat nav tomorrow';
    expect(parseQuickAdd(nav, { ...NEW_YORK, ignore: [{ start: 6, end: 9 }] })).toEqual(
      full(nav, { title: 'Buy a sat nav', due: '2026-03-08', parts: ['date:tomorrow'] }),
    );

    const swim = 'Swim every Monday #Home';
    expect(
      parseQuickAdd(swim, {
        ...NEW_YORK,
        ignore: [
          { start: 5, end: 17 },
          { start: 18, end: 23 },
        ],
      }),
    ).toEqual(full(swim, { title: 'Swim every Monday #Home' }));
  });

  it('does not take a quoted list name with a dismissed range inside it', () => {
    const input = 'Plan #"Work stuff"';
    expect(parseQuickAdd(input, { ...NEW_YORK, ignore: [{ start: 8, end: 9 }] })).toEqual(
      full(input, { title: 'Plan #Work stuff' }),
    );
  });

  it('clamps ignored ranges that are outside the line, reversed or fractional', () => {
    const input = 'Call mom tomorrow';
    const ignore = [
      { start: -5, end: 2 },
      { start: 12, end: 3 },
      { start: 40, end: 80 },
      { start: 9.7, end: 10.2 },
      { start: Number.NaN, end: 1 },
    ];
    expect(parseQuickAdd(input, { ...NEW_YORK, ignore })).toEqual(full(input, { title: 'Call mom tomorrow' }));
  });

  it('starts "next week" and counts every other week from the user\'s first day of the week', () => {
    const sunday: QuickAddOptions = { ...NEW_YORK, weekStart: 0 };
    expect(parseQuickAdd('Meeting next week', sunday).due).toEqual({ date: '2026-03-08', time: null });
    expect(parseQuickAdd('Meeting next week', { ...NEW_YORK, weekStart: 1 }).due).toEqual({
      date: '2026-03-09',
      time: null,
    });
    expect(parseQuickAdd('Sync every other mon and fri', sunday).recurrence).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;WKST=SU',
    );
    expect(parseQuickAdd('Sync every other mon and fri', NEW_YORK).recurrence).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR',
    );
    // One weekday: which day starts the week changes nothing, so the rule stays in one spelling.
    expect(parseQuickAdd('Sync every other Monday', sunday).recurrence).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO');
  });

  it('allows the intervals todo-recurrence.ts allows', () => {
    expect(INTERVAL_MAX).toBe(RECURRENCE_INTERVAL_MAX);
  });

  it('throws a RangeError for a zone the runtime does not know', () => {
    expect(() => parseQuickAdd('Call mom tomorrow', { ...NEW_YORK, timeZone: 'Mars/Olympus_Mons' })).toThrow(
      RangeError,
    );
  });

  it('never reads the clock: only `now` counts', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2031-07-15T12:00:00Z'));
    for (const [input, expected] of NEW_YORK_ROWS) {
      expect(parseQuickAdd(input, NEW_YORK)).toEqual(full(input, expected));
    }
  });
});

describe("parseQuickAdd: the runtime's own zone changes nothing", () => {
  const saved = process.env.TZ;
  afterEach(() => {
    // Node picks up TZ again when it is assigned or deleted.
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  // A browser's zone is usually the user's, and a server's may be any. Lord Howe moves by 30 min.
  it.each(['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata'])(
    'TZ=%s',
    (zone) => {
      process.env.TZ = zone;
      expect(new Date('2026-07-01T00:00:00Z').getTimezoneOffset()).not.toBe(0);
      for (const [, options, rows] of TABLES) {
        for (const [input, expected] of rows) expect(parseQuickAdd(input, options)).toEqual(full(input, expected));
      }
    },
  );
});

describe('parseQuickAdd: properties', () => {
  // Pieces of the grammar, near-misses and other scripts, joined by spaces or nothing, so the
  // generated lines meet the recognisers far more often than random text would.
  const WORDS = [
    'tomorrow',
    'today',
    'tonight',
    'now',
    'every',
    'other',
    'day',
    'week',
    'month',
    'year',
    'hours',
    'weekday',
    'Monday',
    'mon',
    'sat',
    'Friday,',
    'next',
    'last',
    'this',
    'in',
    '3',
    '2',
    'days',
    'at',
    '9am',
    '5pm',
    '9:30',
    'noon',
    'Jan',
    '27',
    '1/27',
    '2/29',
    '1st',
    '15th',
    'starting',
    'until',
    'by',
    'due',
    'and',
    'on',
    'the',
    '#Home',
    '#"Work stuff"',
    '#',
    '@bills',
    '@',
    'p1',
    'p4',
    'p5',
    'P2',
    'bob@example.com',
    '"',
    '"quoted words"',
    'May',
    'March',
    "Monday's",
    '🎉',
    '東京',
    'café',
    'İstanbul',
    ',',
    '.',
    '|',
    '\t',
    'ß',
  ];
  const line = fc.oneof(
    fc
      .array(
        fc.tuple(
          fc.constantFrom(' ', ' ', ' ', '', '  '),
          fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 4 })),
        ),
        {
          maxLength: 14,
        },
      )
      .map((pieces) => pieces.map(([gap, word]) => gap + word).join('')),
    fc.string({ unit: 'binary', maxLength: 60 }),
  );
  const options = fc.record({
    now: fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
    timeZone: fc.constantFrom(
      'America/New_York',
      'Asia/Tokyo',
      'UTC',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Asia/Kolkata',
    ),
    weekStart: fc.constantFrom<0 | 1>(0, 1),
  });
  const ranges = fc.array(
    fc.record({ start: fc.integer({ min: -3, max: 70 }), end: fc.integer({ min: -3, max: 70 }) }),
    {
      maxLength: 3,
    },
  );

  /** What the title keeps of a text: everything but spaces, double quotes and the commas it may drop at its ends. */
  const letters = (text: string) => text.replace(/[\s",;:]/gu, '');

  it('never throws, and gives well-formed parts that match the fields', () => {
    fc.assert(
      fc.property(line, options, ranges, (input, o, ignore) => {
        const r = parseQuickAdd(input, { ...o, ignore });
        let end = 0;
        for (const p of r.parts) {
          expect(p.start).toBeGreaterThanOrEqual(end);
          expect(p.end).toBeGreaterThan(p.start);
          expect(p.text).toBe(input.slice(p.start, p.end));
          end = p.end;
        }
        const kinds = r.parts.map((p) => p.kind);
        expect(r.list !== null).toBe(kinds.includes('list'));
        expect(r.labels.length > 0).toBe(kinds.includes('label'));
        expect(r.priority !== null).toBe(kinds.includes('priority'));
        expect(r.recurrence !== null).toBe(kinds.includes('recurrence'));
        expect(r.due !== null).toBe(kinds.includes('date') || kinds.includes('recurrence'));
        if (r.due) {
          expect(r.due.date).toMatch(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
          if (r.due.time !== null) expect(r.due.time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        }
        expect(r.title).toBe(r.title.trim());
        expect(r.title).not.toMatch(/\s{2}/u);
      }),
    );
  });

  it('keeps every other character of the line in the title, in order: title and parts rebuild the line', () => {
    fc.assert(
      fc.property(line, options, ranges, (input, o, ignore) => {
        const r = parseQuickAdd(input, { ...o, ignore });
        let outside = '';
        let at = 0;
        for (const p of r.parts) {
          outside += `${input.slice(at, p.start)} `;
          at = p.end;
        }
        outside += input.slice(at);
        expect(letters(r.title)).toBe(letters(outside));
      }),
    );
  });

  it('never reads an ignored range', () => {
    fc.assert(
      fc.property(line, options, ranges, (input, o, ignore) => {
        const r = parseQuickAdd(input, { ...o, ignore });
        for (const range of ignore) {
          const start = Math.max(0, range.start);
          const end = Math.min(input.length, range.end);
          // An empty range covers nothing, so a part may run across it.
          if (end <= start) continue;
          for (const p of r.parts) expect(p.end <= start || p.start >= end).toBe(true);
        }
      }),
    );
  });

  it('puts a recurring due on or after today in the zone, and gives one answer for one line', () => {
    fc.assert(
      fc.property(line, options, (input, o) => {
        const r = parseQuickAdd(input, o);
        if (r.recurrence !== null) expect(r.due!.date >= localDate(o.now, o.timeZone)).toBe(true);
        expect(parseQuickAdd(input, o)).toEqual(r);
      }),
    );
  });

  it('finds a recurrence and its due wherever in a line of other words it is written', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          'every day',
          'every other Monday',
          'every last Friday',
          'every Jan 27',
          'every 3 weeks',
          'daily',
        ),
        fc.array(fc.constantFrom('Pay', 'rent', 'the', 'bill', '🎉', 'café'), { minLength: 1, maxLength: 5 }),
        fc.nat(),
        options,
        (phrase, words, at, o) => {
          const place = at % (words.length + 1);
          const input = [...words.slice(0, place), phrase, ...words.slice(place)].join(' ');
          const r = parseQuickAdd(input, o);
          expect(r.title).toBe(words.join(' '));
          expect(r.parts).toEqual([
            {
              kind: 'recurrence',
              start: input.indexOf(phrase),
              end: input.indexOf(phrase) + phrase.length,
              text: phrase,
            },
          ]);
          expect(r.due).toEqual(parseQuickAdd(`x ${phrase}`, o).due);
        },
      ),
    );
  });
});
