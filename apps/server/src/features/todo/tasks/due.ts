import { dueInstant, type TodoDue } from '@site/contract';
import { addDays, localTime } from '../../../integrations/time-zones.js';

/**
 * The UTC instant (ISO) of a wall-clock date and time (midnight without one) in `zone`: the
 * contract's reading, so a time the clocks skip or repeat means the same here as in the browser.
 */
export const zonedInstant = (date: string, time: string | null, zone: string): string =>
  dueInstant({ date, time, zone });

/** `due_at`: when a task is due, for sorting and the date views; null without a due date. */
export const dueAt = (due: TodoDue | null): string | null =>
  due === null ? null : zonedInstant(due.date, due.time, due.zone);

/** The columns of a due date (all null for none). */
export const dueColumns = (due: TodoDue | null) => ({
  due_date: due?.date ?? null,
  due_time: due?.time ?? null,
  due_zone: due?.zone ?? null,
  due_at: dueAt(due),
});

/** Today's date in `zone`, the date `days` later, and the instants those days start at. */
export function dayWindow(
  now: number,
  zone: string,
  days: number,
): { today: string; endDate: string; start: string; end: string } {
  const today = localTime(now, zone).date;
  const endDate = addDays(today, days);
  return { today, endDate, start: zonedInstant(today, null, zone), end: zonedInstant(endDate, null, zone) };
}
