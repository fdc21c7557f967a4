import ICAL from 'ical.js';

/** One open task with a due date as the feed shows it. */
export interface FeedTask {
  id: number;
  title: string;
  description: string;
  due_date: string;
  due_time: string | null;
  /** The due moment in UTC (ISO), for a task with a time. */
  due_at: string | null;
  priority: number;
  labels: string[];
  /** The list's name, or null for the Inbox. */
  list: string | null;
  recurrence: string | null;
  updated_at: string;
}

/** Todoist's p1–p3 on RFC 5545's three-level scale (1 high, 5 medium, 9 low); p4 (none) has no PRIORITY. */
const PRIORITY: Record<number, number> = { 1: 1, 2: 5, 3: 9 };

const utc = (iso: string) => ICAL.Time.fromJSDate(new Date(iso), true);

/**
 * The feed as iCalendar text (RFC 5545): one VTODO per task, built with ical.js (which folds long
 * lines and escapes text). A timed due is written in UTC (`…Z`) rather than with a TZID: every
 * calendar client reads UTC, while a TZID needs a VTIMEZONE with the zone's rules, which ical.js
 * cannot make from the runtime's zone data, and clients that meet an unknown TZID without one
 * (Outlook among them) fall back to floating time. The feed is rebuilt on every fetch, so the due
 * moment is always the current occurrence's, computed in the task's own zone (due_at). A date-only
 * due is a DATE, the same day everywhere. DTSTAMP and LAST-MODIFIED are the task's last change, so
 * an unchanged feed is byte for byte the same (its ETag too).
 */
export function feedCalendar(tasks: readonly FeedTask[], host: string): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', '-//To-do//Calendar feed//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  calendar.updatePropertyWithValue('x-wr-calname', 'To-do');
  for (const task of tasks) {
    const todo = new ICAL.Component('vtodo');
    todo.addPropertyWithValue('uid', `todo-${task.id}@${host}`);
    todo.addPropertyWithValue('dtstamp', utc(task.updated_at));
    todo.addPropertyWithValue('last-modified', utc(task.updated_at));
    todo.addPropertyWithValue('summary', task.title);
    if (task.description !== '') todo.addPropertyWithValue('description', task.description);
    if (task.due_time !== null && task.due_at !== null) {
      todo.addPropertyWithValue('due', utc(task.due_at));
    } else {
      const [year, month, day] = task.due_date.split('-').map(Number) as [number, number, number];
      todo.addPropertyWithValue('due', ICAL.Time.fromData({ year, month, day, isDate: true }));
    }
    const priority = PRIORITY[task.priority];
    if (priority !== undefined) todo.addPropertyWithValue('priority', priority);
    const categories = [...task.labels, task.list ?? 'Inbox'];
    const property = new ICAL.Property('categories');
    property.setValues(categories);
    todo.addProperty(property);
    // The rule's occurrences start at DUE (there is no DTSTART), as task clients read a VTODO.
    if (task.recurrence !== null) todo.addPropertyWithValue('rrule', ICAL.Recur.fromString(task.recurrence));
    todo.addPropertyWithValue('status', 'NEEDS-ACTION');
    calendar.addSubcomponent(todo);
  }
  return calendar.toString();
}
