import { notifications } from '@mantine/notifications';
import type { CreateTodoTaskRequest, TodoTask, TodoTasksQuery, TodoTasksResponse } from '@site/contract';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type CreateTaskVars, changes, type MoveTaskVars, newTempId, withTempId } from '../offline/todo-changes';
import { useTodoChange } from '../offline/use-todo-change';
import { sameView, type TodoViewRef } from '../todo-views';
import { rewriteCounts, SIDE_BAR_KEYS, sideBarSnapshot } from './side-bar-counts';
import { taskApi } from './todo-api';
import { todoListQueries } from './use-todo-lists';

/** The browser's zone: "today" and "upcoming" are the user's days, not the server's. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The query of GET /api/todo/tasks that shows `view` (the default view has its own call). */
export function tasksQueryOf(view: TodoViewRef, timeZone = browserTimeZone()): TodoTasksQuery | null {
  switch (view.view) {
    case 'all':
      return null;
    case 'today':
    case 'upcoming':
      return { view: view.view, tz: timeZone };
    case 'list':
      return { view: 'list', list_id: view.listId };
    case 'label':
      return { view: 'label', label: view.label };
    case 'search':
      return { view: 'search', q: view.q };
    default:
      return { view: view.view };
  }
}

/** Under ['todo'], so what invalidates the seed's list refreshes every view too. */
const TASKS_KEY = ['todo', 'tasks'] as const;
type TasksData = InfiniteData<TodoTasksResponse, string | null>;

export const taskQueries = {
  all: () => TASKS_KEY,
  view: (view: TodoViewRef) =>
    infiniteQueryOptions({
      queryKey: [...TASKS_KEY, view] as const,
      queryFn: ({ pageParam, signal }) => {
        const query = tasksQueryOf(view);
        if (!query) throw new Error('The default view has no tasks query');
        return taskApi.tasks(pageParam ? { ...query, cursor: pageParam } : query, signal);
      },
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next_cursor,
    }),
};

/** The tasks of a view, page by page (`fetchNextPage` for "Load more"). */
export function useTasks(view: TodoViewRef) {
  return useInfiniteQuery({ ...taskQueries.view(view), enabled: view.view !== 'all' });
}

/** The lists a task can go to (for `#List` in quick add and the move picker). */
export const useTaskLists = () => useQuery(todoListQueries.lists());

/** The tasks of a cached view, in order, all pages. */
export const tasksOf = (data: { pages: TodoTasksResponse[] } | undefined) =>
  data?.pages.flatMap((page) => page.tasks) ?? [];

type Snapshot = Array<[readonly unknown[], unknown]>;

/** Every cached view's answer and the side bar's counts, to put back when a change fails. */
function snapshot(client: QueryClient): Snapshot {
  return [...client.getQueriesData({ queryKey: TASKS_KEY }), ...sideBarSnapshot(client)];
}

function restore(client: QueryClient, saved: Snapshot | undefined) {
  for (const [key, data] of saved ?? []) client.setQueryData(key, data);
}

/**
 * Rewrites every cached view at once: `change` answers the task as the view should now show it,
 * or null to take it out of that view. `open_count` follows the open tasks taken out or put back.
 */
export function rewriteViews(
  client: QueryClient,
  change: (task: TodoTask, view: TodoViewRef) => TodoTask | null,
  add?: (view: TodoViewRef, tasks: TodoTask[]) => TodoTask[],
) {
  for (const [key, data] of client.getQueriesData<TasksData>({ queryKey: TASKS_KEY })) {
    if (!data?.pages) continue;
    const view = key[2] as TodoViewRef;
    let openDelta = 0;
    const pages = data.pages.map((page, index) => {
      let tasks: TodoTask[] = [];
      for (const task of page.tasks) {
        const next = change(task, view);
        if (next) tasks.push(next);
        openDelta += (next && !next.completed ? 1 : 0) - (task.completed ? 0 : 1);
      }
      if (add && index === 0) {
        const before = tasks.length;
        tasks = add(view, tasks);
        openDelta +=
          tasks.filter((t) => !t.completed).length - tasks.slice(0, before).filter((t) => !t.completed).length;
      }
      return { ...page, tasks };
    });
    const [first, ...rest] = pages;
    if (!first) continue;
    client.setQueryData<TasksData>(key, {
      ...data,
      pages: [{ ...first, open_count: Math.max(0, first.open_count + openDelta) }, ...rest],
    });
  }
}

/** Whether a view that lists open tasks in a list's order shows the tasks of list `listId` (null: Inbox). */
const showsList = (view: TodoViewRef, listId: number | null) =>
  (view.view === 'inbox' && listId === null) || (view.view === 'list' && view.listId === listId);

/**
 * A change made at once in every view, put back with a readable notification when the server
 * refuses it, and checked against the server once it answers (docs/architecture.md#the-web-app-appswebsrc);
 * offline it waits in the to-do queue (offline/todo-changes.ts, docs/product.md#offline).
 */
function useOptimistic<TVars, TResult>(
  change: { key: readonly unknown[]; fn: (vars: TVars) => Promise<TResult> },
  apply: (client: QueryClient, input: TVars) => void,
  failure: string,
  extra: {
    onSuccess?: (client: QueryClient, result: TResult, input: TVars) => void;
    prepare?: (vars: TVars, waits: boolean) => TVars;
  } = {},
) {
  return useTodoChange<TVars, TResult, { saved: Snapshot }>({
    change,
    failure,
    onMutate: async (client, input) => {
      await Promise.all(
        [TASKS_KEY, ...SIDE_BAR_KEYS].map((queryKey) =>
          client.cancelQueries({ queryKey, exact: queryKey !== TASKS_KEY }),
        ),
      );
      const saved = snapshot(client);
      apply(client, input);
      return { saved };
    },
    rollback: (client, context) => restore(client, context?.saved),
    ...extra,
  });
}

export type CreateTaskInput = CreateTaskVars;

/** A task as the server will answer it, shown until it does (its id is negative: not saved yet). */
function provisional(body: CreateTodoTaskRequest, id: number): TodoTask {
  const now = new Date().toISOString();
  return {
    id,
    title: body.title ?? body.quick ?? '',
    description: body.description ?? '',
    completed: false,
    user: 0,
    created_at: now,
    updated_at: now,
    list_id: body.list_id == null ? null : Number(body.list_id),
    due: body.due ? { date: body.due.date, time: body.due.time ?? null, zone: body.due.zone } : null,
    priority: body.priority ?? 4,
    labels: body.labels ?? [],
    checklist: [],
    recurrence: body.recurrence ? { rule: body.recurrence.rule, basis: body.recurrence.basis ?? 'due' } : null,
    position: body.at === 'top' ? '' : '\uffff',
    completed_at: null,
    created_by: null,
  };
}

export function useCreateTask() {
  return useOptimistic(
    changes.createTask,
    (client, { body, view, temp_id }) => {
      const shown = provisional(body, temp_id ?? newTempId());
      rewriteCounts(client, null, shown);
      rewriteViews(
        client,
        (task) => task,
        (v, tasks) => (!sameView(v, view) ? tasks : body.at === 'top' ? [shown, ...tasks] : [...tasks, shown]),
      );
    },
    'Could not add the task',
    // Its temporary id names it until the server's answer takes its row's place (offline/todo-changes.ts).
    { prepare: withTempId },
  );
}

export function useUpdateTask() {
  return useOptimistic(
    changes.updateTask,
    (client, { task, changes }) => {
      if (changes.labels !== undefined) rewriteCounts(client, task, { ...task, labels: changes.labels });
      rewriteViews(client, (t) =>
        t.id !== task.id
          ? t
          : {
              ...t,
              ...(changes.title !== undefined && { title: changes.title }),
              ...(changes.description !== undefined && { description: changes.description }),
              ...(changes.priority !== undefined && { priority: changes.priority }),
              ...(changes.labels !== undefined && { labels: changes.labels }),
              ...(changes.due !== undefined && {
                due: changes.due && { date: changes.due.date, time: changes.due.time ?? null, zone: changes.due.zone },
              }),
            },
      );
    },
    'Could not save the task',
    {
      onSuccess: (client, saved) => rewriteViews(client, (t) => (t.id === saved.id ? saved : t)),
      // An edit that waits says when it was made: a field changed later elsewhere keeps that change.
      prepare: (vars, waits) => (waits ? { ...vars, edited_at: new Date().toISOString() } : vars),
    },
  );
}

export function useCompleteTask() {
  return useOptimistic(
    changes.completeTask,
    (client, { task, completed }) => {
      // A repeating task stays open (with its next due date): it keeps its place in the counts.
      if (!(completed && task.recurrence)) rewriteCounts(client, task, { ...task, completed });
      rewriteViews(client, (t, view) => {
        if (t.id !== task.id) return t;
        // A repeating task stays open with its next due date: the server's answer tells which.
        if (completed && task.recurrence) return t;
        const shown = { ...t, completed, completed_at: completed ? new Date().toISOString() : null };
        return (view.view === 'completed') === completed ? shown : null;
      });
    },
    'Could not complete the task',
  );
}

export function useRemoveTask() {
  return useOptimistic(
    changes.removeTask,
    (client, task) => {
      rewriteCounts(client, task, null);
      rewriteViews(client, (t) => (t.id === task.id ? null : t));
    },
    'Could not delete the task',
  );
}

export type MoveTaskInput = MoveTaskVars;

/** Where `task` lands among `tasks` (without it) given its new neighbours; no neighbour: the end. */
export function placeAmong(tasks: TodoTask[], task: TodoTask, { before_id, after_id }: MoveTaskInput): TodoTask[] {
  const rest = tasks.filter((t) => t.id !== task.id);
  const before = before_id == null ? -1 : rest.findIndex((t) => t.id === before_id);
  const after = after_id == null ? -1 : rest.findIndex((t) => t.id === after_id);
  const at = before !== -1 ? before : after !== -1 ? after + 1 : rest.length;
  return [...rest.slice(0, at), task, ...rest.slice(at)];
}

export function useMoveTask() {
  return useOptimistic(
    changes.moveTask,
    (client, input) => {
      const moved = { ...input.task, list_id: input.list_id };
      rewriteCounts(client, input.task, moved);
      rewriteViews(
        client,
        (t, view) => {
          if (t.id !== input.task.id) return t;
          if (view.view === 'inbox' || view.view === 'list') return null;
          return moved;
        },
        (view, tasks) => (showsList(view, input.list_id) ? placeAmong(tasks, moved, input) : tasks),
      );
    },
    'Could not move the task',
  );
}

/** TodoMVC's "Clear completed": deletes them on the server, then every to-do view asks again. */
export function useClearCompleted() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (listId?: number | null) => taskApi.clearCompleted(listId),
    onSuccess: ({ count }) =>
      notifications.show({ message: `Cleared ${count} completed ${count === 1 ? 'task' : 'tasks'}.` }),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Could not clear completed tasks', message: error.message }),
    onSettled: () => client.invalidateQueries({ queryKey: ['todo'] }),
  });
}
