import type { TodoListMembersResponse } from '@site/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../../test/cookies';
import { apiError, callsTo, holdRequests, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ShareListModal } from './ShareListModal';
import { me, overview, todoList } from './test-fixtures';

const mine = todoList(2, 'Groceries');
const theirs = todoList(9, 'Family', { role: 'editor', owner: { id: 12, username: 'sam' } });
const member = (id: number, username: string, role: 'viewer' | 'editor') => ({
  id,
  username,
  role,
  added_at: '2026-01-01T00:00:00.000Z',
});

function renderSharing(list: typeof mine, members: TodoListMembersResponse, routes: Parameters<typeof mockFetch>[0]) {
  setCookie('csrftoken', 'csrf-123');
  const fetchMock = mockFetch({
    'GET /api/me': { body: me },
    'GET /api/todo/lists': { body: overview([mine, theirs]) },
    [`GET /api/todo/lists/${list.id}/members`]: { body: members },
    ...routes,
  });
  const onClose = vi.fn();
  const onLeft = vi.fn();
  const rendered = renderWithProviders(<ShareListModal list={list} onClose={onClose} onLeft={onLeft} />);
  return { ...rendered, fetchMock, onClose, onLeft };
}

const owned = { owner: { id: 7, username: 'dana' }, members: [member(9, 'lee', 'viewer')] };

describe('ShareListModal for the owner', () => {
  it('says an unknown username plainly and takes the pending row away', async () => {
    const { user, fetchMock } = renderSharing(mine, owned, {
      'PUT /api/todo/lists/2/members': apiError(404, 'No user with that username'),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Sharing Groceries' });
    await user.click(await within(dialog).findByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByText('Username is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/todo/lists/2/members')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'nobody');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByText('No user with that username')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/todo/lists/2/members')[0]?.body).toEqual({
      username: 'nobody',
      role: 'viewer',
    });
    const members = within(dialog).getByRole('list', { name: 'Members' });
    expect(within(members).queryByText('nobody')).toBeNull();
    expect(within(members).getByText('lee')).toBeInTheDocument();
  });

  it('adds someone as an editor, changes a role and removes a member', async () => {
    const { user, fetchMock } = renderSharing(mine, owned, {
      'PUT /api/todo/lists/2/members': (init) => {
        const body = JSON.parse(String(init?.body));
        return {
          body: {
            ...owned,
            members:
              body.username === 'lee'
                ? [member(9, 'lee', body.role)]
                : [member(9, 'lee', 'viewer'), member(15, body.username, body.role)],
          },
        };
      },
      'DELETE /api/todo/lists/2/members/9': { body: { success: true } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Sharing Groceries' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Username' }), 'kim');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'editor');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByRole('combobox', { name: 'Role of kim' })).toHaveValue('editor');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Role of kim' })).toBeEnabled());
    expect(callsTo(fetchMock, 'PUT', '/api/todo/lists/2/members')[0]?.body).toEqual({
      username: 'kim',
      role: 'editor',
    });
    expect(within(dialog).getByRole('textbox', { name: 'Username' })).toHaveValue('');

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role of lee' }), 'editor');
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/todo/lists/2/members')).toHaveLength(2));
    expect(callsTo(fetchMock, 'PUT', '/api/todo/lists/2/members')[1]?.body).toEqual({
      username: 'lee',
      role: 'editor',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Remove lee' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/todo/lists/2/members/9')).toHaveLength(1));
    expect(within(dialog).queryByText('lee')).toBeNull();
  });

  it('puts a role back with a message when the server refuses the change', async () => {
    const { user, fetchMock } = renderSharing(mine, owned, {
      'PUT /api/todo/lists/2/members': apiError(503, 'Database is unavailable'),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Sharing Groceries' });
    const held = holdRequests(fetchMock, 'GET', '/api/todo/lists/2/members');
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Role of lee' }), 'editor');
    expect(await screen.findByText("Could not change lee's role")).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Role of lee' })).toHaveValue('viewer');
    held.release();
  });
});

describe('ShareListModal for a member', () => {
  it('shows the members without the owner’s tools and lets me leave after asking', async () => {
    const { user, fetchMock, onLeft } = renderSharing(
      theirs,
      { owner: { id: 12, username: 'sam' }, members: [member(7, 'dana', 'editor'), member(9, 'lee', 'viewer')] },
      { 'DELETE /api/todo/lists/9/members/7': { body: { success: true } } },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sharing Family' });
    expect(await within(dialog).findByText('sam')).toBeInTheDocument();
    expect(within(dialog).getByText('lee')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Username' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Leave list' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave list' });
    expect(callsTo(fetchMock, 'DELETE', '/api/todo/lists/9/members/7')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Leave list' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/todo/lists/9/members/7')).toHaveLength(1));
    await waitFor(() => expect(onLeft).toHaveBeenCalledWith(theirs));
  });
});
