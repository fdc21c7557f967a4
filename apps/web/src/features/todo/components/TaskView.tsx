import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TodoList, TodoTask } from '@site/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type Ref, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { taskApi } from '../api/todo-api';
import {
  tasksOf,
  useCompleteTask,
  useCreateTask,
  useMoveTask,
  useRemoveTask,
  useTasks,
  useUpdateTask,
} from '../api/use-tasks';
import { BulkBar } from '../bulk/BulkBar';
import { addDays, dayHeading } from '../due-format';
import type { TodoViewRef } from '../todo-views';
import { showUndo } from '../undo';
import { useFocusAfterRemoval } from '../use-row-focus';
import { MoveToListDialog } from './MoveToListDialog';
import { TaskDetails } from './TaskDetails';
import { TaskList } from './TaskList';

/** What the page's keyboard shortcuts do to the focused row. */
export interface RowActions {
  complete(id: number): void;
  edit(id: number): void;
  move?(id: number): void;
  /** Moves the task to a list at once (dropped on it in the side bar), as the `#` dialog's Move does. */
  moveTo?(id: number, listId: number | null): void;
}

export interface TaskViewProps {
  view: Exclude<TodoViewRef, { view: 'all' }>;
  lists: TodoList[] | undefined;
  today: string;
  readOnly: boolean;
  actions: Ref<RowActions>;
}

/** The title of a view (a list's name once the lists are known). */
export function viewTitle(view: TodoViewRef, lists: TodoList[] | undefined): string {
  switch (view.view) {
    case 'all':
      return 'Todo List';
    case 'inbox':
      return 'Inbox';
    case 'today':
      return 'Today';
    case 'upcoming':
      return 'Upcoming';
    case 'completed':
      return 'Completed';
    case 'list':
      return lists?.find((l) => l.id === view.listId)?.name ?? 'List';
    case 'label':
      return `@${view.label}`;
    case 'search':
      return `Search: “${view.q}”`;
  }
}

const EMPTY: Record<TaskViewProps['view']['view'], string> = {
  inbox: 'Your Inbox is empty. Type a task in quick add above and press Enter.',
  today: 'Nothing due today. Add a task with “today” in quick add, or enjoy the day.',
  upcoming: 'Nothing due in the next two weeks. Give a task a date (“tomorrow”, “Fri 9am”) in quick add.',
  completed: 'No completed tasks yet. Tick a task’s box to complete it.',
  list: 'This list is empty. Type a task in quick add above and press Enter.',
  label: 'No open task has this label. Add one with @label in quick add.',
  search: 'No task matches. Try other words, or clear the search.',
};

const plural = (n: number) => `${n} ${n === 1 ? 'task' : 'tasks'}`;

/** A view of tasks from GET /api/todo/tasks: heading, count, rows (sortable in the Inbox and lists). */
export function TaskView({ view, lists, today, readOnly, actions }: TaskViewProps) {
  const query = useTasks(view);
  const client = useQueryClient();
  const tasks = useMemo(() => tasksOf(query.data), [query.data]);
  const openCount = query.data?.pages[0]?.open_count;
  const create = useCreateTask();
  const update = useUpdateTask();
  const complete = useCompleteTask();
  const remove = useRemoveTask();
  const move = useMoveTask();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [moving, setMoving] = useState<TodoTask | null>(null);
  // null: not selecting; else the ids picked for a bulk action (docs/product.md#to-do).
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number> | null>(null);
  const select = (task: TodoTask, on: boolean) =>
    setSelectedIds((old) => {
      const next = new Set(old);
      if (on) next.add(task.id);
      else next.delete(task.id);
      return next;
    });
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = useMemo(() => tasks.map((t) => t.id), [tasks]);
  const rememberFocus = useFocusAfterRemoval(ids, heading);
  const listNames = useMemo(() => new Map(lists?.map((l) => [l.id, l.name])), [lists]);
  const manualOrder = view.view === 'inbox' || view.view === 'list';

  const byId = (id: number) => tasks.find((t) => t.id === id);
  const doComplete = (task: TodoTask, completed: boolean) => {
    rememberFocus(task.id);
    complete.mutate({ task, completed });
    showUndo(completed ? `Completed “${task.title}”` : `Reopened “${task.title}”`, () =>
      complete.mutate({ task, completed: !completed }),
    );
  };
  const doDelete = (task: TodoTask) => {
    // Where it stood, to put it back there (a list's manual order), and its checklist.
    const place = manualOrder ? neighboursOf(task) : null;
    rememberFocus(task.id);
    remove.mutate(task);
    showUndo(`Deleted “${task.title}”`, () =>
      create.mutate(
        {
          view,
          body: {
            title: task.title,
            description: task.description,
            list_id: task.list_id,
            due: task.due,
            priority: task.priority,
            labels: task.labels,
            recurrence: task.recurrence,
          },
        },
        {
          onSuccess: async (saved) => {
            if (place && (place.before_id !== null || place.after_id !== null))
              move.mutate({ task: saved, list_id: saved.list_id, ...place });
            try {
              for (const item of task.checklist) {
                const added = await taskApi.addChecklistItem(saved.id, item.title);
                if (item.done) await taskApi.updateChecklistItem(saved.id, added.id, { done: true });
              }
            } catch (error) {
              notifications.show({
                color: 'red',
                title: 'Could not restore the checklist',
                message: (error as Error).message,
              });
            }
            if (task.checklist.length > 0) void client.invalidateQueries({ queryKey: ['todo', 'tasks'] });
          },
        },
      ),
    );
  };
  const neighboursOf = (task: TodoTask) => {
    const index = tasks.findIndex((t) => t.id === task.id);
    return { before_id: tasks[index + 1]?.id ?? null, after_id: tasks[index - 1]?.id ?? null };
  };
  const doMove = (task: TodoTask, listId: number | null) => {
    if (listId === task.list_id) return;
    const back = {
      task: { ...task, list_id: listId },
      list_id: task.list_id,
      ...(manualOrder ? neighboursOf(task) : {}),
    };
    if (manualOrder) rememberFocus(task.id);
    move.mutate({ task, list_id: listId });
    showUndo(`Moved “${task.title}” to ${listId === null ? 'Inbox' : (listNames.get(listId) ?? 'a list')}`, () =>
      move.mutate(back),
    );
  };

  useImperativeHandle(actions, () => ({
    complete: (id) => {
      const task = byId(id);
      if (task && !readOnly) doComplete(task, !task.completed);
    },
    edit: (id) => !readOnly && setEditingId(id),
    move: (id) => {
      const task = byId(id);
      if (task && !readOnly) setMoving(task);
    },
    moveTo: (id, listId) => {
      const task = byId(id);
      if (task && !readOnly) doMove(task, listId);
    },
  }));

  const rows = (list: TodoTask[], label: string, empty: string, sortable = false) => (
    <TaskList
      tasks={list}
      label={label}
      empty={empty}
      today={today}
      readOnly={readOnly}
      editingId={editingId}
      onEditingChange={setEditingId}
      listName={manualOrder ? undefined : (task) => (task.list_id === null ? 'Inbox' : listNames.get(task.list_id))}
      onComplete={doComplete}
      onRename={(task, title) => update.mutate({ task, changes: { title } })}
      onOpen={(task) => setDetailsId(task.id)}
      onDelete={doDelete}
      selectedIds={selectedIds ?? undefined}
      onSelect={select}
      movable={!manualOrder && view.view !== 'completed' && !selectedIds}
      onReorder={
        sortable && !selectedIds
          ? (task, neighbours) => {
              const back = neighboursOf(task);
              move.mutate({ task, list_id: task.list_id, ...neighbours });
              showUndo(`Moved “${task.title}”`, () => move.mutate({ task, list_id: task.list_id, ...back }));
            }
          : undefined
      }
    />
  );

  const title = viewTitle(view, lists);
  let body: React.ReactNode;
  if (query.isPending) body = <PageLoader label="Loading your tasks…" />;
  else if (!query.data)
    body = <LoadError title="Could not load your tasks" error={query.error} onRetry={() => query.refetch()} />;
  else if (view.view === 'today') {
    const overdue = tasks.filter((t) => t.due && t.due.date < today);
    const due = tasks.filter((t) => !t.due || t.due.date >= today);
    body = (
      <Stack gap="lg">
        {overdue.length > 0 && (
          <section aria-labelledby="todo-overdue-heading">
            <Title order={2} size="h4" id="todo-overdue-heading" mb="xs" c="red">
              Overdue
            </Title>
            {rows(overdue, 'Overdue', '')}
          </section>
        )}
        <section aria-labelledby="todo-today-heading">
          <Title order={2} size="h4" id="todo-today-heading" mb="xs">
            Due today
          </Title>
          {rows(due, 'Due today', EMPTY.today)}
        </section>
      </Stack>
    );
  } else if (view.view === 'upcoming') {
    const last = addDays(today, 13);
    const days = new Map<string, TodoTask[]>();
    for (const task of tasks) {
      if (!task.due || task.due.date > last) continue;
      const day = task.due.date < today ? today : task.due.date;
      days.set(day, [...(days.get(day) ?? []), task]);
    }
    body =
      days.size === 0 ? (
        <Text c="dimmed" py="md">
          {EMPTY.upcoming}
        </Text>
      ) : (
        <Stack gap="lg">
          {[...days].map(([day, list]) => (
            <section key={day} aria-labelledby={`todo-day-${day}`}>
              <Title order={2} size="h5" id={`todo-day-${day}`} mb="xs">
                {dayHeading(day, today)}
              </Title>
              {rows(list, dayHeading(day, today), '')}
            </section>
          ))}
        </Stack>
      );
  } else body = rows(tasks, title, EMPTY[view.view], manualOrder);

  const details = detailsId === null ? null : (byId(detailsId) ?? null);
  return (
    <section aria-labelledby="todo-list-heading">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={1} id="todo-list-heading" ref={heading} tabIndex={-1}>
          {title}
        </Title>
        <Group gap="sm">
          {openCount !== undefined && (
            <Text c="dimmed" size="sm" aria-live="polite">
              {view.view === 'completed' ? `${plural(openCount)} still open` : `${plural(openCount)} left`}
            </Text>
          )}
          {!readOnly && tasks.length > 0 && (
            <Button
              size="compact-sm"
              variant={selectedIds ? 'filled' : 'default'}
              aria-pressed={selectedIds !== null}
              onClick={() => setSelectedIds((old) => (old ? null : new Set()))}
            >
              Select
            </Button>
          )}
        </Group>
      </Group>
      {selectedIds && (
        <BulkBar selected={tasks.filter((t) => selectedIds.has(t.id))} onDone={() => setSelectedIds(new Set())} />
      )}
      {body}
      {query.hasNextPage && (
        <Group justify="center" mt="md">
          <Button variant="default" loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
            Load more
          </Button>
        </Group>
      )}
      <TaskDetails
        task={details}
        onClose={() => setDetailsId(null)}
        readOnly={readOnly}
        onSaveNotes={(task, description) => update.mutate({ task, changes: { description } })}
      />
      <MoveToListDialog task={moving} lists={lists ?? []} onMove={doMove} onClose={() => setMoving(null)} />
    </section>
  );
}
