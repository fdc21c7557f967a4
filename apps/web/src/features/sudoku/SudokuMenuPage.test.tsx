import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../test/cookies';
import { apiError, callsTo, holdRequests, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { SudokuMenuPage } from './SudokuMenuPage';
import { makeDailyStats, makeGame, me, noLevelStats } from './test-fixtures';

/** Local noon, so the labels (which show local time) read the same in every time zone. */
const DEC_3_NOON = new Date(2025, 11, 3, 12, 0).toISOString();
const NOV_21_NOON = new Date(2025, 10, 21, 12, 0).toISOString();

const stats = { best: { easy: 125, medium: null, hard: null, expert: null }, won: 3, lost: 1 };

function Location() {
  const location = useLocation();
  return <p>At {`${location.pathname}${location.search}`}</p>;
}

function renderMenu() {
  return renderWithProviders(
    <Routes>
      <Route
        path="/apps/sudoku"
        element={
          <>
            <SudokuMenuPage />
            <Location />
          </>
        }
      />
      <Route path="/apps/sudoku/game" element={<Location />} />
    </Routes>,
    { route: '/apps/sudoku' },
  );
}

const urlsOf = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === path);

/** A signed-in player's menu calls, with one saved game that a delete removes from the list. */
function deletableGameRoutes(game: ReturnType<typeof makeGame>) {
  let games = [game];
  return {
    'GET /api/me': { body: me },
    'GET /api/sudoku/stats': { body: stats },
    'GET /api/sudoku/daily/stats': { body: makeDailyStats() },
    'GET /api/sudoku/savedGames': () => ({ body: games }),
    'DELETE /api/sudoku/deleteGame': () => {
      games = [];
      return { body: { success: true, message: 'Game deleted' } };
    },
  };
}

/** Picks the saved game labelled `label` and clicks Delete Game; returns the dialog that asks. */
async function openDeleteDialog(user: ReturnType<typeof renderMenu>['user'], label: string) {
  await user.click(await screen.findByRole('combobox', { name: 'Saved game' }));
  await user.click(await screen.findByRole('option', { name: label }));
  await user.click(screen.getByRole('button', { name: 'Delete Game' }));
  return screen.findByRole('dialog', { name: 'Delete saved game' });
}

describe('SudokuMenuPage', () => {
  it('shows a visitor the login card and loads nothing', async () => {
    const fetchMock = mockFetch({});
    renderMenu();
    expect(await screen.findByText('Please log in to use this app')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sudoku' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/sudoku/savedGames')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Start Game' })).not.toBeInTheDocument();
  });

  it('starts a game of the chosen difficulty and opens it', async () => {
    setCookie('csrftoken', 'csrf-1');
    const fetchMock = mockFetch({
      'GET /api/me': { body: me },
      'GET /api/sudoku/savedGames': { body: [] },
      'GET /api/sudoku/stats': { body: stats },
      'GET /api/sudoku/daily/stats': { body: makeDailyStats() },
      'GET /api/sudoku/play': { body: makeGame({ id: 77, difficulty: 'medium' }) },
    });
    const { user } = renderMenu();
    const difficulty = await screen.findByRole('radiogroup', { name: 'Difficulty' });
    expect(within(difficulty).getByRole('radio', { name: 'Easy' })).toBeChecked();
    await user.click(within(difficulty).getByRole('radio', { name: 'Medium' }));
    await user.click(screen.getByRole('button', { name: 'Start Game' }));

    expect(await screen.findByText('At /apps/sudoku/game?id=77')).toBeInTheDocument();
    const [play] = urlsOf(fetchMock, '/api/sudoku/play');
    expect(play?.searchParams.get('difficulty')).toBe('medium');
  });

  it('labels saved games by difficulty and date, and continues the picked one', async () => {
    setCookie('csrftoken', 'csrf-1');
    mockFetch({
      'GET /api/me': { body: me },
      'GET /api/sudoku/stats': { body: stats },
      'GET /api/sudoku/daily/stats': { body: makeDailyStats() },
      'GET /api/sudoku/savedGames': {
        body: [
          makeGame({ id: 5, difficulty: 'hard', created_at: DEC_3_NOON }),
          makeGame({ id: 4, difficulty: 'easy', created_at: NOV_21_NOON }),
        ],
      },
    });
    const { user } = renderMenu();
    const picker = await screen.findByRole('combobox', { name: 'Saved game' });
    const continueButton = screen.getByRole('button', { name: 'Continue Game' });
    expect(continueButton).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Game' })).toBeDisabled();

    await user.click(picker);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['hard Dec 3, 12:00', 'easy Nov 21, 12:00']);
    await user.click(within(listbox).getByRole('option', { name: 'easy Nov 21, 12:00' }));
    expect(continueButton).toBeEnabled();
    await user.click(continueButton);
    expect(await screen.findByText('At /apps/sudoku/game?id=4')).toBeInTheDocument();
  });

  it('asks before deleting a saved game, then deletes it and refreshes the list', async () => {
    setCookie('csrftoken', 'csrf-1');
    const fetchMock = mockFetch(deletableGameRoutes(makeGame({ id: 4, created_at: NOV_21_NOON })));
    const { user } = renderMenu();
    const dialog = await openDeleteDialog(user, 'easy Nov 21, 12:00');
    expect(within(dialog).getByText(/Are you sure you want to delete the game/)).toHaveTextContent(
      'easy Nov 21, 12:00',
    );
    expect(callsTo(fetchMock, 'DELETE', '/api/sudoku/deleteGame')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/sudoku/deleteGame')[0]?.body).toEqual({ gameid: 4 }));
    const [call] = callsTo(fetchMock, 'DELETE', '/api/sudoku/deleteGame');
    expect(new Headers(call?.init?.headers).get('X-CSRFToken')).toBe('csrf-1');
    expect(await screen.findByText(/No saved games/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue Game' })).toBeDisabled();
  });

  it('shows the Delete button loading while the delete runs and closes the dialog once it succeeded', async () => {
    setCookie('csrftoken', 'csrf-1');
    const fetchMock = mockFetch(deletableGameRoutes(makeGame({ id: 6, difficulty: 'hard', created_at: DEC_3_NOON })));
    const held = holdRequests(fetchMock, 'DELETE', '/api/sudoku/deleteGame');
    const { user } = renderMenu();
    const dialog = await openDeleteDialog(user, 'hard Dec 3, 12:00');
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await user.click(confirm);

    await waitFor(() => expect(confirm).toHaveAttribute('data-loading'));
    expect(confirm).toBeDisabled();
    expect(screen.getByRole('dialog', { name: 'Delete saved game' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/sudoku/deleteGame')[0]?.body).toEqual({ gameid: 6 });
    held.release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('hard Dec 3, 12:00 was deleted.')).toBeInTheDocument();
    expect(await screen.findByText(/No saved games/)).toBeInTheDocument();
  });

  it('keeps the dialog open and explains a failed delete', async () => {
    setCookie('csrftoken', 'csrf-1');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = mockFetch({
      'GET /api/me': { body: me },
      'GET /api/sudoku/stats': { body: stats },
      'GET /api/sudoku/daily/stats': { body: makeDailyStats() },
      'GET /api/sudoku/savedGames': { body: [makeGame({ id: 4, created_at: NOV_21_NOON })] },
      'DELETE /api/sudoku/deleteGame': apiError(503, 'The game store is read-only'),
    });
    const { user } = renderMenu();
    const dialog = await openDeleteDialog(user, 'easy Nov 21, 12:00');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Could not delete the game')).toBeInTheDocument();
    expect(screen.getByText('The game store is read-only')).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith('Failed to delete game', expect.any(Error));
    expect(callsTo(fetchMock, 'DELETE', '/api/sudoku/deleteGame')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Saved game' })).toHaveValue('easy Nov 21, 12:00');
  });

  it('keeps the game when the delete is cancelled', async () => {
    setCookie('csrftoken', 'csrf-1');
    const fetchMock = mockFetch({
      'GET /api/me': { body: me },
      'GET /api/sudoku/stats': { body: stats },
      'GET /api/sudoku/daily/stats': { body: makeDailyStats() },
      'GET /api/sudoku/savedGames': { body: [makeGame({ id: 4, created_at: NOV_21_NOON })] },
    });
    const { user } = renderMenu();
    const dialog = await openDeleteDialog(user, 'easy Nov 21, 12:00');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE', '/api/sudoku/deleteGame')).toHaveLength(0);
  });

  it('shows best times as mm:ss and the won and lost counts', async () => {
    setCookie('csrftoken', 'csrf-1');
    mockFetch({
      'GET /api/me': { body: me },
      'GET /api/sudoku/stats': { body: stats },
      'GET /api/sudoku/daily/stats': { body: makeDailyStats() },
      'GET /api/sudoku/savedGames': { body: [] },
    });
    const { user } = renderMenu();
    // Best times sit on the Statistics tab (docs/product.md#menu-appssudoku).
    await user.click(await screen.findByRole('tab', { name: 'Statistics' }));
    const card = await screen.findByRole('region', { name: 'Best times' });
    expect(await within(card).findByText('02:05')).toBeInTheDocument();
    expect(within(card).getAllByLabelText('No win yet')).toHaveLength(3);
    expect(within(card).getByText('Won 3 · Lost 1')).toBeInTheDocument();
  });

  it('puts Play and Continue first, then the daily and own puzzles; statistics on a tab kept in the address', async () => {
    setCookie('csrftoken', 'csrf-1');
    mockFetch({
      'GET /api/me': { body: me },
      'GET /api/sudoku/stats': { body: stats },
      'GET /api/sudoku/daily/stats': { body: makeDailyStats() },
      'GET /api/sudoku/savedGames': { body: [] },
      'GET /api/sudoku/stats/levels': {
        body: { easy: noLevelStats, medium: noLevelStats, hard: noLevelStats, expert: noLevelStats },
      },
    });
    const { user } = renderMenu();
    const puzzles = await screen.findByRole('tabpanel', { name: 'Puzzles' });
    expect(
      within(puzzles)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Play', 'Continue', 'Daily puzzle', 'Your own puzzle']);

    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    expect(await screen.findByText('At /apps/sudoku?tab=statistics')).toBeInTheDocument();
    const statistics = screen.getByRole('tabpanel', { name: 'Statistics' });
    expect(
      within(statistics)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Statistics per level', 'Best times']);
    expect(await within(statistics).findByText(/No easy games finished yet/)).toBeInTheDocument();
  });

  it('shows a readable error with a retry when saved games cannot load', async () => {
    setCookie('csrftoken', 'csrf-1');
    mockFetch({
      'GET /api/me': { body: me },
      'GET /api/sudoku/stats': { body: stats },
      'GET /api/sudoku/daily/stats': { body: makeDailyStats() },
      'GET /api/sudoku/savedGames': apiError(503, 'Database is unavailable'),
    });
    renderMenu();
    expect(await screen.findByText('Could not load your saved games')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Continue' });
    expect(within(card).getByText('Database is unavailable')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
