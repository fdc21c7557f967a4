import type { BulkTodoTasksRequest, TodoTask } from '@site/contract';

/** A day as YYYY-MM-DD in `timeZone` (en-CA writes dates that way). */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
};
const fromDayNumber = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The quick choices of Reschedule, as days in `timeZone` at `now`: today, tomorrow, and next week
 * as Todoist means it (the coming Monday; a week on from a Monday).
 */
export function rescheduleDays(now: Date, timeZone: string) {
  const today = dayNumber(dayIn(timeZone, now));
  // 1970-01-01 (day 0) was a Thursday: Monday is 0 when shifted by 3.
  const weekday = (today + 3) % 7;
  return {
    today: fromDayNumber(today),
    tomorrow: fromDayNumber(today + 1),
    nextWeek: fromDayNumber(today + 7 - weekday),
  };
}

type Ids = [number, ...number[]];

/**
 * The bulk calls that put `tasks` back as they were before `request` changed them, or null when
 * it cannot be undone (a deletion). Tasks that `request` left as they were are left out, so an
 * undo never takes away what was there before (a label a task already had).
 */
export function undoRequests(request: BulkTodoTasksRequest, tasks: readonly TodoTask[]): BulkTodoTasksRequest[] | null {
  const ids = (list: readonly TodoTask[]) => list.map((task) => task.id);
  const some = (list: number[]): list is Ids => list.length > 0;
  const grouped = <K>(key: (task: TodoTask) => K) => {
    const groups = new Map<string, { key: K; ids: number[] }>();
    for (const task of tasks) {
      const value = key(task);
      const name = JSON.stringify(value);
      const group = groups.get(name) ?? { key: value, ids: [] };
      group.ids.push(task.id);
      groups.set(name, group);
    }
    return [...groups.values()].filter((group): group is { key: K; ids: Ids } => some(group.ids));
  };
  switch (request.action) {
    case 'complete': {
      const open = ids(tasks.filter((task) => !task.completed));
      return some(open) ? [{ action: 'uncomplete', ids: open }] : [];
    }
    case 'uncomplete': {
      const done = ids(tasks.filter((task) => task.completed));
      return some(done) ? [{ action: 'complete', ids: done }] : [];
    }
    case 'move':
      return grouped((task) => task.list_id)
        .filter((group) => group.key !== request.list_id)
        .map((group) => ({ action: 'move', ids: group.ids, list_id: group.key }));
    case 'label': {
      const name = request.label.trim().toLowerCase();
      const without = ids(tasks.filter((task) => !task.labels.some((label) => label.toLowerCase() === name)));
      return some(without) ? [{ action: 'unlabel', ids: without, label: request.label }] : [];
    }
    case 'reschedule':
      return grouped((task) => task.due).map((group) => ({
        action: 'reschedule',
        ids: group.ids,
        due: group.key && { date: group.key.date, time: group.key.time, zone: group.key.zone },
      }));
    default:
      return null;
  }
}
