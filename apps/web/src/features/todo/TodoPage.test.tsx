import { notifications } from '@mantine/notifications';
import type { Todo } from '@site/contract';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setCookie } from '../../test/cookies';
import { apiError, callsTo, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { LAYOUT_KEY } from './DefaultView';
import { OFFLINE_EDITING } from './offline/TodoSyncStatus';
import { overview, todoLabel, todoList } from './sidebar/test-fixtures';
import { TodoPage } from './TodoPage';

const me = { user_id: 7, username: 'dana', email: 'dana@example.com', is_admin: false };
const item = (id: number, title: string, completed = false, description = '', extra: Partial<Todo> = {}): Todo => ({
  id,
  title,
  description,
  completed,
  user: 7,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  list_id: null,
  due: null,
  priority: 4,
  labels: [],
  recurrence: null,
  ...extra,
});

function signIn() {
  setCookie('csrftoken', 'csrf-123');
}

// These flows are the cards the page always had; the rows have their own tests below.
const useCards = () => localStorage.setItem(LAYOUT_KEY, 'cards');

describe('TodoPage', () => {
  beforeEach(useCards);

  it('invites a visitor to log in instead of loading anything', async () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<TodoPage />);
    expect(await screen.findByText('Please log in to use this app')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/todo')).toHaveLength(0);
  });

  it('lists open items with Mark Complete and completed items under Completed Todos', async () => {
    signIn();
    mockFetch({
      'GET /api/me': { body: me },
      'GET /api/todo': {
        body: { todos: [item(2, 'Write tests', false, 'all of them')], completed: [item(1, 'Ship', true)] },
      },
    });
    renderWithProviders(<TodoPage />);
    const open = await screen.findByRole('article', { name: 'Write tests' });
    expect(within(open).getByText('all of them')).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Mark Complete' })).toBeInTheDocument();
    const done = screen.getByRole('article', { name: 'Ship' });
    expect(within(done).getByText('Completed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Completed Todos' })).toBeInTheDocument();
  });

  it('clears completed items after asking, and lists them no more', async () => {
    signIn();
    let list = { todos: [item(2, 'Write tests')], completed: [item(1, 'Ship', true), item(3, 'Plan', true)] };
    const fetchMock = mockFetch({
      'GET /api/me': { body: me },
      'GET /api/todo': () => ({ body: list }),
      'POST /api/todo/tasks/clear-completed': () => {
        list = { ...list, completed: [] };
        return { body: { count: 2 } };
      },
    });
    const { user } = renderWithProviders(<TodoPage />);
    await screen.findByRole('article', { name: 'Ship' });
    await user.click(screen.getByRole('button', { name: 'Clear completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear completed' });
    expect(dialog).toHaveTextContent('Delete your 2 completed items?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ship' })).toBeNull());
    expect(callsTo(fetchMock, 'POST', '/api/todo/tasks/clear-completed')).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Write tests' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear completed' })).toBeNull();
  });

  it('adds an item through the Add Item modal and shows it without a reload', async () => {
    signIn();
    let list = { todos: [] as Todo[], completed: [] as Todo[] };
    const fetchMock = mockFetch({
      'GET /api/me': { body: me },
      'GET /api/todo': () => ({ body: list }),
      'POST /api/todo': (init) => {
        const body = JSON.parse(String(init?.body));
        const created = item(5, body.title, false, body.description);
        list = { todos: [created], completed: [] };
        return { body: created };
      },
    });
    const { user } = renderWithProviders(<TodoPage />);
    expect(await screen.findByText('Nothing to do. Add an item to get started.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Item' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/todo')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Title/), 'Buy milk');
    await user.type(within(dialog).getByLabelText('Description'), 'semi-skimmed');
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));

    expect(await screen.findByRole('article', { name: 'Buy milk' })).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/todo');
    expect(call?.body).toEqual({ title: 'Buy milk', description: 'semi-skimmed' });
    expect(new Headers(call?.init?.headers).get('X-CSRFToken')).toBe('csrf-123');
  });

  it('edits an item back to not completed with the Completed checkbox', async () => {
    signIn();
    const fetchMock = mockFetch({
      'GET /api/me': { body: me },
      'GET /api/todo': { body: { todos: [], completed: [item(3, 'Done thing', true)] } },
      'PATCH /api/todo': { body: item(3, 'Done thing', false) },
    });
    const { user } = renderWithProviders(<TodoPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Done thing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Item' });
    const checkbox = within(dialog).getByRole('checkbox', { name: 'Completed' });
    expect(checkbox).toBeChecked();
    await user.click(checkbox);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/todo')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/todo')[0]?.body).toEqual({
      todo_id: 3,
      title: 'Done thing',
      description: '',
      completed: false,
    });
  });

  it('asks before deleting and shows a readable message when loading fails', async () => {
    signIn();
    const fetchMock = mockFetch({
      'GET /api/me': { body: me },
      'GET /api/todo': { body: { todos: [item(4, 'Old task')], completed: [] } },
      'DELETE /api/todo': { body: { success: true, message: 'Todo item deleted', todo_id: 4 } },
    });
    const { user } = renderWithProviders(<TodoPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Old task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete item' });
    expect(callsTo(fetchMock, 'DELETE', '/api/todo')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/todo')[0]?.body).toEqual({ todo_id: 4 }));
  });

  it('shows the server message and a retry button when the list cannot load', async () => {
    signIn();
    mockFetch({ 'GET /api/me': { body: me }, 'GET /api/todo': apiError(503, 'Database is unavailable') });
    renderWithProviders(<TodoPage />);
    expect(await screen.findByText('Could not load your to-do list')).toBeInTheDocument();
    expect(screen.getByText('Database is unavailable')).toBeInTheDocument();
    const open = screen.getByRole('region', { name: 'Todo List' });
    expect(within(open).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('TodoPage focus', () => {
  beforeEach(useCards);

  it('gives the focus back to the Edit button when the Edit dialog is closed with Escape', async () => {
    signIn();
    mockFetch({
      'GET /api/me': { body: me },
      'GET /api/todo': { body: { todos: [item(3, 'Water plants')], completed: [] } },
    });
    const { user } = renderWithProviders(<TodoPage />);
    const edit = await screen.findByRole('button', { name: 'Edit Water plants' });
    await user.click(edit);
    await screen.findByRole('dialog', { name: 'Edit Item' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(edit).toHaveFocus());
  });

  it('moves the focus to the next item’s Mark Complete, then to the list heading, as items are completed', async () => {
    signIn();
    let list = { todos: [item(6, 'First'), item(5, 'Second')], completed: [] as Todo[] };
    mockFetch({
      'GET /api/me': { body: me },
      'GET /api/todo': () => ({ body: list }),
      'PUT /api/todo': (init) => {
        const { todo_id } = JSON.parse(String(init?.body));
        const done = { ...list.todos.find((t) => t.id === todo_id), completed: true } as Todo;
        list = { todos: list.todos.filter((t) => t.id !== todo_id), completed: [done, ...list.completed] };
        return { body: done };
      },
    });
    const { user } = renderWithProviders(<TodoPage />);
    const first = await screen.findByRole('article', { name: 'First' });
    await user.click(within(first).getByRole('button', { name: 'Mark Complete' }));
    const second = screen.getByRole('article', { name: 'Second' });
    await waitFor(() => expect(within(second).getByRole('button', { name: 'Mark Complete' })).toHaveFocus());

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Todo List' })).toHaveFocus());
    const completed = screen.getByRole('region', { name: 'Completed Todos' });
    expect(within(completed).getAllByText('Completed')).toHaveLength(2);
  });
});

describe('TodoPage offline', () => {
  let online = true;
  function goOffline() {
    online = false;
    window.dispatchEvent(new Event('offline'));
  }
  beforeEach(() => {
    useCards();
    online = true;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  });
  afterEach(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  });

  it('keeps showing the list it has, and says changes wait for the network, when a refresh fails offline', async () => {
    signIn();
    let offline = false;
    mockFetch({
      'GET /api/me': { body: me },
      'GET /api/todo': () => (offline ? { networkError: true } : { body: { todos: [item(8, 'Pack')], completed: [] } }),
    });
    const { queryClient } = renderWithProviders(<TodoPage />);
    await screen.findByRole('article', { name: 'Pack' });
    // The copy kept for offline use is gone (another tab signed out and in again, storage full…).
    localStorage.clear();
    offline = true;
    act(() => goOffline());
    await act(() => queryClient.refetchQueries({ queryKey: ['todo'] }));

    expect(await screen.findByText(OFFLINE_EDITING)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Pack' })).toBeInTheDocument();
    expect(screen.queryByText('Could not load your to-do list')).toBeNull();
  });

  it('says it could not load when offline with no copy of the list', async () => {
    signIn();
    goOffline();
    mockFetch({ 'GET /api/me': { body: me }, 'GET /api/todo': { networkError: true } });
    renderWithProviders(<TodoPage />);
    expect(await screen.findByText('Could not load your to-do list')).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('TodoPage layout', () => {
  // The offline tests above leave React Query offline (test/setup.ts puts it back only after the
  // file): its mutations would wait for the network.
  // Earlier tests' Undo offers are still shown for a few seconds.
  beforeEach(() => {
    onlineManager.setOnline(true);
    act(() => notifications.clean());
  });

  it('draws the default view as rows unless Cards was chosen, and remembers the choice', async () => {
    signIn();
    let list = { todos: [item(6, 'First'), item(5, 'Second')], completed: [item(1, 'Ship', true)] };
    const fetchMock = mockFetch({
      'GET /api/me': { body: me },
      'GET /api/todo': () => ({ body: list }),
      'PUT /api/todo': (init) => {
        const { todo_id } = JSON.parse(String(init?.body));
        const done = { ...list.todos.find((t) => t.id === todo_id), completed: true } as Todo;
        list = { todos: list.todos.filter((t) => t.id !== todo_id), completed: [done, ...list.completed] };
        return { body: done };
      },
    });
    const { user } = renderWithProviders(<TodoPage />);
    const first = await screen.findByRole('listitem', { name: 'First' });
    expect(screen.queryByRole('article')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Completed Todos' })).getByRole('checkbox')).toBeChecked();

    await user.click(within(first).getByRole('checkbox', { name: 'Mark Complete First' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/todo')[0]?.body).toEqual({ todo_id: 6 }));
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Second' })).toHaveFocus());
    const offer = await screen.findByText('Completed “First”');
    expect(within(offer.parentElement as HTMLElement).getByRole('button', { name: 'Undo' })).toBeInTheDocument();

    await user.click(screen.getByText('Cards'));
    expect(await screen.findByRole('article', { name: 'Second' })).toBeInTheDocument();
    expect(localStorage.getItem(LAYOUT_KEY)).toBe('cards');
  });

  it('draws the chips the other views draw: due date and repetition, priority, labels and list', async () => {
    signIn();
    localStorage.removeItem(LAYOUT_KEY);
    const rent = item(2, 'Pay rent', false, '', {
      list_id: 3,
      due: { date: '2026-01-01', time: null, zone: 'UTC' },
      priority: 1,
      labels: ['Bills', 'Home'],
      recurrence: { rule: 'FREQ=MONTHLY', basis: 'due' },
    });
    mockFetch({
      'GET /api/me': { body: me },
      'GET /api/todo': { body: { todos: [rent, item(1, 'Call mum')], completed: [] } },
      'GET /api/todo/lists': { body: overview([todoList(3, 'Flat')], 1) },
      'GET /api/todo/labels': { body: { labels: [todoLabel('Bills'), todoLabel('Home')] } },
    });
    renderWithProviders(<TodoPage />);
    const row = await screen.findByRole('listitem', { name: 'Pay rent' });
    expect(await within(row).findByText('#Flat')).toBeInTheDocument();
    expect(within(row).getByText('@Bills')).toBeInTheDocument();
    expect(within(row).getByText('@Home')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Priority 1' })).toBeInTheDocument();
    // Due on 1 January 2026, before today: overdue, and repeating.
    expect(within(row).getByTitle('Overdue')).toHaveTextContent(/↻$/);
    // An item in the Inbox says so, as in Today or a label's view; no date, priority or label: no chip.
    const plain = screen.getByRole('listitem', { name: 'Call mum' });
    expect(within(plain).getByText('#Inbox')).toBeInTheDocument();
    expect(within(plain).queryByRole('img')).toBeNull();
    expect(within(plain).queryByText(/^@/)).toBeNull();
  });
});
