import type { TodoTask } from '@site/contract';
import type { QueryClient } from '@tanstack/react-query';
import { todoLabelQueries } from './use-todo-labels';
import { todoListQueries } from './use-todo-lists';

/*
 * The side bar's open counts (the Inbox's and each list's in the lists' answer, each label's in
 * the labels' answer) follow a change to a task the moment it is made, as its rows do, also
 * offline while the change waits (docs/product.md#offline); a change the server refuses puts
 * them back with the rows, and the answers are asked for again once the queue is through.
 */

/** The keys of the side bar's answers: the lists with the Inbox's open count, and the labels with theirs. */
export const SIDE_BAR_KEYS = [todoListQueries.lists().queryKey, todoLabelQueries.labels().queryKey] as const;

/** The side bar's answers as they are, to put back (with `client.setQueryData`) when a change fails. */
export const sideBarSnapshot = (client: QueryClient): Array<[readonly unknown[], unknown]> =>
  SIDE_BAR_KEYS.map((key) => [key, client.getQueryData(key)]);

/** What of a task the side bar counts: an open task counts in its list (or the Inbox) and under each label. */
export type CountedTask = Pick<TodoTask, 'completed'> & Partial<Pick<TodoTask, 'list_id' | 'labels'>>;

/** A label whatever its case, as the server keys it (labelKey in the server's todo-core.repository.ts). */
const labelKeyOf = (name: string) => name.normalize('NFC').toLowerCase();

/**
 * Moves the side bar's open counts from how a task was (`before`, null when it is new) to how it
 * is now (`after`, null when it is gone): an added task counts in its list and labels at once, a
 * completed or deleted one leaves them, a moved one changes list. A label not in the cached list
 * yet (made by this change) is counted when the server answers.
 */
export function rewriteCounts(client: QueryClient, before: CountedTask | null, after: CountedTask | null) {
  const lists = new Map<number | null, number>();
  const labels = new Map<string, number>();
  const count = (task: CountedTask | null, delta: number) => {
    if (!task || task.completed) return;
    const list = task.list_id ?? null;
    lists.set(list, (lists.get(list) ?? 0) + delta);
    for (const key of new Set((task.labels ?? []).map(labelKeyOf))) labels.set(key, (labels.get(key) ?? 0) + delta);
  };
  count(before, -1);
  count(after, 1);
  const moved = (delta: number | undefined, openCount: number) => Math.max(0, openCount + (delta ?? 0));
  if ([...lists.values()].some((delta) => delta !== 0))
    client.setQueryData(
      todoListQueries.lists().queryKey,
      (data) =>
        data && {
          inbox: { open_count: moved(lists.get(null), data.inbox.open_count) },
          lists: data.lists.map((list) => ({ ...list, open_count: moved(lists.get(list.id), list.open_count) })),
        },
    );
  if ([...labels.values()].some((delta) => delta !== 0))
    client.setQueryData(
      todoLabelQueries.labels().queryKey,
      (data) =>
        data && {
          labels: data.labels.map((label) => ({
            ...label,
            open_count: moved(labels.get(labelKeyOf(label.name)), label.open_count),
          })),
        },
    );
}
