import { ActionIcon, Alert, Drawer, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconEye, IconFileImport, IconKeyboard, IconLayoutSidebar, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { RequireSignIn } from '../auth';
import { browserTimeZone, useCreateTask, useTaskLists } from './api/use-tasks';
import { QuickAdd } from './components/QuickAdd';
import { ShortcutsDialog } from './components/ShortcutsDialog';
import { type RowActions, TaskView } from './components/TaskView';
import { TodoDnd } from './components/TodoDnd';
import { DefaultView } from './DefaultView';
import { dayIn } from './due-format';
import { TodoSyncStatus } from './offline/TodoSyncStatus';
import { TodoSidebar } from './sidebar/TodoSidebar';
import classes from './TodoPage.module.css';
import { todoViewHref, viewFromSearch } from './todo-views';
import { focusRow } from './use-row-focus';

// Import, export and the calendar feed: a dialog few open, so its code comes when it is first opened.
const TransferDialog = lazy(() => import('./transfer/TransferDialog').then((m) => ({ default: m.TransferDialog })));

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
  // A list shared with me to view only: its tasks are shown without the controls that change them.
  const viewerOf = lists.data?.lists.find((l) => l.id === listId && l.role === 'viewer');
  const defaults = {
    list_id: listId,
    ...(view.view === 'label' && { labels: [view.label] }),
    ...(view.view === 'today' && { due: 'today' as const }),
  };

  return (
    <div className={classes.layout}>
      {/* Mounted from its first opening on: a closed Drawer still costs its portal and transitions
          on every render of the page (components/Modal.tsx). Outside the page's drag and drop: the
          drawer's side bar is a second copy of the lists, with its own. */}
      {drawerUsed && (
        <Drawer opened={drawer} onClose={() => setDrawer(false)} title="To-do views" size={300}>
          <TodoSidebar current={view} onNavigate={() => setDrawer(false)} />
        </Drawer>
      )}
      {/* One drag and drop around the side bar and the tasks: a task dropped on a list moves there. */}
      <TodoDnd onMoveTask={(id, listId) => actions.current?.moveTo?.(id, listId)}>
        <aside className={classes.sidebar}>
          <TodoSidebar current={view} />
        </aside>
        <Stack gap="md" miw={0}>
          <TodoSyncStatus />
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
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Keyboard shortcuts"
                onClick={() => setShortcuts(true)}
              >
                <IconKeyboard size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Import, export and calendar feed">
              <ActionIcon variant="default" size="lg" aria-label="Import and export" onClick={() => setTransfer(true)}>
                <IconFileImport size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
          {viewerOf ? (
            <Alert variant="light" color="gray" icon={<IconEye size={18} />} title="View only">
              {viewerOf.owner.username} shared this list with you to view: you cannot add or change its tasks.
            </Alert>
          ) : (
            <QuickAdd
              ref={quickAdd}
              lists={lists.data?.lists}
              defaults={defaults}
              timeZone={timeZone}
              onCreate={(body) => createTask.mutate({ body, view })}
            />
          )}
          {view.view === 'all' ? (
            <DefaultView actions={actions} today={today} />
          ) : (
            <TaskView
              key={todoViewHref(view)}
              view={view}
              lists={lists.data?.lists}
              today={today}
              readOnly={viewerOf !== undefined}
              actions={actions}
            />
          )}
        </Stack>
      </TodoDnd>
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
