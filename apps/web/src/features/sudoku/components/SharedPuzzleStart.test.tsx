import { screen } from '@testing-library/react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../../test/cookies';
import { apiError, callsTo, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { SudokuGamePage } from '../SudokuGamePage';
import { makeGame, me, PUZZLE_TEXT } from '../test-fixtures';

const GRADE = { difficulty: 'easy', techniques: ['naked single'], clues: 30, share: PUZZLE_TEXT };

/** The address the router is at, and the browser's Back. */
function Address() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="address">{`${location.pathname}${location.search}`}</p>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

/** A page before the share link, so the test can go Back and see where it lands. */
function Before() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(`/apps/sudoku/game?p=${PUZZLE_TEXT}`)}>
      Open the link
    </button>
  );
}

function renderLink(routes: Parameters<typeof mockFetch>[0], signedIn = true) {
  setCookie('csrftoken', 'csrf-1');
  const fetchMock = mockFetch({ ...(signedIn ? { 'GET /api/me': { body: me } } : {}), ...routes });
  const rendered = renderWithProviders(
    <>
      <Routes>
        <Route path="/before" element={<Before />} />
        <Route path="/apps/sudoku" element={<p>Sudoku menu</p>} />
        <Route path="/apps/sudoku/game" element={<SudokuGamePage />} />
      </Routes>
      <Address />
    </>,
    { route: '/before' },
  );
  return { ...rendered, fetchMock };
}

const started = { ...makeGame({ id: 57, source: 'custom', share: PUZZLE_TEXT }), grade: GRADE };

describe('a share link /apps/sudoku/game?p=…', () => {
  it('starts a game of the puzzle once and stands for it as ?id=, replacing the link in the history', async () => {
    const { user, fetchMock } = renderLink({
      'POST /api/sudoku/custom': { body: started },
      'GET /api/sudoku/game': { body: started },
    });
    await user.click(screen.getByRole('button', { name: 'Open the link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'easy Sudoku' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/apps/sudoku/game?id=57');
    expect(callsTo(fetchMock, 'POST', '/api/sudoku/custom').map((c) => c.body)).toEqual([{ puzzle: PUZZLE_TEXT }]);
    expect(screen.getByText('Own puzzle')).toBeInTheDocument();

    // Back leaves the game for the page before the link, instead of opening the link again.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Open the link' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/before');
    expect(callsTo(fetchMock, 'POST', '/api/sudoku/custom')).toHaveLength(1);
  });

  it("shows the server's reason with a way back to the menu when the puzzle cannot be played", async () => {
    const reason = 'This puzzle has more than one solution, so it cannot be solved by logic alone';
    const { user, fetchMock } = renderLink({ 'POST /api/sudoku/custom': apiError(400, reason) });
    await user.click(screen.getByRole('button', { name: 'Open the link' }));
    expect(await screen.findByText('This shared puzzle cannot be played')).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the Sudoku menu/ })).toHaveAttribute('href', '/apps/sudoku');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/sudoku/custom')).toHaveLength(1);
  });

  it('offers Try again when the server could not be reached', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    const { user, fetchMock } = renderLink({
      'POST /api/sudoku/custom': () => (down ? { networkError: true } : { body: started }),
      'GET /api/sudoku/game': { body: started },
    });
    await user.click(screen.getByRole('button', { name: 'Open the link' }));
    expect(await screen.findByText('Could not open the shared puzzle')).toBeInTheDocument();
    expect(errors).toHaveBeenCalled();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'easy Sudoku' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/apps/sudoku/game?id=57');
    expect(callsTo(fetchMock, 'POST', '/api/sudoku/custom')).toHaveLength(2);
  });

  it('tells a visitor it is a shared puzzle that signing in lets them play, and starts nothing', async () => {
    const { user, fetchMock } = renderLink({}, false);
    await user.click(screen.getByRole('button', { name: 'Open the link' }));
    const card = await screen.findByRole('region', { name: 'A Sudoku puzzle shared with you' });
    expect(card).toHaveTextContent(/Log in or sign up to play it/);
    expect(card).toHaveTextContent(`(${PUZZLE_TEXT.replace(/[.0]/g, '').length} clues)`);
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText('Please log in to use this app')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/sudoku/custom')).toHaveLength(0);
    // The link stays in the address, so the page opens the puzzle once the visitor has signed in (it reloads).
    expect(screen.getByTestId('address')).toHaveTextContent(`/apps/sudoku/game?p=${PUZZLE_TEXT}`);
  });
});
