import { notifications } from '@mantine/notifications';
import type { TodoTask } from '@site/contract';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../../test/cookies';
import { apiError, callsTo, holdRequests, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { tasksOf, useCompleteTask, useCreateTask, useMoveTask, useTasks, useUpdateTask } from '../api/use-tasks';
import { todoTask } from '../bulk/test-fixtures';
import type { TodoViewRef } from '../todo-views';
import { TodoSyncStatus } from './TodoSyncStatus';
import { conflictMessage, pendingChanges } from './todo-changes';

const INBOX: TodoViewRef = { view: 'inbox' };

/** The to-do hooks as the page uses them, with a button per change. */
function Harness() {
  const tasks = tasksOf(useTasks(INBOX).data);
  const create = useCreateTask();
  const complete = useCompleteTask();
  const update = useUpdateTask();
  const move = useMoveTask();
  const named = (title: string) => tasks.find((t) => t.title === title) as TodoTask;
  // Task 1 ('Walk' until renamed).
  const first = tasks.find((t) => t.id === 1) as TodoTask;
  return (
    <>
      <TodoSyncStatus />
      <ul aria-label="Inbox">
        {tasks.map((t) => (
          <li key={t.id}>{t.title}</li>
        ))}
      </ul>
      <button type="button" onClick={() => create.mutate({ body: { title: 'Buy milk' }, view: INBOX })}>
        Add
      </button>
      <button type="button" onClick={() => complete.mutate({ task: named('Buy milk'), completed: true })}>
        Complete new
      </button>
      <button type="button" onClick={() => complete.mutate({ task: first, completed: true })}>
        Complete Walk
      </button>
      <button type="button" onClick={() => update.mutate({ task: first, changes: { title: 'Run' } })}>
        Rename Walk
      </button>
      <button
        type="button"
        onClick={() => move.mutate({ task: named('Walk'), list_id: null, after_id: named('Buy milk').id })}
      >
        Walk after milk
      </button>
    </>
  );
}

const shown = () => screen.getAllByRole('listitem').map((li) => li.textContent);
const signIn = () => {
  localStorage.setItem('token', 't');
  localStorage.setItem('userId', '7');
  localStorage.setItem('username', 'dana');
  setCookie('csrftoken', 'csrf-123');
};
/** The browser's own word (restore reads it) and React Query's (which pauses the queue). */
function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    onlineManager.setOnline(online);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}
const paths = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`)
    .filter((call) => !call.startsWith('GET'));

beforeEach(signIn);
afterEach(() => {
  vi.useRealTimers();
  setOnline(true);
  act(() => notifications.clean());
});

describe('to-do changes made offline', () => {
  it('shows them at once, sends them in order one at a time on reconnect, naming a new task by its saved id', async () => {
    const walk = todoTask(1, { title: 'Walk', position: 'a1' });
    const fetchMock = mockFetch({
      'GET /api/todo/tasks': { body: { tasks: [walk], next_cursor: null, open_count: 1 } },
      'POST /api/todo/tasks': { body: todoTask(77, { title: 'Buy milk', position: 'a2' }) },
      'POST /api/todo/tasks/77/complete': { body: todoTask(77, { title: 'Buy milk', completed: true }) },
      'POST /api/todo/tasks/1/move': { body: walk },
    });
    const { user } = renderWithProviders(<Harness />);
    await screen.findByText('Walk');
    setOnline(false);

    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Walk after milk' }));
    expect(shown()).toEqual(['Buy milk', 'Walk']);
    await user.click(screen.getByRole('button', { name: 'Complete new' }));
    expect(shown()).toEqual(['Walk']);
    expect(screen.getByRole('status')).toHaveTextContent('(3 changes waiting)');
    expect(paths(fetchMock)).toEqual([]);

    const create = holdRequests(fetchMock, 'POST', '/api/todo/tasks');
    setOnline(true);
    expect(await screen.findByText('Syncing 3 changes…')).toBeInTheDocument();
    await waitFor(() => expect(paths(fetchMock)).toEqual(['POST /api/todo/tasks']));
    create.release();
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    expect(paths(fetchMock)).toEqual([
      'POST /api/todo/tasks',
      'POST /api/todo/tasks/1/move',
      'POST /api/todo/tasks/77/complete',
    ]);
    expect(callsTo(fetchMock, 'POST', '/api/todo/tasks/1/move')[0]?.body).toEqual({ list_id: null, after_id: 77 });
  });

  it('keeps them through a reload offline and sends an edit with what it changed and when', async () => {
    setOnline(false);
    const walk = todoTask(1, { title: 'Walk' });
    const fetchMock = mockFetch({
      'GET /api/todo/tasks': { body: { tasks: [walk], next_cursor: null, open_count: 1 } },
      'PATCH /api/todo/tasks/1': { body: { ...walk, title: 'Run', conflicts: [] } },
    });
    // The first page had the list from before (queries wait offline: the test gives it).
    const first = renderWithProviders(<Harness />);
    first.queryClient.setQueryData(['todo', 'tasks', INBOX], {
      pages: [{ tasks: [walk], next_cursor: null, open_count: 1 }],
      pageParams: [null],
    });
    await first.user.click(await screen.findByRole('button', { name: 'Rename Walk' }));
    expect(await screen.findByText('Run')).toBeInTheDocument();
    first.unmount();

    // A new page: a new client, the queue read from storage.
    renderWithProviders(<Harness />);
    expect(await screen.findByRole('status')).toHaveTextContent('(1 change waiting)');
    expect(paths(fetchMock)).toEqual([]);
    setOnline(true);
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    const [patch] = callsTo(fetchMock, 'PATCH', '/api/todo/tasks/1');
    expect(patch?.body).toEqual({ title: 'Run', base: { title: 'Walk' }, edited_at: expect.any(String) });
    expect(Date.parse(patch?.body.edited_at)).not.toBeNaN();
  });

  it('drops a change the server refuses, says so, and sends the next one', async () => {
    const walk = todoTask(1, { title: 'Walk' });
    const fetchMock = mockFetch({
      'GET /api/todo/tasks': { body: { tasks: [walk], next_cursor: null, open_count: 1 } },
      'POST /api/todo/tasks/1/complete': apiError(404, 'Task not found'),
      'PATCH /api/todo/tasks/1': { body: { ...walk, title: 'Walk', conflicts: ['title'] } },
    });
    const { user } = renderWithProviders(<Harness />);
    await screen.findByText('Walk');
    setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Rename Walk' }));
    await user.click(screen.getByRole('button', { name: 'Complete Walk' }));
    setOnline(true);

    expect(await screen.findByText('Could not complete the task')).toBeInTheDocument();
    expect(screen.getByText('Task not found')).toBeInTheDocument();
    // The edit met a newer title made elsewhere: the server kept it and the page says so.
    expect(await screen.findByText('Kept the newer change to the title made elsewhere')).toBeInTheDocument();
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    expect(paths(fetchMock)).toEqual(['PATCH /api/todo/tasks/1', 'POST /api/todo/tasks/1/complete']);
  });

  it.each([
    ['met a network failure', { networkError: true }],
    ['got the proxy’s answer in place of the site’s (502)', apiError(502, 'Bad Gateway')],
  ] as const)('keeps a change whose request %s, and sends it again under its key', async (_, failure) => {
    const walk = todoTask(1, { title: 'Walk' });
    let down = true;
    const fetchMock = mockFetch({
      'GET /api/todo/tasks': { body: { tasks: [walk], next_cursor: null, open_count: 1 } },
      'PATCH /api/todo/tasks/1': () => (down ? failure : { body: { ...walk, title: 'Run' } }),
    });
    renderWithProviders(<Harness />);
    await screen.findByText('Walk');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Walk' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callsTo(fetchMock, 'PATCH', '/api/todo/tasks/1')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Syncing 1 change…');
    down = false;
    // The retry waits a little (longer after each failure), then goes again.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    const keys = requestsTo(fetchMock, 'PATCH', '/api/todo/tasks/1').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(screen.getByRole('status')).toHaveTextContent('All changes saved');
    expect(screen.queryByText('Could not save the task')).toBeNull();
  });

  it('sends a change again after a reload under the key of its first sending, so the server does it once', async () => {
    const walk = todoTask(1, { title: 'Walk' });
    const fetchMock = mockFetch({
      'GET /api/todo/tasks': { body: { tasks: [walk], next_cursor: null, open_count: 1 } },
      'PATCH /api/todo/tasks/1': { body: { ...walk, title: 'Run', conflicts: [] } },
      'POST /api/todo/tasks/1/complete': { body: { ...walk, completed: true } },
    });
    const held = holdRequests(fetchMock, 'PATCH', '/api/todo/tasks/1');
    const first = renderWithProviders(<Harness />);
    await screen.findByText('Walk');
    await first.user.click(screen.getByRole('button', { name: 'Rename Walk' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/todo/tasks/1')).toHaveLength(1));
    // The page goes away while the request is on its way: whether the server did it is unknown.
    first.unmount();
    held.release();

    const { user, queryClient } = renderWithProviders(<Harness />);
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/todo/tasks/1')).toHaveLength(2));
    await waitFor(() => expect(pendingChanges(queryClient)).toBe(0));
    const [sent, resent] = requestsTo(fetchMock, 'PATCH', '/api/todo/tasks/1').map((r) =>
      r.headers.get('Idempotency-Key'),
    );
    expect(sent).toMatch(/^[0-9a-f]{32}$/);
    expect(resent).toBe(sent);
    // Another change is another key.
    await user.click(await screen.findByRole('button', { name: 'Complete Walk' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/todo/tasks/1/complete')).toHaveLength(1));
    const [complete] = requestsTo(fetchMock, 'POST', '/api/todo/tasks/1/complete');
    expect(complete?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(complete?.headers.get('Idempotency-Key')).not.toBe(sent);
  });

  it('names the fields kept in plain words', () => {
    expect(conflictMessage(['title'])).toBe('Kept the newer change to the title made elsewhere');
    expect(conflictMessage(['title', 'description', 'due'])).toBe(
      'Kept the newer changes to the title, notes and due date made elsewhere',
    );
  });
});
