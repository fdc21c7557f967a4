import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCookie } from '../../test/cookies';
import { holdRequests, mockFetch } from '../../test/fetch-mock';
import { me } from '../../test/fixtures/session';
import { renderWithProviders } from '../../test/render';
import { RequireSignIn } from './RequireSignIn';

describe('RequireSignIn', () => {
  it('shows a loader while the session is checked, then the content to a signed-in user', async () => {
    setCookie('csrftoken', 'csrf-123');
    const fetchMock = mockFetch({ 'GET /api/me': { body: me } });
    const held = holdRequests(fetchMock, 'GET', '/api/me');
    renderWithProviders(
      <RequireSignIn title="Todo List" reason="Saved to your account.">
        <p>The lists</p>
      </RequireSignIn>,
    );
    expect(screen.getByRole('status', { name: 'Checking your session…' })).toBeInTheDocument();
    held.release();
    expect(await screen.findByText('The lists')).toBeInTheDocument();
    expect(screen.queryByText('Please log in to use this app')).not.toBeInTheDocument();
  });

  it("shows a visitor the login card with the reason under the page's title, and no content", async () => {
    const fetchMock = mockFetch({});
    renderWithProviders(
      <RequireSignIn title="Todo List" reason="Saved to your account.">
        <p>The lists</p>
      </RequireSignIn>,
    );
    expect(await screen.findByRole('heading', { name: 'Please log in to use this app' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Todo List', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Saved to your account.')).toBeInTheDocument();
    expect(screen.queryByText('The lists')).not.toBeInTheDocument();
    // No session cookie: nobody to ask the server about.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a visitor the fallback instead of the card when given one', async () => {
    mockFetch({});
    renderWithProviders(
      <RequireSignIn fallback={<p>Log in to keep a watchlist.</p>}>
        <p>The watchlist</p>
      </RequireSignIn>,
    );
    expect(await screen.findByText('Log in to keep a watchlist.')).toBeInTheDocument();
    expect(screen.queryByText('Please log in to use this app')).not.toBeInTheDocument();
    expect(screen.queryByText('The watchlist')).not.toBeInTheDocument();
  });
});
