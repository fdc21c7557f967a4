import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../../test/cookies';
import { apiError, callsTo, holdRequests, mockFetch } from '../../../test/fetch-mock';
import { findLabelled } from '../../../test/queries';
import { renderWithProviders } from '../../../test/render';
import { type TodoViewRef, todoViewHref } from '../todo-views';
import { TodoSidebar } from './TodoSidebar';
import { me, overview, todoLabel, todoList } from './test-fixtures';

const groceries = todoList(2, 'Groceries', { colour: 'green', open_count: 3 });
const work = todoList(3, 'Work', { open_count: 1 });
const old = todoList(4, 'Old plans', { archived: true });
const family = todoList(9, 'Family', { role: 'viewer', owner: { id: 12, username: 'sam' }, open_count: 2 });

function Where() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

function renderSidebar(
  routes: Parameters<typeof mockFetch>[0],
  { current = { view: 'all' } as TodoViewRef, onNavigate = vi.fn() } = {},
) {
  setCookie('csrftoken', 'csrf-123');
  const fetchMock = mockFetch({
    'GET /api/todo/lists': { body: overview([groceries, work, old, family], 5) },
    'GET /api/todo/labels': { body: { labels: [todoLabel('Bills', { colour: 'red', open_count: 4 })] } },
    ...routes,
  });
  const rendered = renderWithProviders(
    <>
      <TodoSidebar current={current} onNavigate={onNavigate} />
      <Where />
    </>,
    { route: todoViewHref(current) },
  );
  return { ...rendered, fetchMock, onNavigate };
}

const nav = () => screen.getByRole('navigation', { name: 'To-do views' });
const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

async function openMenu(user: ReturnType<typeof renderSidebar>['user'], name: string) {
  await user.click(await findLabelled('button', `Actions for ${name}`));
}

describe('TodoSidebar navigation', () => {
  it('links every view, marks the current one, shows the counts and calls onNavigate on a click', async () => {
    const { user, onNavigate } = renderSidebar({}, { current: { view: 'list', listId: 2 } });
    const link = await within(nav()).findByRole('link', { name: /Groceries/ });
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(link).toHaveAttribute('href', '/apps/todo?list=2');
    expect(link).toHaveTextContent('3 open');
    expect(within(nav()).getByRole('link', { name: 'Todo List' })).not.toHaveAttribute('aria-current');
    expect(within(nav()).getByRole('link', { name: /Inbox/ })).toHaveTextContent('5 open');
    for (const [name, href] of [
      ['Today', '/apps/todo?view=today'],
      ['Upcoming', '/apps/todo?view=upcoming'],
      ['Completed', '/apps/todo?view=completed'],
    ])
      expect(within(nav()).getByRole('link', { name })).toHaveAttribute('href', href);

    // A list shared with me says whose it is; an archived one waits under a collapsed Archived.
    expect(within(nav()).getByRole('link', { name: /Family/ })).toHaveTextContent('Shared by sam');
    expect(within(nav()).queryByRole('link', { name: /Old plans/ })).toBeNull();
    await user.click(within(nav()).getByRole('button', { name: 'Archived (1)' }));
    expect(within(nav()).getByRole('button', { name: 'Archived (1)' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav()).getByRole('link', { name: /Old plans/ })).toBeInTheDocument();

    const label = await within(nav()).findByRole('link', { name: /Bills/ });
    expect(label).toHaveAttribute('href', '/apps/todo?label=Bills');
    expect(label).toHaveTextContent('4 open');

    await user.click(within(nav()).getByRole('link', { name: 'Today' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(address()).toBe('/apps/todo?view=today');
  });

  it('opens Archived when the page shows an archived list, and unarchives it for the owner', async () => {
    const { user, fetchMock } = renderSidebar(
      { 'PATCH /api/todo/lists/4': { body: { ...old, archived: false } } },
      { current: { view: 'list', listId: 4 } },
    );
    expect(await within(nav()).findByRole('link', { name: /Old plans/ })).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).getByRole('button', { name: 'Archived (1)' })).toHaveAttribute('aria-expanded', 'true');
    await openMenu(user, 'Old plans');
    await user.click(await screen.findByRole('menuitem', { name: 'Unarchive' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/todo/lists/4')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/todo/lists/4')[0]?.body).toEqual({ archived: false });
  });

  it('shows a readable message and a retry when the lists cannot load', async () => {
    renderSidebar({ 'GET /api/todo/lists': apiError(503, 'Database is unavailable') });
    expect(await screen.findByText('Could not load your lists')).toBeInTheDocument();
    expect(screen.getByText('Database is unavailable')).toBeInTheDocument();
    // The fixed views stay usable.
    expect(within(nav()).getByRole('link', { name: 'Today' })).toBeInTheDocument();
  });
});

describe('TodoSidebar list management', () => {
  it('gives the owner the list tools and a member only the sharing dialog', async () => {
    const { user } = renderSidebar({});
    await openMenu(user, 'Groceries');
    for (const item of ['Rename…', 'Change colour…', 'Share…', 'Archive', 'Delete…'])
      expect(await screen.findByRole('menuitem', { name: item })).toBeInTheDocument();
    // The first of my lists cannot go further up.
    expect(screen.getByRole('menuitem', { name: 'Move up' })).toBeDisabled();
    await user.keyboard('{Escape}');

    // My lists have drag handles; a list shared with me has none.
    expect(within(nav()).getByRole('button', { name: 'Drag Groceries' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: 'Drag Family' })).toBeNull();
    // Described by the drag instructions under an id of React's, the same when drawn on the server.
    const described = within(nav()).getByRole('button', { name: 'Drag Groceries' }).getAttribute('aria-describedby');
    expect(described).not.toMatch(/^DndDescribedBy-\d+$/);
    expect(document.getElementById(described ?? '')).toHaveTextContent('To reorder, press space on the handle');

    await openMenu(user, 'Family');
    expect(await screen.findByRole('menuitem', { name: 'Sharing…' })).toBeInTheDocument();
    for (const item of ['Rename…', 'Share…', 'Archive', 'Delete…', 'Move up'])
      expect(screen.queryByRole('menuitem', { name: item })).toBeNull();
  });

  it('checks a new list’s name and the list limit before asking, then opens the new list', async () => {
    const created = todoList(20, 'Garden', { colour: 'teal' });
    let lists = [groceries, work];
    const { user, fetchMock, onNavigate } = renderSidebar({
      'GET /api/todo/lists': () => ({ body: overview(lists) }),
      'POST /api/todo/lists': () => {
        lists = [...lists, created];
        return { body: created };
      },
    });
    await user.click(await findLabelled('button', 'New list'));
    const dialog = await screen.findByRole('dialog', { name: 'New list' });
    await user.click(within(dialog).getByRole('button', { name: 'Add list' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.paste('x'.repeat(61));
    await user.click(within(dialog).getByRole('button', { name: 'Add list' }));
    expect(await within(dialog).findByText('Name must be at most 60 characters')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/todo/lists')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.paste('  Garden ');
    await user.click(within(dialog).getByRole('button', { name: 'Teal' }));
    expect(within(dialog).getByRole('button', { name: 'Teal' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Add list' }));
    await waitFor(() => expect(address()).toBe('/apps/todo?list=20'));
    expect(callsTo(fetchMock, 'POST', '/api/todo/lists')[0]?.body).toEqual({ name: 'Garden', colour: 'teal' });
    expect(onNavigate).toHaveBeenCalled();
    expect(await within(nav()).findByRole('link', { name: /Garden/ })).toBeInTheDocument();
  });

  it('refuses a list over the limit in the server’s words without asking it', async () => {
    const many = Array.from({ length: 100 }, (_, i) => todoList(100 + i, `List ${i}`));
    const { user, fetchMock } = renderSidebar({
      'GET /api/todo/lists': { body: overview(many) },
    });
    await user.click(await findLabelled('button', 'New list'));
    const dialog = await screen.findByRole('dialog', { name: 'New list' });
    await user.click(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.paste('One more');
    await user.click(within(dialog).getByRole('button', { name: 'Add list' }));
    expect(
      await within(dialog).findByText('You can have at most 100 lists. Delete one to add another.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/todo/lists')).toHaveLength(0);
  });

  it('shows the server’s message when it refuses a new list', async () => {
    const { user } = renderSidebar({
      'POST /api/todo/lists': apiError(400, 'Name may not contain control characters', {
        name: 'Name may not contain control characters',
      }),
    });
    await user.click(await findLabelled('button', 'New list'));
    const dialog = await screen.findByRole('dialog', { name: 'New list' });
    await user.click(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.paste('Trips');
    await user.click(within(dialog).getByRole('button', { name: 'Add list' }));
    expect(await within(dialog).findByText('Name may not contain control characters')).toBeInTheDocument();
  });

  it('renames a list at once and puts the old name back with a message when the server refuses', async () => {
    const { user, fetchMock } = renderSidebar({
      'PATCH /api/todo/lists/2': apiError(403, 'You can only view this list'),
    });
    await openMenu(user, 'Groceries');
    await user.click(await screen.findByRole('menuitem', { name: 'Rename…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Groceries' });
    // Later reads of the overview wait, so only the rollback can bring the old name back.
    const held = holdRequests(fetchMock, 'GET', '/api/todo/lists');
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.paste('Food');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(callsTo(fetchMock, 'PATCH', '/api/todo/lists/2')[0]?.body).toEqual({ name: 'Food' });
    expect(await screen.findByText('Could not change Groceries')).toBeInTheDocument();
    expect(screen.getByText('You can only view this list')).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: /Groceries/ })).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: /Food/ })).toBeNull();
    held.release();
  });

  it('recolours, archives and moves a list down with the owner’s calls', async () => {
    const { user, fetchMock } = renderSidebar({
      'PATCH /api/todo/lists/2': (init) => {
        const body = JSON.parse(String(init?.body));
        return { body: { ...groceries, ...('colour' in body ? { colour: body.colour } : {}) } };
      },
    });
    await openMenu(user, 'Groceries');
    await user.click(await screen.findByRole('menuitem', { name: 'Change colour…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Groceries' });
    await user.click(within(dialog).getByRole('button', { name: 'Orange' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/todo/lists/2')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/todo/lists/2')[0]?.body).toEqual({ colour: 'orange' });

    await openMenu(user, 'Groceries');
    await user.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/todo/lists/2')).toHaveLength(2));
    expect(callsTo(fetchMock, 'PATCH', '/api/todo/lists/2')[1]?.body).toEqual({ after_id: 3 });

    await openMenu(user, 'Groceries');
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/todo/lists/2')).toHaveLength(3));
    expect(callsTo(fetchMock, 'PATCH', '/api/todo/lists/2')[2]?.body).toEqual({ archived: true });
  });

  it('lets a member leave a shared list from its sharing dialog, leaving its view', async () => {
    const { user, fetchMock } = renderSidebar(
      {
        'GET /api/me': { body: me },
        'GET /api/todo/lists/9/members': {
          body: {
            owner: { id: 12, username: 'sam' },
            members: [{ id: 7, username: 'dana', role: 'viewer', added_at: '' }],
          },
        },
        'DELETE /api/todo/lists/9/members/7': { body: { success: true } },
      },
      { current: { view: 'list', listId: 9 } },
    );
    await openMenu(user, 'Family');
    await user.click(await screen.findByRole('menuitem', { name: 'Sharing…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sharing Family' });
    const held = holdRequests(fetchMock, 'GET', '/api/todo/lists');
    await user.click(await within(dialog).findByRole('button', { name: 'Leave list' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave list' });
    await user.click(within(confirm).getByRole('button', { name: 'Leave list' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/todo/lists/9/members/7')).toHaveLength(1));
    expect(address()).toBe('/apps/todo');
    expect(within(nav()).queryByRole('link', { name: /Family/ })).toBeNull();
    held.release();
  });

  it('asks before deleting a list, says its tasks go with it, and leaves its view', async () => {
    const { user, fetchMock } = renderSidebar(
      { 'DELETE /api/todo/lists/2': { body: { success: true } } },
      { current: { view: 'list', listId: 2 } },
    );
    await openMenu(user, 'Groceries');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete list' });
    expect(dialog).toHaveTextContent('Its tasks are deleted with it');
    expect(callsTo(fetchMock, 'DELETE', '/api/todo/lists/2')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/todo/lists/2')).toHaveLength(1));
    expect(address()).toBe('/apps/todo');
  });
});

describe('TodoSidebar labels', () => {
  it('renames a label (following it when it is the page’s view) and deletes one after asking', async () => {
    const { user, fetchMock } = renderSidebar(
      {
        'PATCH /api/todo/labels/Bills': { body: todoLabel('Money', { colour: 'red', open_count: 4 }) },
        'DELETE /api/todo/labels/Bills': { body: { success: true } },
      },
      { current: { view: 'label', label: 'Bills' } },
    );
    await openMenu(user, 'label Bills');
    await user.click(await screen.findByRole('menuitem', { name: 'Rename or recolour…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit label Bills' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Label is required')).toBeInTheDocument();
    await user.click(name);
    await user.paste('Money');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/todo/labels/Bills')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/todo/labels/Bills')[0]?.body).toEqual({ name: 'Money' });
    await waitFor(() => expect(address()).toBe('/apps/todo?label=Money'));

    await openMenu(user, 'label Bills');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete label' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/todo/labels/Bills')).toHaveLength(1));
  });

  it('puts a deleted label back with a message when the server refuses', async () => {
    const { user, fetchMock } = renderSidebar({
      'DELETE /api/todo/labels/Bills': apiError(404, 'No label with that name'),
    });
    await openMenu(user, 'label Bills');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete label' });
    const held = holdRequests(fetchMock, 'GET', '/api/todo/labels');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Could not delete the label Bills')).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: /Bills/ })).toBeInTheDocument();
    held.release();
  });
});
