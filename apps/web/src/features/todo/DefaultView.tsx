import { Button, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import type { Todo } from '@site/contract';
import { IconPlus } from '@tabler/icons-react';
import { type Ref, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { useDeferredQuery } from '../../hooks/use-deferred-query';
import { useOnline } from '../../hooks/use-online';
import { useStoredState } from '../../hooks/use-stored-state';
import { useClearCompleted, useCreateTask, useTaskLists } from './api/use-tasks';
import { useCompleteTodo, useCreateTodo, useDeleteTodo, useTodos, useUpdateTodo } from './api/use-todos';
import { TaskList } from './components/TaskList';
import type { RowActions } from './components/TaskView';
import { TodoFormModal, type TodoFormValues } from './components/TodoFormModal';
import { TodoList } from './components/TodoList';
import { showUndo } from './undo';
import { useFocusAfterRemoval } from './use-row-focus';

/** Which form modal is open: adding, editing one item, or none. */
type FormState = { mode: 'add' } | { mode: 'edit'; todo: Todo } | null;

/** How the default view draws its items: dense rows, or the cards the page always had. */
export type TodoLayout = 'rows' | 'cards';
export const LAYOUT_KEY = 'todo-layout';
const readLayout = (): TodoLayout => (localStorage.getItem(LAYOUT_KEY) === 'cards' ? 'cards' : 'rows');

/** The page the site has always had: open items under 'Todo List', then 'Completed Todos'. */
export function DefaultView({ actions, today }: { actions: Ref<RowActions>; today: string }) {
  // Offline, its changes are queued and sent on reconnect (offline/todo-changes.ts); clearing the
  // completed items is not queued, so it waits for the network.
  const online = useOnline();
  const todos = useDeferredQuery(useTodos());
  const lists = useTaskLists();
  const listNames = useMemo(() => new Map(lists.data?.lists.map((l) => [l.id, l.name])), [lists.data]);
  const createTodo = useCreateTodo();
  const updateTodo = useUpdateTodo();
  const completeTodo = useCompleteTodo();
  const deleteTodo = useDeleteTodo();
  const createTask = useCreateTask();
  const [form, setForm] = useState<FormState>(null);
  const [toDelete, setToDelete] = useState<Todo | null>(null);
  const [clearing, setClearing] = useState(false);
  const clearCompleted = useClearCompleted();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [layout, setLayout] = useStoredState(readLayout, 'rows');
  const chooseLayout = (value: string) => {
    const next: TodoLayout = value === 'cards' ? 'cards' : 'rows';
    localStorage.setItem(LAYOUT_KEY, next);
    setLayout(next);
  };

  const submit = (values: TodoFormValues) =>
    form?.mode === 'edit'
      ? updateTodo.mutateAsync({ todo_id: form.todo.id, ...values })
      : createTodo.mutateAsync({ title: values.title, description: values.description });

  const edit = (todo: Todo) => setForm({ mode: 'edit', todo });
  const completingId = completeTodo.isPending ? completeTodo.variables : undefined;

  // A completed item leaves the open list, and its focused control with it: the focus then goes
  // on to the next open item's Mark Complete (the one before it at the end), or the heading when none is left.
  const openSection = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterComplete = useRef<{ done: number; next: number | undefined } | null>(null);
  const openItems = todos.data?.todos;
  const openIds = useMemo(() => openItems?.map((t) => t.id), [openItems]);
  const rememberRow = useFocusAfterRemoval(openIds, heading);
  const reopen = (todo: Todo) =>
    updateTodo.mutate({ todo_id: todo.id, title: todo.title, description: todo.description, completed: false });
  const complete = (todo: Todo) => {
    const open = todos.data?.todos ?? [];
    const index = open.findIndex((t) => t.id === todo.id);
    if (layout === 'rows') rememberRow(todo.id);
    else focusAfterComplete.current = { done: todo.id, next: (open[index + 1] ?? open[index - 1])?.id };
    completeTodo.mutate(todo.id, {
      onError: () => (focusAfterComplete.current = null),
      onSuccess: () => showUndo(`Completed “${todo.title}”`, () => reopen(todo)),
    });
  };
  useEffect(() => {
    const pending = focusAfterComplete.current;
    if (!pending || !openItems || openItems.some((t) => t.id === pending.done)) return;
    focusAfterComplete.current = null;
    // Only when the focus was lost with the button, not when the person has moved on meanwhile.
    if (document.activeElement && document.activeElement !== document.body) return;
    const next = openSection.current?.querySelector<HTMLElement>(`[data-todo-id="${pending.next}"] [data-complete]`);
    (next ?? heading.current)?.focus();
  }, [openItems]);

  const removeNow = (todo: Todo) => {
    rememberRow(todo.id);
    deleteTodo.mutate(todo.id, {
      onSuccess: () =>
        showUndo(`Deleted “${todo.title}”`, () =>
          createTask.mutate({ view: { view: 'all' }, body: { title: todo.title, description: todo.description } }),
        ),
    });
  };
  const all = [...(todos.data?.todos ?? []), ...(todos.data?.completed ?? [])];
  useImperativeHandle(actions, () => ({
    complete: (id) => {
      const todo = all.find((t) => t.id === id);
      if (!todo) return;
      if (todo.completed) reopen(todo);
      else complete(todo);
    },
    edit: (id) => setEditingId(id),
  }));
  const rename = (todo: Todo, title: string) =>
    updateTodo.mutate({ todo_id: todo.id, title, description: todo.description, completed: todo.completed });

  const rows = (list: Todo[], label: string, empty: string) => (
    <TaskList
      tasks={list}
      label={label}
      empty={empty}
      today={today}
      editingId={editingId}
      onEditingChange={setEditingId}
      // Every list's items together, as Today or a label shows them: each says which list it is in
      // (none for an item kept from before the answer had its list).
      listName={(todo) =>
        todo.list_id === undefined ? undefined : todo.list_id === null ? 'Inbox' : listNames.get(todo.list_id)
      }
      onComplete={(todo, done) => (done ? complete(todo) : reopen(todo))}
      onRename={rename}
      onOpen={edit}
      onDelete={removeNow}
    />
  );
  const toggle = (
    <SegmentedControl
      size="xs"
      aria-label="Layout"
      value={layout}
      onChange={chooseLayout}
      data={[
        { value: 'rows', label: 'Rows' },
        { value: 'cards', label: 'Cards' },
      ]}
    />
  );

  return (
    <Stack gap="xl">
      <section aria-labelledby="todo-list-heading" ref={openSection}>
        <Group justify="space-between" mb="md">
          <Title order={1} id="todo-list-heading" ref={heading} tabIndex={-1}>
            Todo List
          </Title>
          <Group gap="sm">
            {toggle}
            <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ mode: 'add' })}>
              Add Item
            </Button>
          </Group>
        </Group>
        {todos.isPending ? (
          <PageLoader label="Loading your items…" />
        ) : !todos.data ? (
          <LoadError title="Could not load your to-do list" error={todos.error} onRetry={() => todos.refetch()} />
        ) : layout === 'rows' ? (
          rows(todos.data.todos, 'Open items', 'Nothing to do. Add an item to get started.')
        ) : (
          <TodoList
            todos={todos.data.todos}
            empty="Nothing to do. Add an item to get started."
            onEdit={edit}
            onDelete={setToDelete}
            onComplete={complete}
            completingId={completingId}
          />
        )}
      </section>

      {todos.data && (
        <section aria-labelledby="completed-heading">
          <Group justify="space-between" mb="md">
            <Title order={2} id="completed-heading">
              Completed Todos
            </Title>
            {todos.data.completed.length > 0 && online && (
              <Button variant="default" onClick={() => setClearing(true)}>
                Clear completed
              </Button>
            )}
          </Group>
          {layout === 'rows' ? (
            rows(todos.data.completed, 'Completed items', 'No completed items yet.')
          ) : (
            <TodoList
              todos={todos.data.completed}
              empty="No completed items yet."
              onEdit={edit}
              onDelete={setToDelete}
            />
          )}
        </section>
      )}

      <TodoFormModal
        opened={form !== null}
        todo={form?.mode === 'edit' ? form.todo : undefined}
        onClose={() => setForm(null)}
        onSubmit={submit}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete item"
        onCancel={() => setToDelete(null)}
        // The delete shows at once and is queued offline: the question closes without waiting.
        onConfirm={() => {
          if (toDelete) deleteTodo.mutate(toDelete.id);
          setToDelete(null);
        }}
      >
        Are you sure you want to delete <strong>{toDelete?.title}</strong>? This cannot be undone.
      </ConfirmDialog>
      <ConfirmDialog
        opened={clearing}
        title="Clear completed"
        loading={clearCompleted.isPending}
        onCancel={() => setClearing(false)}
        onConfirm={() => clearCompleted.mutate(undefined, { onSettled: () => setClearing(false) })}
      >
        Delete your {todos.data?.completed.length} completed {todos.data?.completed.length === 1 ? 'item' : 'items'}?
        This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
