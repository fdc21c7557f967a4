import { notifications } from '@mantine/notifications';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setCookie } from '../../../test/cookies';
import { apiError, callsTo, holdRequests, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { useCompleteTask, useCreateTask, useMoveTask, useRemoveTask } from '../api/use-tasks';
import { useCompleteTodo, useCreateTodo, useDeleteTodo, useTodos } from '../api/use-todos';
import { todoTask } from '../bulk/test-fixtures';
import { TodoSidebar } from '../sidebar/TodoSidebar';
import { overview, todoLabel, todoList } from '../sidebar/test-fixtures';
import type { TodoViewRef } from '../todo-views';

const INBOX: TodoViewRef = { view: 'inbox' };
const walk = todoTask(1, { title: 'Walk', labels: ['Bills'] });
const pay = todoTask(2, { title: 'Pay', list_id: 2, labels: ['bills'] });

/** The side bar beside a button per change, as the page has them. */
function Harness() {
  const create = useCreateTask();
  const complete = useCompleteTask();
  const remove = useRemoveTask();
  const move = useMoveTask();
  return (
    <>
      <TodoSidebar current={INBOX} />
      <button
        type="button"
        onClick={() => create.mutate({ body: { title: 'Buy milk', labels: ['BILLS'] }, view: INBOX })}
      >
        Add
      </button>
      <button type="button" onClick={() => complete.mutate({ task: walk, completed: true })}>
        Complete Walk
      </button>
      <button type="button" onClick={() => remove.mutate(pay)}>
        Delete Pay
      </button>
      <button type="button" onClick={() => move.mutate({ task: walk, list_id: 2 })}>
        Move Walk
      </button>
    </>
  );
}

/** The default view's changes (the seed's calls) beside the side bar. */
function SeedHarness() {
  const todos = useTodos();
  const create = useCreateTodo();
  const complete = useCompleteTodo();
  const remove = useDeleteTodo();
  return (
    <>
      <TodoSidebar current={{ view: 'all' }} />
      <p>{todos.data ? 'Loaded' : 'Loading'}</p>
      <button type="button" onClick={() => create.mutate({ title: 'Buy milk' })}>
        Add
      </button>
      <button type="button" onClick={() => complete.mutate(walk.id)}>
        Complete Walk
      </button>
      <button type="button" onClick={() => remove.mutate(pay.id)}>
        Delete Pay
      </button>
    </>
  );
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    onlineManager.setOnline(online);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function renderHarness(routes: Parameters<typeof mockFetch>[0] = {}, harness = <Harness />) {
  const fetchMock = mockFetch({
    'GET /api/todo/tasks': { body: { tasks: [walk], next_cursor: null, open_count: 1 } },
    'GET /api/todo': { body: { todos: [walk, pay], completed: [] } },
    'GET /api/todo/lists': { body: overview([todoList(2, 'Groceries', { open_count: 1 })], 1) },
    'GET /api/todo/labels': { body: { labels: [todoLabel('Bills', { open_count: 2 })] } },
    ...routes,
  });
  return { ...renderWithProviders(harness), fetchMock };
}

/** The open count a side-bar link shows, as a screen reader hears it ("" when none: 0 is not drawn). */
const countOf = (name: RegExp) => {
  const link = within(screen.getByRole('navigation', { name: 'To-do views' })).getByRole('link', { name });
  return (
    within(link)
      .queryByText(/ open$/)
      ?.textContent?.replace(' open', '') ?? ''
  );
};
const counts = () => ({ inbox: countOf(/Inbox/), groceries: countOf(/Groceries/), bills: countOf(/Bills/) });

beforeEach(() => {
  localStorage.setItem('token', 't');
  localStorage.setItem('userId', '7');
  localStorage.setItem('username', 'dana');
  setCookie('csrftoken', 'csrf-123');
});
afterEach(() => {
  setOnline(true);
  act(() => notifications.clean());
});

describe('the side bar’s open counts follow a change made offline', () => {
  it('counts an added task in its list and labels at once, and takes a completed, deleted or moved one out', async () => {
    const { user, fetchMock } = renderHarness();
    expect(await screen.findByText('2 open')).toBeInTheDocument();
    expect(counts()).toEqual({ inbox: '1', groceries: '1', bills: '2' });
    setOnline(false);

    // Its label whatever the case typed: 'BILLS' is the label Bills.
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(counts()).toEqual({ inbox: '2', groceries: '1', bills: '3' });
    await user.click(screen.getByRole('button', { name: 'Complete Walk' }));
    expect(counts()).toEqual({ inbox: '1', groceries: '1', bills: '2' });
    await user.click(screen.getByRole('button', { name: 'Delete Pay' }));
    expect(counts()).toEqual({ inbox: '1', groceries: '', bills: '1' });
    expect(callsTo(fetchMock, 'POST', '/api/todo/tasks')).toEqual([]);
  });

  it('moves a task’s count from its list to the one it goes to', async () => {
    const { user } = renderHarness();
    expect(await screen.findByText('2 open')).toBeInTheDocument();
    setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Move Walk' }));
    expect(counts()).toEqual({ inbox: '', groceries: '2', bills: '2' });
  });

  it('follows the default view’s items too (the seed’s calls), which carry their list and labels', async () => {
    const { user } = renderHarness({}, <SeedHarness />);
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
    expect(await screen.findByText('2 open')).toBeInTheDocument();
    setOnline(false);
    // The seed's call adds to the Inbox, without labels.
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(counts()).toEqual({ inbox: '2', groceries: '1', bills: '2' });
    await user.click(screen.getByRole('button', { name: 'Complete Walk' }));
    expect(counts()).toEqual({ inbox: '1', groceries: '1', bills: '1' });
    await user.click(screen.getByRole('button', { name: 'Delete Pay' }));
    expect(counts()).toEqual({ inbox: '1', groceries: '', bills: '' });
  });

  it('puts the counts back when the server refuses the change', async () => {
    const { user, fetchMock } = renderHarness({
      'POST /api/todo/tasks/1/complete': apiError(404, 'Task not found'),
    });
    expect(await screen.findByText('2 open')).toBeInTheDocument();
    // The side bar's fresh answers after the refusal wait, so what shows is the rollback's.
    const lists = holdRequests(fetchMock, 'GET', '/api/todo/lists');
    const labels = holdRequests(fetchMock, 'GET', '/api/todo/labels');
    setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Complete Walk' }));
    expect(counts()).toEqual({ inbox: '', groceries: '1', bills: '1' });

    setOnline(true);
    expect(await screen.findByText('Could not complete the task')).toBeInTheDocument();
    expect(counts()).toEqual({ inbox: '1', groceries: '1', bills: '2' });
    lists.release();
    labels.release();
  });
});
