import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountPage } from '../features/account/AccountPage';
import { clearSession, saveSession } from '../lib/storage';
import { clearCookies, setCookie } from '../test/cookies';
import { apiError, mockFetch, stubLocation } from '../test/fetch-mock';
import { account, session } from '../test/fixtures/account';
import { me } from '../test/fixtures/session';
import { renderWithProviders } from '../test/render';
import { AppRoutes } from './routes';
import { SiteApp } from './SiteApp';
import { ACCOUNT_DELETED_TITLE, SESSION_ENDED_TITLE } from './shell/SignedOutNotice';

const health = { status: 'ok', database: 'sqlite', dataMode: 'demo' };
const visitor = { 'GET /api/me': apiError(401, 'Not signed in'), 'GET /api/health': { body: health } };

describe('why a visitor is signed out (app/shell/SignedOutNotice)', () => {
  afterEach(() => sessionStorage.clear());

  it('confirms a deleted account on the page the browser lands on, once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setCookie('csrftoken', 'csrf-123');
    mockFetch({
      'GET /api/me': { body: me },
      'GET /api/account': { body: account },
      'GET /api/account/sessions': { body: { sessions: [session(1, { current: true })] } },
      'POST /api/account/delete': { body: { success: true, message: 'Account deleted' } },
    });
    const location = stubLocation();
    const { user, unmount } = renderWithProviders(<AccountPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account' });
    await user.type(within(dialog).getByLabelText(/Your password/), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/'));
    unmount();

    // The home page, loaded anew.
    clearCookies();
    mockFetch(visitor);
    const home = renderWithProviders(<AppRoutes />);
    expect(await screen.findByText(ACCOUNT_DELETED_TITLE)).toBeInTheDocument();
    home.unmount();
    renderWithProviders(<AppRoutes />);
    await screen.findByRole('region', { name: 'Introduction' });
    expect(screen.queryByText(ACCOUNT_DELETED_TITLE)).toBeNull();
  });

  it('tells a browser that still held a user, but no session, that the session ended', async () => {
    saveSession({ token: 'tok', userId: 7, username: 'dana' });
    mockFetch(visitor);
    render(
      <MemoryRouter>
        <SiteApp />
      </MemoryRouter>,
    );
    expect(await screen.findByText(SESSION_ENDED_TITLE)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Login' }).length).toBeGreaterThan(0);
  });

  it('says nothing to a visitor who was never signed in, nor after their own Log Out', async () => {
    mockFetch(visitor);
    render(
      <MemoryRouter>
        <SiteApp />
      </MemoryRouter>,
    );
    await screen.findByRole('region', { name: 'Introduction' });
    expect(screen.queryByText(SESSION_ENDED_TITLE)).toBeNull();
  });

  it('tells a reloaded page whose stored session the server no longer knows', async () => {
    setCookie('csrftoken', 'csrf-123');
    saveSession({ token: 'tok', userId: 7, username: 'dana' });
    mockFetch({
      'GET /api/health': { body: health },
      'GET /api/me': () => {
        clearCookies();
        return apiError(401, 'Not signed in');
      },
    });
    renderWithProviders(<AppRoutes />, { route: '/apps/todo' });
    expect(await screen.findByText(SESSION_ENDED_TITLE)).toBeInTheDocument();
    expect(await screen.findByText('Please log in to use this app')).toBeInTheDocument();
  });

  it('tells a page whose start found the session ended before the notice was on screen', async () => {
    // A call made as the page started (any API answer clears the ended session's cookies) forgot the
    // stored user before the shell, and its notice, mounted: a busy page's order.
    saveSession({ token: 'tok', userId: 7, username: 'dana' });
    clearSession();
    mockFetch(visitor);
    renderWithProviders(<AppRoutes />);
    expect(await screen.findByText(SESSION_ENDED_TITLE)).toBeInTheDocument();
  });

  it('tells an open page, once, when a call finds its session ended elsewhere', async () => {
    setCookie('csrftoken', 'csrf-123');
    saveSession({ token: 'tok', userId: 7, username: 'dana' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let ended = false;
    mockFetch({
      'GET /api/health': { body: health },
      'GET /api/me': () => (ended ? apiError(401, 'Not signed in') : { body: me }),
      'GET /api/todo': () => {
        // The server ended the session and, answering, clears its cookies.
        ended = true;
        clearCookies();
        return apiError(401, 'You must be logged in to do this.');
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/apps/todo' });
    expect(await screen.findByText(SESSION_ENDED_TITLE)).toBeInTheDocument();
    expect(await screen.findByText('Please log in to use this app')).toBeInTheDocument();
    expect(screen.getAllByText(SESSION_ENDED_TITLE)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(SESSION_ENDED_TITLE)).toBeNull();
    // Said here, so not said again by the next page.
    expect(sessionStorage.getItem('signed-out-reason')).toBeNull();
  });
});
