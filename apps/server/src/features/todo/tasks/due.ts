import type { TodoDue } from '@site/contract';
import { addDays, localTime, offsetMinutes } from '../../../integrations/time-zones.js';

/** The UTC instant (ISO) of a wall-clock date and time (midnight without one) in `zone`. */
export function zonedInstant(date: string, time: string | null, zone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = (time ?? '00:00').split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // The offset at the wall time read as UTC, then again at the instant it gives (DST edges).
  const offset = offsetMinutes(wall - offsetMinutes(wall, zone) * 60_000, zone);
  return new Date(wall - offset * 60_000).toISOString();
}

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
