import type { ListTodosResponse, Todo } from '@site/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type OfflineCopyMeta, withOfflineCopy } from '../../../lib/offline-copy';
import { changes, newTempId, withTempId } from '../offline/todo-changes';
import { useTodoChange } from '../offline/use-todo-change';
import { rewriteCounts, SIDE_BAR_KEYS, sideBarSnapshot } from './side-bar-counts';
import { todoApi } from './todo-api';

/** Key and function of each query of the to-do feature, for hooks, prefetches and cache updates. */
export const todoQueries = {
  /** The open and the completed items, newest first. */
  lists: () =>
    queryOptions({
      queryKey: ['todo'] as const,
      // docs/product.md#offline: offline, the last list read-only.
      queryFn: ({ signal }) => withOfflineCopy('todo', () => todoApi.list(signal)),
      meta: { offlineCopy: 'todo' } satisfies OfflineCopyMeta,
      networkMode: 'offlineFirst',
    }),
};

/** The signed-in user's lists (the page asks only once someone is signed in). */
export function useTodos() {
  return useQuery({
    ...todoQueries.lists(),
    // Keep showing the current list while it refreshes, so changes never flash a loader.
    placeholderData: keepPreviousData,
  });
}

type Lists = ListTodosResponse;

/** Puts a changed item into the cached lists at once (open or completed, newest first), then refetches. */
function placeItem(data: Lists | undefined, item: Todo): Lists | undefined {
  if (!data) return data;
  const others = (list: Todo[]) => list.filter((t) => t.id !== item.id);
  // Newest first; an item not saved yet (negative id) is the newest.
  const insert = (list: Todo[]) =>
    [...others(list), item].sort((a, b) => (b.id < 0 ? 1 : 0) - (a.id < 0 ? 1 : 0) || b.id - a.id);
  return item.completed
    ? { todos: others(data.todos), completed: insert(data.completed) }
    : { todos: insert(data.todos), completed: others(data.completed) };
}

const without = (data: Lists | undefined, id: number) =>
  data && { todos: data.todos.filter((t) => t.id !== id), completed: data.completed.filter((t) => t.id !== id) };

const itemsOf = (data: Lists | undefined) => [...(data?.todos ?? []), ...(data?.completed ?? [])];

const find = (data: Lists | undefined, id: number) => itemsOf(data).find((t) => t.id === id);

/**
 * A change to the seed's list (docs/api.md#every-call): shown at once, put back if refused, and
 * queued while offline like every to-do change (offline/todo-changes.ts, docs/product.md#offline).
 */
function useTodoMutation<TVars>(
  change: { key: readonly unknown[]; fn: (vars: TVars) => Promise<Todo | { todo_id: number }> },
  shown: (data: Lists | undefined, vars: TVars) => Lists | undefined,
  failure: string,
  prepare?: (vars: TVars) => TVars,
) {
  const key = todoQueries.lists().queryKey;
  type Saved = { saved: Lists | undefined; sideBar: ReturnType<typeof sideBarSnapshot> };
  return useTodoChange<TVars, Todo | { todo_id: number }, Saved>({
    change,
    failure,
    onMutate: async (client, vars) => {
      await Promise.all([key, ...SIDE_BAR_KEYS].map((queryKey) => client.cancelQueries({ queryKey, exact: true })));
      const saved = client.getQueryData(key);
      const sideBar = sideBarSnapshot(client);
      const next = shown(saved, vars);
      client.setQueryData(key, next);
      // The side bar's counts follow the items that were added, completed, reopened or deleted.
      const before = new Map(itemsOf(saved).map((item) => [item.id, item]));
      const after = new Map(itemsOf(next).map((item) => [item.id, item]));
      for (const id of new Set([...before.keys(), ...after.keys()])) {
        const [was, is] = [before.get(id), after.get(id)];
        if (was?.completed !== is?.completed) rewriteCounts(client, was ?? null, is ?? null);
      }
      return { saved, sideBar };
    },
    rollback: (client, context) => {
      client.setQueryData(key, context?.saved);
      for (const [sideBarKey, data] of context?.sideBar ?? []) client.setQueryData(sideBarKey, data);
    },
    onSuccess: (client, result) =>
      client.setQueryData(key, (data) => ('id' in result ? placeItem(data, result) : without(data, result.todo_id))),
    ...(prepare && { prepare }),
  });
}

export const useCreateTodo = () =>
  useTodoMutation(
    changes.createTodo,
    (data, { temp_id, ...input }) => {
      const now = new Date().toISOString();
      const item = {
        id: temp_id ?? newTempId(),
        title: input.title,
        description: input.description ?? '',
        completed: false,
        user: 0,
        created_at: now,
        updated_at: now,
        // The seed's call adds to the Inbox, undated, without a priority or labels.
        list_id: null,
        due: null,
        priority: 4,
        labels: [],
        recurrence: null,
      };
      return placeItem(data, item);
    },
    'Could not add the item',
    withTempId,
  );

export const useUpdateTodo = () =>
  useTodoMutation(
    changes.updateTodo,
    (data, { todo_id, title, description, completed }) => {
      const item = find(data, todo_id);
      if (!item) return data;
      return placeItem(data, {
        ...item,
        ...(title !== undefined && { title }),
        ...(description !== undefined && { description }),
        ...(completed !== undefined && { completed }),
      });
    },
    'Could not save the item',
  );

export const useCompleteTodo = () =>
  useTodoMutation(
    changes.completeTodo,
    (data, id) => {
      const item = find(data, id);
      return item ? placeItem(data, { ...item, completed: true }) : data;
    },
    'Could not mark the item complete',
  );

export const useDeleteTodo = () => useTodoMutation(changes.removeTodo, without, 'Could not delete the item');
