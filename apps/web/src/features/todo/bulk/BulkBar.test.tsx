import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../../test/cookies';
import { apiError, callsTo, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { overview, todoLabel, todoList } from '../sidebar/test-fixtures';
import { BulkBar } from './BulkBar';
import { todoTask } from './test-fixtures';

const BULK = '/api/todo/tasks/bulk';
const selected = [todoTask(1), todoTask(2, { list_id: 3 })];
const lists = [
  todoList(3, 'Work'),
  todoList(4, 'Shopping', { role: 'editor', owner: { id: 12, username: 'sam' } }),
  todoList(5, 'Family', { role: 'viewer', owner: { id: 12, username: 'sam' } }),
  todoList(6, 'Old', { archived: true }),
];

function renderBar(
  bulk: Parameters<typeof mockFetch>[0][string] = { body: { count: 2, tasks: [] } },
  tasks = selected,
) {
  setCookie('csrftoken', 'csrf-123');
  const fetchMock = mockFetch({
    'GET /api/todo/lists': { body: overview(lists) },
    'GET /api/todo/labels': { body: { labels: [todoLabel('Bills')] } },
    [`POST ${BULK}`]: bulk,
  });
  const onDone = vi.fn();
  const rendered = renderWithProviders(<BulkBar selected={tasks} onDone={onDone} />);
  return { ...rendered, fetchMock, onDone };
}

const bar = () => screen.getByRole('toolbar', { name: 'Selected tasks' });
const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

describe('BulkBar', () => {
  beforeEach(() => {
    // Earlier tests' notifications (an Undo stays 5 s) would fill the few shown at once.
    notifications.clean();
    notifications.cleanQueue();
    // Only Date is faked: Reschedule's Today/Tomorrow/Next week count from a Thursday noon (UTC).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows nothing without a selection', () => {
    renderBar(undefined, []);
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('completes the selection in one call, calls onDone and offers an Undo that reopens them', async () => {
    const { user, fetchMock, onDone } = renderBar();
    expect(within(bar()).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(bar()).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, 'POST', BULK)[0]?.body).toEqual({ action: 'complete', ids: [1, 2] });
    expect(await screen.findByText('2 tasks completed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', BULK)).toHaveLength(2));
    expect(callsTo(fetchMock, 'POST', BULK)[1]?.body).toEqual({ action: 'uncomplete', ids: [1, 2] });
  });

  it('moves to the Inbox or a list I may change, never to a list I only view', async () => {
    const { user, fetchMock } = renderBar();
    await user.click(within(bar()).getByRole('button', { name: 'Move to…' }));
    expect(await screen.findByRole('menuitem', { name: 'Shopping' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Family' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Old' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Work' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', BULK)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', BULK)[0]?.body).toEqual({ action: 'move', ids: [1, 2], list_id: 3 });

    await user.click(within(bar()).getByRole('button', { name: 'Move to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Inbox' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', BULK)).toHaveLength(2));
    expect(callsTo(fetchMock, 'POST', BULK)[1]?.body).toEqual({ action: 'move', ids: [1, 2], list_id: null });
  });

  it('labels with a typed label after checking it', async () => {
    const { user, fetchMock } = renderBar();
    await user.click(within(bar()).getByRole('button', { name: 'Label…' }));
    const form = await screen.findByRole('form', { name: 'Label the selected tasks' });
    await user.click(within(form).getByRole('button', { name: 'Add label' }));
    expect(await within(form).findByText('Label is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', BULK)).toHaveLength(0);
    await user.type(within(form).getByLabelText('Label'), ' urgent ');
    await user.click(within(form).getByRole('button', { name: 'Add label' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', BULK)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', BULK)[0]?.body).toEqual({ action: 'label', ids: [1, 2], label: 'urgent' });
  });

  it('reschedules to today, tomorrow, next week, a picked date or no date', async () => {
    const { user, fetchMock } = renderBar();
    const pick = async (item: string) => {
      await user.click(within(bar()).getByRole('button', { name: 'Reschedule…' }));
      await user.click(await screen.findByRole('menuitem', { name: item }));
    };
    const sent = async (count: number) => {
      await waitFor(() => expect(callsTo(fetchMock, 'POST', BULK)).toHaveLength(count));
      return callsTo(fetchMock, 'POST', BULK)[count - 1]?.body;
    };
    const due = (date: string) => ({ action: 'reschedule', ids: [1, 2], due: { date, time: null, zone: zone() } });
    await pick('Today');
    expect(await sent(1)).toEqual(due('2026-11-26'));
    await pick('Tomorrow');
    expect(await sent(2)).toEqual(due('2026-11-27'));
    await pick('Next week');
    expect(await sent(3)).toEqual(due('2026-11-30'));
    await pick('No date');
    expect(await sent(4)).toEqual({ action: 'reschedule', ids: [1, 2], due: null });

    await pick('Pick a date…');
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule to a date' });
    const input = within(dialog).getByLabelText('Due date');
    await user.clear(input);
    await user.type(input, '2027-02-14');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await sent(5)).toEqual(due('2027-02-14'));
  });

  it('asks before deleting and offers no Undo for it', async () => {
    const { user, fetchMock, onDone } = renderBar();
    await user.click(within(bar()).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 tasks' });
    expect(dialog).toHaveTextContent('This cannot be undone');
    expect(callsTo(fetchMock, 'POST', BULK)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'POST', BULK)[0]?.body).toEqual({ action: 'delete', ids: [1, 2] });
    const notice = (await screen.findByText('2 tasks deleted')).closest('[role="alert"]');
    expect(notice).not.toBeNull();
    expect(within(notice as HTMLElement).queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('keeps the selection and says why when the server refuses', async () => {
    const { user, onDone } = renderBar(apiError(404, 'Some of these tasks are not yours to change'));
    await user.click(within(bar()).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Could not complete the tasks')).toBeInTheDocument();
    expect(screen.getByText('Some of these tasks are not yours to change')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('drops the selection with Clear selection, sending nothing', async () => {
    const { user, fetchMock, onDone } = renderBar();
    await user.click(within(bar()).getByRole('button', { name: 'Clear selection' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(callsTo(fetchMock, 'POST', BULK)).toHaveLength(0);
  });
});
