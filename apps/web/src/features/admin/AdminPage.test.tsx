import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { siteConfig } from '../../config/site';
import { setCookie } from '../../test/cookies';
import { apiError, callsTo, mockFetch, requestsTo } from '../../test/fetch-mock';
import { adminMe, adminUser, status } from '../../test/fixtures/admin';
import { me } from '../../test/fixtures/session';
import { renderWithProviders } from '../../test/render';
import { AdminPage, NOT_ALLOWED } from './AdminPage';

const admin = adminUser(1, 'admin', { is_admin: true });
const dana = adminUser(7, 'dana');
const page = (users = [admin, dana], total = users.length) => ({ users, total, page: 1, page_size: 25 });

function asAdmin(extra: Parameters<typeof mockFetch>[0] = {}) {
  setCookie('csrftoken', 'csrf-123');
  return mockFetch({ 'GET /api/me': { body: adminMe }, 'GET /api/admin/users': { body: page() }, ...extra });
}

describe('AdminPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the sign-in gate to a visitor and Not allowed to a user who is not the admin', async () => {
    mockFetch({});
    const { unmount } = renderWithProviders(<AdminPage />, { route: '/admin' });
    expect(await screen.findByText('Please log in to use this app')).toBeInTheDocument();
    unmount();

    setCookie('csrftoken', 'csrf-123');
    const userFetch = mockFetch({ 'GET /api/me': { body: me } });
    renderWithProviders(<AdminPage />, { route: '/admin' });
    expect(await screen.findByText(NOT_ALLOWED)).toBeInTheDocument();
    expect(callsTo(userFetch, 'GET', '/api/admin/users')).toHaveLength(0);
  });

  it('lists users with status and counts; the admin row has no destructive actions', async () => {
    asAdmin();
    const { user } = renderWithProviders(<AdminPage />, { route: '/admin' });
    const table = await screen.findByRole('table', { name: 'Users' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[2] as HTMLElement).getByText('dana@example.com')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Active')).toBeInTheDocument();
    expect(
      within(rows[2] as HTMLElement).getByText(/3 to-dos · 1 game · 2 places · 4 watched · 1 wallet · 2 sessions/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for admin' }));
    expect(await screen.findByRole('menuitem', { name: 'Reset link' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Disable' })).toBeNull();
  });

  it('says the signed-in admin is active now instead of never seen, and counts one session as one', async () => {
    asAdmin({
      'GET /api/admin/users': {
        body: page([
          adminUser(1, 'admin', { is_admin: true, last_seen_at: null, counts: { ...admin.counts, sessions: 1 } }),
          dana,
        ]),
      },
    });
    renderWithProviders(<AdminPage />, { route: '/admin' });
    const table = await screen.findByRole('table', { name: 'Users' });
    const adminRow = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(adminRow).getByText('Active now')).toBeInTheDocument();
    expect(within(adminRow).queryByText('Never')).toBeNull();
    expect(within(adminRow).getByText(/· 1 session$/)).toBeInTheDocument();
    expect(within(within(table).getAllByRole('row')[2] as HTMLElement).queryByText('Active now')).toBeNull();
  });

  it('lists the users as cards on a phone, actions included', async () => {
    // A phone: the max-width query of UserList matches. (setup.ts's stub answers no to every query.)
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width') })) as never;
    onTestFinished(() => {
      window.matchMedia = original;
    });
    asAdmin();
    renderWithProviders(<AdminPage />, { route: '/admin' });
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getByRole('listitem', { name: 'dana' });
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Actions for dana' })).toBeInTheDocument();
  });

  it('searches after the typing pauses and pages through the results', async () => {
    const many = Array.from({ length: 25 }, (_, i) => adminUser(100 + i, `user${i}`));
    const fetchMock = asAdmin({
      'GET /api/admin/users': () => ({ body: { ...page(many, 60) } }),
    });
    const { user } = renderWithProviders(<AdminPage />, { route: '/admin' });
    await screen.findByRole('table', { name: 'Users' });
    await user.type(screen.getByLabelText('Search users'), 'dan');
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', '/api/admin/users').at(-1)?.query.q).toBe('dan'));
    // One request for the settled text, not one per key.
    expect(requestsTo(fetchMock, 'GET', '/api/admin/users').filter((r) => r.query.q)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET', '/api/admin/users').at(-1)?.query).toMatchObject({ q: 'dan', page: '3' }),
    );
  });

  it('shows the load error with a retry', async () => {
    asAdmin({ 'GET /api/admin/users': apiError(500, 'Database unavailable') });
    renderWithProviders(<AdminPage />, { route: '/admin' });
    expect(await screen.findByText('Could not load the users')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });

  it('disables after confirmation, and issues a reset link shown with its expiry and a copy button', async () => {
    const link = { url: 'http://localhost/reset-password?token=abc', expires_at: '2026-11-24T22:00:00.000Z' };
    const fetchMock = asAdmin({
      'POST /api/admin/users/7/disable': { body: { user: { ...dana, disabled: true } } },
      'POST /api/admin/users/7/reset-link': { body: link },
    });
    const { user } = renderWithProviders(<AdminPage />, { route: '/admin' });
    await user.click(await screen.findByRole('button', { name: 'Actions for dana' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable user' });
    expect(callsTo(fetchMock, 'POST', '/api/admin/users/7/disable')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/admin/users/7/disable')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Actions for dana' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Password reset link' });
    expect(await within(dialog).findByText(link.url)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(within(dialog).getByText(/works once and until/)).toBeInTheDocument();
  });

  it('deletes a user only once the username is typed', async () => {
    const fetchMock = asAdmin({ 'DELETE /api/admin/users/7': { body: { success: true } } });
    const { user } = renderWithProviders(<AdminPage />, { route: '/admin' });
    await user.click(await screen.findByRole('button', { name: 'Actions for dana' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    const button = within(dialog).getByRole('button', { name: 'Delete user' });
    expect(button).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type dana to confirm'), 'dan');
    expect(button).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type dana to confirm'), 'a');
    await user.click(button);
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/admin/users/7')).toHaveLength(1));
  });

  it('shows the status: database size readable, providers with error rates, pool levels, uptime; refreshes', async () => {
    const fetchMock = asAdmin({ 'GET /api/admin/status': { body: status } });
    const { user } = renderWithProviders(<AdminPage />, { route: '/admin?tab=status' });
    expect(await screen.findByText('SQLite, 5.2 MB')).toBeInTheDocument();
    expect(screen.getByText('1 d 1 h 1 min')).toBeInTheDocument();
    const providers = screen.getByRole('table', { name: 'Data providers' });
    expect(within(providers).getByText('yahoo')).toBeInTheDocument();
    expect(within(providers).getByText('3.0%')).toBeInTheDocument();
    expect(within(providers).getByText('Upstream timed out after 5 s')).toBeInTheDocument();
    expect(screen.getByText('3 of 20')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/admin/status')).toHaveLength(2));
  });

  it('edits the notice with a live preview, saves it, and restores the default', async () => {
    let stored: { title: string; paragraphs: string[]; updated_at: string } | null = null;
    const fetchMock = asAdmin({
      'GET /api/site/notice': () => ({ body: { notice: stored } }),
      'PUT /api/admin/notice': (init) => {
        stored = { ...JSON.parse(String(init?.body)), updated_at: '2026-11-24T21:00:00.000Z' };
        return { body: { notice: stored } };
      },
      'DELETE /api/admin/notice': () => {
        stored = null;
        return { body: { notice: null } };
      },
    });
    const { user } = renderWithProviders(<AdminPage />, { route: '/admin?tab=notice' });
    const form = await screen.findByRole('form', { name: 'Site notice' });
    expect(within(form).getByText('Default text (from the site config)')).toBeInTheDocument();
    const title = within(form).getByLabelText('Title');
    expect(title).toHaveValue(siteConfig.notice.title);
    expect(within(form).getByRole('button', { name: 'Restore default' })).toBeDisabled();

    await user.clear(title);
    await user.click(within(form).getByRole('button', { name: 'Save notice' }));
    expect(await within(form).findByText('Title is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/admin/notice')).toHaveLength(0);

    await user.type(title, 'Back on Monday');
    expect(screen.getAllByText('Back on Monday').length).toBeGreaterThan(0);
    for (const index of [3, 2])
      await user.click(within(form).getByRole('button', { name: `Remove paragraph ${index}` }));
    await user.click(within(form).getByRole('button', { name: 'Save notice' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/admin/notice')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', '/api/admin/notice')[0]?.body).toEqual({
      title: 'Back on Monday',
      paragraphs: [siteConfig.notice.paragraphs[0]],
    });
    expect(await within(form).findByText(/^Edited /)).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Restore default' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/admin/notice')).toHaveLength(1));
    await waitFor(() => expect(within(form).getByLabelText('Title')).toHaveValue(siteConfig.notice.title));
  });
});
