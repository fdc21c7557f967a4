import { notifications } from '@mantine/notifications';
import type { TodoTask, TodoTasksResponse } from '@site/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../test/cookies';
import { apiError, callsTo, holdRequests, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { browserTimeZone } from './api/use-tasks';
import { todoTask } from './bulk/test-fixtures';
import { addDays, dayHeading, dayIn } from './due-format';
import { me, overview, todoList } from './sidebar/test-fixtures';
import { TodoPage } from './TodoPage';
import { UNDO_MS } from './undo';

/** The bulk tests' task, with a title and its own place in the order. */
const task = (id: number, title: string, extra: Partial<TodoTask> = {}): TodoTask =>
  todoTask(id, { title, position: `a${id}`, ...extra });

const page = (tasks: TodoTask[], extra: Partial<TodoTasksResponse> = {}): TodoTasksResponse => ({
  tasks,
  next_cursor: null,
  open_count: tasks.filter((t) => !t.completed).length,
  ...extra,
});

function routes(tasks: () => TodoTasksResponse, more: Parameters<typeof mockFetch>[0] = {}) {
  setCookie('csrftoken', 'csrf-123');
  return mockFetch({
    'GET /api/me': { body: me },
    'GET /api/todo/lists': { body: overview([todoList(12, 'Home')], 2) },
    'GET /api/todo/labels': { body: { labels: [] } },
    'GET /api/todo/tasks': () => ({ body: tasks() }),
    ...more,
  });
}

const inbox = () => renderWithProviders(<TodoPage />, { route: '/apps/todo?view=inbox' });
const row = (title: string) => screen.getByRole('listitem', { name: title });

afterEach(() => {
  vi.useRealTimers();
  act(() => notifications.clean());
});

describe('TodoPage views', () => {
  it('shows the Inbox with its count and rows, each with its own checkbox', async () => {
    routes(() => page([task(1, 'Buy milk'), task(2, 'Call mum', { priority: 1, labels: ['family'] })]));
    inbox();
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    expect(await screen.findByText('2 tasks left')).toBeInTheDocument();
    expect(within(row('Call mum')).getByText('@family')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Mark Complete Buy milk' })).not.toBeChecked();
  });

  it('opens the side bar in a drawer from the menu button (narrow screens) and closes it on navigating', async () => {
    routes(() => page([]));
    const { user } = inbox();
    await screen.findByText(/Your Inbox is empty/);
    await user.click(screen.getByRole('button', { name: 'Open the lists and views' }));
    const drawer = await screen.findByRole('dialog', { name: 'To-do views' });
    await user.click(within(drawer).getByRole('link', { name: /Today/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'To-do views' })).toBeNull());
  });

  it('opens Import and export from the header, its code loaded only then', async () => {
    routes(() => page([]), { 'GET /api/todo/feed': { body: { url: null, active: false, created_at: null } } });
    const { user } = inbox();
    await screen.findByText(/Your Inbox is empty/);
    await user.click(screen.getByRole('button', { name: 'Import and export' }));
    expect(await screen.findByRole('dialog', { name: 'Import and export' })).toBeInTheDocument();
  });

  it('searches from the header box: the Search view names the words', async () => {
    const fetchMock = routes(() => page([task(3, 'Buy milk')]));
    const { user } = inbox();
    await screen.findByRole('listitem', { name: 'Buy milk' });
    await user.type(screen.getByRole('textbox', { name: 'Search tasks' }), 'milk{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search: “milk”' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url)).some((u) => u.includes('view=search&q=milk'))).toBe(true),
    );
  });

  it('says what to do in an empty view', async () => {
    routes(() => page([]));
    inbox();
    expect(await screen.findByText(/Your Inbox is empty\. Type a task in quick add/)).toBeInTheDocument();
  });

  it('puts overdue tasks in their own section above today’s', async () => {
    routes(() =>
      page([
        task(1, 'Late one', { due: { date: '2020-01-01', time: null, zone: 'UTC' } }),
        task(2, 'Due now', { due: { date: '2099-01-01', time: null, zone: 'UTC' } }),
      ]),
    );
    renderWithProviders(<TodoPage />, { route: '/apps/todo?view=today' });
    const overdue = await screen.findByRole('region', { name: 'Overdue' });
    expect(within(overdue).getByRole('listitem', { name: 'Late one' })).toBeInTheDocument();
    const today = screen.getByRole('region', { name: 'Due today' });
    expect(within(today).getByRole('listitem', { name: 'Due now' })).toBeInTheDocument();
    expect(overdue.compareDocumentPosition(today) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('groups Upcoming by day for the next two weeks', async () => {
    const today = dayIn(browserTimeZone(), new Date());
    const on = (days: number) => ({ date: addDays(today, days), time: null, zone: 'UTC' });
    routes(() =>
      page([
        task(1, 'Now', { due: on(0) }),
        task(2, 'Next day', { due: on(1) }),
        task(3, 'Also next day', { due: on(1) }),
        task(4, 'In a month', { due: on(30) }),
      ]),
    );
    renderWithProviders(<TodoPage />, { route: '/apps/todo?view=upcoming' });
    const first = await screen.findByRole('region', { name: dayHeading(today, today) });
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Now']);
    const second = screen.getByRole('region', { name: dayHeading(addDays(today, 1), today) });
    expect(within(second).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('listitem', { name: 'In a month' })).toBeNull();
  });

  it('pages the Completed view with Load more', async () => {
    let calls = 0;
    const fetchMock = routes(() =>
      ++calls === 1
        ? page([task(1, 'Done first', { completed: true })], { next_cursor: 'c1', open_count: 3 })
        : page([task(2, 'Done earlier', { completed: true })], { open_count: 3 }),
    );
    const { user } = renderWithProviders(<TodoPage />, { route: '/apps/todo?view=completed' });
    await screen.findByRole('listitem', { name: 'Done first' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('listitem', { name: 'Done earlier' })).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/api/todo/tasks'));
    expect(urls[1]).toContain('cursor=c1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('TodoPage task details', () => {
  it('opens a task from its title: notes from Markdown without scripts, and its checklist', async () => {
    const notes =
      '**Bring** the [form](https://example.com)\n\n<img src="x" onerror="alert(1)"><script>alert(2)</script>';
    const checklist = [{ id: 4, title: 'Card', done: false }];
    const fetchMock = routes(
      () => page([task(1, 'Dentist', { description: notes, checklist: checklist.map((i) => ({ ...i })) })]),
      {
        'POST /api/todo/tasks/1/checklist': () => {
          checklist.push({ id: 5, title: 'X-rays', done: false });
          return { body: checklist[1] };
        },
        'PATCH /api/todo/tasks/1/checklist/4': () => {
          checklist[0] = { id: 4, title: 'Card', done: true };
          return { body: checklist[0] };
        },
      },
    );
    const { user } = inbox();
    await user.click(await screen.findByRole('button', { name: 'Dentist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dentist' });
    expect(await within(dialog).findByText('Bring')).toHaveProperty('tagName', 'STRONG');
    expect(within(dialog).getByRole('link', { name: 'form' })).toHaveAttribute('href', 'https://example.com');
    const rendered = dialog.querySelector('[data-task-notes]');
    expect(rendered?.querySelector('script')).toBeNull();
    expect(rendered?.querySelector('img')?.hasAttribute('onerror')).toBe(false);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Card' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH', '/api/todo/tasks/1/checklist/4')[0]?.body).toEqual({ done: true }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'New checklist item' }), 'X-rays{Enter}');
    expect(await within(dialog).findByRole('checkbox', { name: 'X-rays' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/todo/tasks/1/checklist')[0]?.body).toEqual({ title: 'X-rays' });
  });
});

describe('TodoPage selection', () => {
  it('selects tasks for the bulk bar with Select, and leaves the rows alone otherwise', async () => {
    routes(() => page([task(1, 'One'), task(2, 'Two'), task(3, 'Three')]));
    const { user } = inbox();
    await screen.findByRole('listitem', { name: 'Three' });
    expect(screen.queryByRole('checkbox', { name: 'Select One' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Select' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select One' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Three' }));
    const bar = await screen.findByRole('toolbar', { name: 'Selected tasks' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('toolbar', { name: 'Selected tasks' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select One' })).not.toBeChecked();
  });
});

describe('TodoPage undo', () => {
  it('completes at once and offers Undo, which reopens the task', async () => {
    let tasks = [task(1, 'Buy milk'), task(2, 'Call mum')];
    const fetchMock = routes(() => page(tasks), {
      'POST /api/todo/tasks/1/complete': (init) => {
        const { completed } = JSON.parse(String(init?.body));
        tasks = completed ? [task(2, 'Call mum')] : [task(1, 'Buy milk'), task(2, 'Call mum')];
        return { body: task(1, 'Buy milk', { completed }) };
      },
    });
    const { user } = inbox();
    await user.click(await screen.findByRole('checkbox', { name: 'Mark Complete Buy milk' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Buy milk' })).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('listitem', { name: 'Buy milk' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/todo/tasks/1/complete').map((c) => c.body)).toEqual([
      { completed: true },
      { completed: false },
    ]);
  });

  it('takes the Undo offer away after five seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    routes(() => page([task(1, 'Buy milk')]), {
      'POST /api/todo/tasks/1/complete': { body: task(1, 'Buy milk', { completed: true }) },
    });
    const { user } = renderWithProviders(<TodoPage />, { route: '/apps/todo?view=inbox' });
    await user.click(await screen.findByRole('checkbox', { name: 'Mark Complete Buy milk' }));
    await screen.findByRole('button', { name: 'Undo' });
    act(() => vi.advanceTimersByTime(UNDO_MS - 500));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
  });

  it('re-creates a deleted task with its fields, place and checklist on Undo', async () => {
    const due = { date: '2026-12-03', time: '09:00', zone: 'UTC' };
    const checklist = [{ id: 2, title: 'Card', done: true }];
    const gone = task(5, 'Pay rent', {
      list_id: 12,
      due,
      priority: 1,
      labels: ['bills'],
      description: 'by card',
      checklist,
    });
    const back = { ...gone, id: 6, checklist: [] };
    const fetchMock = routes(() => page([task(1, 'First'), gone, task(7, 'Last')]), {
      'DELETE /api/todo/tasks/5': { body: { success: true } },
      'POST /api/todo/tasks': { body: back },
      'POST /api/todo/tasks/6/move': { body: back },
      'POST /api/todo/tasks/6/checklist': { body: { id: 3, title: 'Card', done: false } },
      'PATCH /api/todo/tasks/6/checklist/3': { body: { id: 3, title: 'Card', done: true } },
    });
    const { user } = inbox();
    await user.click(await screen.findByRole('button', { name: 'Delete Pay rent' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/todo/tasks/5')).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/todo/tasks')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/todo/tasks')[0]?.body).toEqual({
      title: 'Pay rent',
      description: 'by card',
      list_id: 12,
      due,
      priority: 1,
      labels: ['bills'],
      recurrence: null,
    });
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/todo/tasks/6/move')[0]?.body).toEqual({
        list_id: 12,
        before_id: 7,
        after_id: 1,
      }),
    );
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH', '/api/todo/tasks/6/checklist/3')[0]?.body).toEqual({ done: true }),
    );
    expect(callsTo(fetchMock, 'POST', '/api/todo/tasks/6/checklist')[0]?.body).toEqual({ title: 'Card' });
  });

  it('puts a task back with a readable message when the server refuses to complete it', async () => {
    const fetchMock = routes(() => page([task(1, 'Buy milk')]), {
      'POST /api/todo/tasks/1/complete': apiError(500, 'Database is unavailable'),
    });
    const { user } = inbox();
    const box = await screen.findByRole('checkbox', { name: 'Mark Complete Buy milk' });
    // The refresh after the failure waits: the row that comes back is the one put back.
    holdRequests(fetchMock, 'GET', '/api/todo/tasks');
    await user.click(box);
    expect(await screen.findByText('Could not complete the task')).toBeInTheDocument();
    expect(screen.getByText('Database is unavailable')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Buy milk' })).toBeInTheDocument();
  });
});

describe('TodoPage keyboard', () => {
  it('j and k move between rows, x completes the focused one and the focus goes on to the next', async () => {
    let tasks = [task(1, 'One'), task(2, 'Two'), task(3, 'Three')];
    const fetchMock = routes(() => page(tasks), {
      'POST /api/todo/tasks/2/complete': () => {
        tasks = tasks.filter((t) => t.id !== 2);
        return { body: task(2, 'Two', { completed: true }) };
      },
    });
    const { user } = inbox();
    await screen.findByRole('listitem', { name: 'Three' });
    await user.keyboard('j');
    expect(row('One')).toHaveFocus();
    await user.keyboard('jjk');
    expect(row('Two')).toHaveFocus();
    await user.keyboard('x');
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/todo/tasks/2/complete')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Two' })).toBeNull());
    await waitFor(() => expect(row('Three')).toHaveFocus());
  });

  it('e renames the focused row in place; Enter saves it', async () => {
    const fetchMock = routes(() => page([task(1, 'One')]), {
      'PATCH /api/todo/tasks/1': { body: task(1, 'One more') },
    });
    const { user } = inbox();
    await screen.findByRole('listitem', { name: 'One' });
    await user.keyboard('je');
    const input = screen.getByRole('textbox', { name: 'Task title' });
    expect(input).toHaveFocus();
    await user.type(input, ' more{Enter}');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH', '/api/todo/tasks/1')[0]?.body).toEqual({ title: 'One more' }),
    );
  });

  it('q focuses quick add, where letters are text; ? lists the shortcuts', async () => {
    routes(() => page([task(1, 'One')]));
    const { user } = inbox();
    await screen.findByRole('listitem', { name: 'One' });
    await user.keyboard('q');
    const quick = screen.getByRole('textbox', { name: 'Quick add' });
    expect(quick).toHaveFocus();
    await user.keyboard('jk');
    expect(quick).toHaveValue('jk');
    expect(quick).toHaveFocus();
    await user.keyboard('{Escape}');
    quick.blur();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Complete the focused task')).toBeInTheDocument();
  });

  it('# opens the list picker and moves the focused task, with Undo', async () => {
    const fetchMock = routes(() => page([task(1, 'One')]), {
      'POST /api/todo/tasks/1/move': { body: task(1, 'One', { list_id: 12 }) },
    });
    const { user } = inbox();
    await screen.findByRole('listitem', { name: 'One' });
    await user.keyboard('j#');
    const dialog = await screen.findByRole('dialog', { name: 'Move to list' });
    await user.click(within(dialog).getAllByLabelText('Move “One” to')[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Home' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/todo/tasks/1/move')[0]?.body).toEqual({ list_id: 12 }));
    expect(await screen.findByText('Moved “One” to Home')).toBeInTheDocument();
  });
});

describe('TodoPage move', () => {
  it('takes a moved task out of the Inbox at once and puts it back when the server refuses', async () => {
    const fetchMock = routes(() => page([task(1, 'One')]), {
      'POST /api/todo/tasks/1/move': apiError(404, 'No list with that id'),
    });
    const { user } = inbox();
    await screen.findByRole('listitem', { name: 'One' });
    // The refresh after the failure waits: the row that comes back is the one put back.
    holdRequests(fetchMock, 'GET', '/api/todo/tasks');
    await user.keyboard('j#');
    const dialog = await screen.findByRole('dialog', { name: 'Move to list' });
    await user.click(within(dialog).getAllByLabelText('Move “One” to')[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Home' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Could not move the task')).toBeInTheDocument();
    expect(screen.getByText('No list with that id')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'One' })).toBeInTheDocument();
  });
});

describe('TodoPage quick add', () => {
  it('adds the line to the view at once and sends the parsed fields', async () => {
    let tasks: TodoTask[] = [];
    const fetchMock = routes(() => page(tasks), {
      'POST /api/todo/tasks': (init) => {
        const body = JSON.parse(String(init?.body));
        const created = task(9, body.title, { labels: body.labels });
        tasks = [created];
        return { body: created };
      },
    });
    const { user } = inbox();
    await screen.findByText(/Your Inbox is empty/);
    // The refresh waits: what the row shows comes from the add itself.
    holdRequests(fetchMock, 'GET', '/api/todo/tasks');
    await user.type(screen.getByRole('textbox', { name: 'Quick add' }), 'Buy bread @shop{Enter}');
    expect(await screen.findByRole('listitem', { name: 'Buy bread' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/todo/tasks')).toHaveLength(1));
    // Once saved, the provisional row is the task: its id, and a checkbox that works.
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: 'Buy bread' })).toHaveAttribute('data-task-id', '9'),
    );
    expect(screen.getByRole('checkbox', { name: 'Mark Complete Buy bread' })).toBeEnabled();
    expect(callsTo(fetchMock, 'POST', '/api/todo/tasks')[0]?.body).toEqual({
      title: 'Buy bread',
      list_id: null,
      due: null,
      labels: ['shop'],
    });
  });

  it('shows a list shared to view only without quick add or the controls that change its tasks', async () => {
    const shared = todoList(20, 'Family', { role: 'viewer', owner: { id: 99, username: 'sam' } });
    routes(() => page([task(1, 'Pack the tent', { list_id: 20 })]), {
      'GET /api/todo/lists': { body: overview([shared]) },
    });
    renderWithProviders(<TodoPage />, { route: '/apps/todo?list=20' });
    expect(await screen.findByRole('listitem', { name: 'Pack the tent' })).toBeInTheDocument();
    expect(await screen.findByText(/sam shared this list with you to view/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Quick add' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Mark Complete Pack the tent' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete Pack the tent' })).toBeNull();
  });
});
