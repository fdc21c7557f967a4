import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../test/cookies';
import { apiError, callsTo, mockFetch, stubLocation } from '../test/fetch-mock';
import { renderWithProviders } from '../test/render';
import { AppRoutes } from './routes';
import { MOBILE_WARNING } from './shell/MobileWarning';

const health = { status: 'ok', database: 'sqlite', dataMode: 'demo' };
const me = { user_id: 3, username: 'carol', email: 'carol@example.com', is_admin: false };

function mockVisitor() {
  return mockFetch({ 'GET /api/me': apiError(401, 'Not signed in'), 'GET /api/health': { body: health } });
}

describe('AppLayout', () => {
  it('shows Home and an Apps menu with the four apps and their docs', async () => {
    mockVisitor();
    const { user } = renderWithProviders(<AppRoutes />);

    const topBar = screen.getByRole('banner');
    expect(within(topBar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    // The dropdown is its own chunk, imported when the pointer comes onto the button; its button
    // then replaces the stand-in. Wait for it and click that one: a click sent to the stand-in
    // just as it was replaced went nowhere on a loaded CI machine. Under such load the first
    // import also took longer than findByRole's default second.
    const standIn = within(topBar).getByRole('button', { name: 'Apps' });
    await user.hover(standIn);
    await waitFor(() => expect(within(topBar).getByRole('button', { name: 'Apps' })).not.toBe(standIn));
    await user.click(within(topBar).getByRole('button', { name: 'Apps' }));
    const menu = await screen.findByRole('menu');
    for (const [name, app] of [
      ['Forecast', 'forecast'],
      ['Sudoku', 'sudoku'],
      ['To-Do List', 'todo'],
      ['Finance', 'finance'],
    ] as const) {
      const items = within(menu).getAllByRole('menuitem', { name });
      expect(items.map((item) => item.getAttribute('href'))).toEqual([`/apps/${app}`, `/docs/${app}`]);
    }
    expect(within(menu).getByText('Docs')).toBeInTheDocument();
  });

  it('shows the hero banner on the home page only', async () => {
    mockVisitor();
    renderWithProviders(<AppRoutes />);
    const hero = screen.getByRole('region', { name: 'Introduction' });
    expect(within(hero).getByRole('heading', { level: 1, name: 'Alex Morgan' })).toBeInTheDocument();
    expect(within(hero).getByText('Full-Stack Developer')).toBeInTheDocument();
  });

  it('has no hero banner on an app page, which loads lazily', async () => {
    mockVisitor();
    renderWithProviders(<AppRoutes />, { route: '/apps/todo' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Todo List' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Introduction' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Alex Morgan' })).not.toBeInTheDocument();
  });

  it('offers Login and Signup to visitors, opening the modals', async () => {
    mockVisitor();
    const { user } = renderWithProviders(<AppRoutes />);

    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create one' }));
    expect(await screen.findByRole('dialog', { name: 'Signup' })).toBeInTheDocument();
  });

  it('does not ask /api/me without a session cookie, and drops a stale local session', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('userId', '4');
    localStorage.setItem('username', 'dave');
    const fetchMock = mockVisitor();
    renderWithProviders(<AppRoutes />);

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/me')).toHaveLength(0);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('treats a 401 from /api/me as signed out', async () => {
    setCookie('csrftoken', 'expired');
    const fetchMock = mockVisitor();
    renderWithProviders(<AppRoutes />);

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/me')).toHaveLength(1);
  });

  it('shows the demo data badge when the server runs on demo data', async () => {
    mockVisitor();
    renderWithProviders(<AppRoutes />);
    expect((await screen.findAllByText('Demo data')).length).toBeGreaterThan(0);
  });

  it('shows the signed-in user from /api/me and logs out', async () => {
    const location = stubLocation();
    setCookie('csrftoken', 'csrf-1');
    localStorage.setItem('token', 'tok');
    localStorage.setItem('weather.address', 'Paris');
    const fetchMock = mockFetch({
      'GET /api/me': { body: me },
      'GET /api/health': { body: health },
      'POST /api/logout': { body: { success: true, message: 'Logged out' } },
    });
    const { user } = renderWithProviders(<AppRoutes />);

    expect(await screen.findByText('carol')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log Out' }));

    await vi.waitFor(() => expect(location.assign).toHaveBeenCalledWith('/'), { timeout: 30_000 });
    const [logout] = callsTo(fetchMock, 'POST', '/api/logout');
    expect(new Headers(logout?.init?.headers).get('X-CSRFToken')).toBe('csrf-1');
    expect(localStorage.length).toBe(0);
  });

  it('links the username to /account, and only the admin gets Admin, in the top bar and the phone drawer', async () => {
    setCookie('csrftoken', 'csrf-1');
    mockFetch({ 'GET /api/me': { body: me }, 'GET /api/health': { body: health } });
    const first = renderWithProviders(<AppRoutes />);
    expect(await screen.findByRole('link', { name: 'Account: carol' })).toHaveAttribute('href', '/account');
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    first.unmount();

    mockFetch({
      'GET /api/me': { body: { ...me, username: 'admin', is_admin: true } },
      'GET /api/health': { body: health },
    });
    const { user } = renderWithProviders(<AppRoutes />);
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    expect(within(drawer).getByRole('link', { name: /Account/ })).toHaveAttribute('href', '/account');
    expect(within(drawer).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(within(drawer).getByRole('button', { name: /Log Out/ })).toBeInTheDocument();
  });

  it('has a burger menu whose drawer holds the seed items and the mobile warning', async () => {
    mockVisitor();
    const { user } = renderWithProviders(<AppRoutes />);

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));

    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    for (const name of ['Home', 'Work', 'Company', 'Careers', 'Log in', 'Sign Up']) {
      expect(within(drawer).getAllByText(name).length).toBeGreaterThan(0);
    }
    expect(within(drawer).getByText(MOBILE_WARNING)).toBeInTheDocument();
  });

  it('fixes the top bar once its place has scrolled out of view', async () => {
    mockVisitor();
    let report: IntersectionObserverCallback = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    renderWithProviders(<AppRoutes />);
    const header = screen.getByRole('banner');
    expect(header).not.toHaveAttribute('data-fixed');

    const entry = (bottom: number, isIntersecting: boolean) =>
      [{ isIntersecting, boundingClientRect: { bottom } }] as unknown as IntersectionObserverEntry[];
    act(() => report(entry(-1, false), {} as IntersectionObserver));
    expect(header).toHaveAttribute('data-fixed');
    act(() => report(entry(60, true), {} as IntersectionObserver));
    expect(header).not.toHaveAttribute('data-fixed');
  });

  it('shows a 404 page for unknown paths', async () => {
    mockVisitor();
    renderWithProviders(<AppRoutes />, { route: '/nowhere' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the docs of an app, and not-found for an unknown one', async () => {
    mockVisitor();
    const view = renderWithProviders(<AppRoutes />, { route: '/docs/sudoku' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sudoku' })).toBeInTheDocument();
    expect(screen.getByText(/needs an account/)).toBeInTheDocument();
    view.unmount();

    renderWithProviders(<AppRoutes />, { route: '/docs/chess' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
