import { ActionIcon, Button, Drawer, Group, SegmentedControl, Stack, TextInput, Title, Tooltip } from '@mantine/core';
import type { Todo } from '@site/contract';
import { IconFileImport, IconKeyboard, IconLayoutSidebar, IconPlus, IconSearch } from '@tabler/icons-react';
import { lazy, type Ref, Suspense, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { OfflineNotice } from '../../components/OfflineNotice';
import { PageLoader } from '../../components/PageLoader';
import { useDeferredQuery } from '../../hooks/use-deferred-query';
import { useOnline } from '../../hooks/use-online';
import { useStoredState } from '../../hooks/use-stored-state';
import { RequireSignIn } from '../auth';
import { browserTimeZone, useClearCompleted, useCreateTask, useTaskLists } from './api/use-tasks';
import { useCompleteTodo, useCreateTodo, useDeleteTodo, useTodos, useUpdateTodo } from './api/use-todos';
import { QuickAdd } from './components/QuickAdd';
import { ShortcutsDialog } from './components/ShortcutsDialog';
import { TaskList } from './components/TaskList';
import { type RowActions, TaskView } from './components/TaskView';
import { TodoFormModal, type TodoFormValues } from './components/TodoFormModal';
import { TodoList } from './components/TodoList';
import { dayIn } from './due-format';
import { TodoSidebar } from './sidebar/TodoSidebar';
import classes from './TodoPage.module.css';
import { todoViewHref, viewFromSearch } from './todo-views';
import { showUndo } from './undo';
import { focusRow, useFocusAfterRemoval } from './use-row-focus';

// Import, export and the calendar feed: a dialog few open, so its code comes when it is first opened.
const TransferDialog = lazy(() => import('./transfer/TransferDialog').then((m) => ({ default: m.TransferDialog })));

/** Which form modal is open: adding, editing one item, or none. */
type FormState = { mode: 'add' } | { mode: 'edit'; todo: Todo } | null;

/** How the default view draws its items: dense rows, or the cards the page always had. */
export type TodoLayout = 'rows' | 'cards';
export const LAYOUT_KEY = 'todo-layout';
const readLayout = (): TodoLayout => (localStorage.getItem(LAYOUT_KEY) === 'cards' ? 'cards' : 'rows');

/**
 * docs/product.md#to-do: the default view ('Todo List' with an Add Item modal, then 'Completed
 * Todos') and the views the address names (todo-views.ts), with quick add above each; for
 * signed-in users.
 */
export function TodoPage() {
  return (
    <RequireSignIn title="Todo List" reason="Your to-do items are saved to your account.">
      <TodoApp />
    </RequireSignIn>
  );
}

/** Typing in a field or a dialog is not a shortcut. */
function typing(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="dialog"]') !== null
  );
}

function TodoApp() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const view = useMemo(() => viewFromSearch(search), [search]);
  const readOnly = !useOnline();
  const lists = useTaskLists();
  const createTask = useCreateTask();
  const [drawer, setDrawer] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [shortcuts, setShortcuts] = useState(false);
  const [transfer, setTransfer] = useState<boolean | null>(null);
  const quickAdd = useRef<HTMLInputElement>(null);
  const actions = useRef<RowActions>(null);
  const timeZone = useMemo(browserTimeZone, []);
  const today = dayIn(timeZone, new Date());

  // docs/product.md#to-do (keyboard): one listener for the page; keys typed in a field are text.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || typing(event.target)) return;
      const row = (event.target as HTMLElement | null)?.closest?.<HTMLElement>('[data-task-row]');
      const id = row ? Number(row.dataset.taskId) : null;
      const act = (fn: () => void) => {
        event.preventDefault();
        fn();
      };
      if (event.key === 'q') act(() => quickAdd.current?.focus());
      else if (event.key === '?') act(() => setShortcuts(true));
      else if (event.key === 'j') act(() => focusRow(1));
      else if (event.key === 'k') act(() => focusRow(-1));
      else if (id === null) return;
      else if (event.key === 'e' || (event.key === 'Enter' && event.target === row))
        act(() => actions.current?.edit(id));
      else if (event.key === 'x') act(() => actions.current?.complete(id));
      else if (event.key === '#') act(() => actions.current?.move?.(id));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const listId = view.view === 'list' ? view.listId : null;
  const defaults = {
    list_id: listId,
    ...(view.view === 'label' && { labels: [view.label] }),
    ...(view.view === 'today' && { due: 'today' as const }),
  };

  return (
    <div className={classes.layout}>
      <aside className={classes.sidebar}>
        <TodoSidebar current={view} />
      </aside>
      {/* Mounted from its first opening on: a closed Drawer still costs its portal and transitions
          on every render of the page (components/Modal.tsx). */}
      {drawerUsed && (
        <Drawer opened={drawer} onClose={() => setDrawer(false)} title="To-do views" size={300}>
          <TodoSidebar current={view} onNavigate={() => setDrawer(false)} />
        </Drawer>
      )}
      <Stack gap="md" miw={0}>
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            className={classes.menu}
            variant="default"
            size="lg"
            aria-label="Open the lists and views"
            // Mounted closed before the click opens it, so Drawer gives the focus back on closing (components/Modal.tsx).
            onPointerDown={() => setDrawerUsed(true)}
            onFocus={() => setDrawerUsed(true)}
            onClick={() => {
              setDrawerUsed(true);
              setDrawer(true);
            }}
          >
            <IconLayoutSidebar size={18} />
          </ActionIcon>
          <SearchBox
            key={view.view === 'search' ? view.q : ''}
            initial={view.view === 'search' ? view.q : ''}
            onSearch={(q) => navigate(todoViewHref(q ? { view: 'search', q } : { view: 'all' }))}
          />
          <Tooltip label="Keyboard shortcuts (?)">
            <ActionIcon variant="default" size="lg" aria-label="Keyboard shortcuts" onClick={() => setShortcuts(true)}>
              <IconKeyboard size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Import, export and calendar feed">
            <ActionIcon variant="default" size="lg" aria-label="Import and export" onClick={() => setTransfer(true)}>
              <IconFileImport size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <QuickAdd
          ref={quickAdd}
          lists={lists.data?.lists}
          defaults={defaults}
          timeZone={timeZone}
          disabled={readOnly}
          onCreate={(body) => createTask.mutate({ body, view })}
        />
        {view.view === 'all' ? (
          <DefaultView actions={actions} today={today} readOnly={readOnly} />
        ) : (
          <TaskView
            key={todoViewHref(view)}
            view={view}
            lists={lists.data?.lists}
            today={today}
            readOnly={readOnly}
            actions={actions}
          />
        )}
      </Stack>
      <ShortcutsDialog opened={shortcuts} onClose={() => setShortcuts(false)} />
      {transfer !== null && (
        <Suspense fallback={null}>
          <TransferDialog opened={transfer} onClose={() => setTransfer(false)} />
        </Suspense>
      )}
    </div>
  );
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <search style={{ flex: 1 }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(value.trim());
        }}
      >
        <TextInput
          aria-label="Search tasks"
          placeholder="Search tasks"
          leftSection={<IconSearch size={16} />}
          value={value}
          maxLength={200}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
      </form>
    </search>
  );
}

/** The page the site has always had: open items under 'Todo List', then 'Completed Todos'. */
function DefaultView({ actions, today, readOnly }: { actions: Ref<RowActions>; today: string; readOnly: boolean }) {
  const todos = useDeferredQuery(useTodos());
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
      if (!todo || readOnly) return;
      if (todo.completed) reopen(todo);
      else complete(todo);
    },
    edit: (id) => !readOnly && setEditingId(id),
  }));
  const rename = (todo: Todo, title: string) =>
    updateTodo.mutate({ todo_id: todo.id, title, description: todo.description, completed: todo.completed });

  const rows = (list: Todo[], label: string, empty: string) => (
    <TaskList
      tasks={list}
      label={label}
      empty={empty}
      today={today}
      readOnly={readOnly}
      editingId={editingId}
      onEditingChange={setEditingId}
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
      {/* The notice speaks of the copy shown: with nothing to show, the load error says it all. */}
      {readOnly && todos.data && <OfflineNotice />}
      <section aria-labelledby="todo-list-heading" ref={openSection}>
        <Group justify="space-between" mb="md">
          <Title order={1} id="todo-list-heading" ref={heading} tabIndex={-1}>
            Todo List
          </Title>
          <Group gap="sm">
            {toggle}
            <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ mode: 'add' })} disabled={readOnly}>
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
            readOnly={readOnly}
          />
        )}
      </section>

      {todos.data && (
        <section aria-labelledby="completed-heading">
          <Group justify="space-between" mb="md">
            <Title order={2} id="completed-heading">
              Completed Todos
            </Title>
            {todos.data.completed.length > 0 && !readOnly && (
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
              readOnly={readOnly}
            />
          )}
        </section>
      )}

      <TodoFormModal
        opened={form !== null && !readOnly}
        todo={form?.mode === 'edit' ? form.todo : undefined}
        onClose={() => setForm(null)}
        onSubmit={submit}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete item"
        loading={deleteTodo.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && deleteTodo.mutate(toDelete.id, { onSuccess: () => setToDelete(null) })}
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
