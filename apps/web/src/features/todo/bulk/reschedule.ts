import type { BulkTodoTasksRequest, TodoTask } from '@site/contract';
import { addDays, dayIn } from '../due-format';

/**
 * The quick choices of Reschedule, as days in `timeZone` at `now`: today, tomorrow, and next week
 * as Todoist means it (the coming Monday; a week on from a Monday).
 */
export function rescheduleDays(now: Date, timeZone: string) {
  const today = dayIn(timeZone, now);
  // getUTCDay of a date read as UTC midnight is its weekday: Sunday 0; Monday is 0 after shifting by 6.
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return { today, tomorrow: addDays(today, 1), nextWeek: addDays(today, 7 - weekday) };
}

type Ids = [number, ...number[]];
const some = (list: number[]): list is Ids => list.length > 0;
const idsOf = (list: readonly TodoTask[]) => list.map((task) => task.id);

/** `tasks` in groups of the same `key`, in the order each key first comes. */
function groupBy<K>(tasks: readonly TodoTask[], key: (task: TodoTask) => K) {
  const groups = new Map<string, { key: K; ids: Ids }>();
  for (const task of tasks) {
    const value = key(task);
    const name = JSON.stringify(value);
    const group = groups.get(name);
    if (group) group.ids.push(task.id);
    else groups.set(name, { key: value, ids: [task.id] });
  }
  return [...groups.values()];
}

/** Each task's due date back as it was, one call per date. */
const dueDatesBack = (tasks: readonly TodoTask[]): BulkTodoTasksRequest[] =>
  groupBy(tasks, (task) => task.due).map((group) => ({
    action: 'reschedule',
    ids: group.ids,
    due: group.key && { date: group.key.date, time: group.key.time, zone: group.key.zone },
  }));

/**
 * The bulk calls that put `tasks` back as they were before `request` changed them, or null when
 * it cannot be undone (a deletion). Tasks that `request` left as they were are left out, so an
 * undo never takes away what was there before (a label a task already had).
 */
export function undoRequests(request: BulkTodoTasksRequest, tasks: readonly TodoTask[]): BulkTodoTasksRequest[] | null {
  switch (request.action) {
    case 'complete': {
      // Completing a repeating task moves it to its next date and leaves it open (docs/api.md):
      // its undo is its old date back, the others' is reopening.
      const open = tasks.filter((task) => !task.completed);
      const once = idsOf(open.filter((task) => !task.recurrence));
      return [
        ...(some(once) ? [{ action: 'uncomplete' as const, ids: once }] : []),
        ...dueDatesBack(open.filter((task) => task.recurrence && task.due)),
      ];
    }
    case 'uncomplete': {
      const done = idsOf(tasks.filter((task) => task.completed));
      return some(done) ? [{ action: 'complete', ids: done }] : [];
    }
    case 'move':
      return groupBy(tasks, (task) => task.list_id)
        .filter((group) => group.key !== request.list_id)
        .map((group) => ({ action: 'move', ids: group.ids, list_id: group.key }));
    case 'label': {
      const name = request.label.trim().toLowerCase();
      const without = idsOf(tasks.filter((task) => !task.labels.some((label) => label.toLowerCase() === name)));
      return some(without) ? [{ action: 'unlabel', ids: without, label: request.label }] : [];
    }
    case 'reschedule':
      return dueDatesBack(tasks);
    default:
      return null;
  }
}
