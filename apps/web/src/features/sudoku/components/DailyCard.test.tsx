import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../../test/cookies';
import { apiError, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeDailyStats, makeGame } from '../test-fixtures';
import { DailyCard } from './DailyCard';

const RESULT = 'Sudoku daily 2026-11-24 · Easy · 7:42 · 0 hints';

const stats = makeDailyStats({
  easy: {
    current_streak: 3,
    longest_streak: 5,
    days_played: 6,
    days_won: 5,
    today: { status: 'won', time: 462, result: RESULT },
  },
  medium: {
    current_streak: 0,
    longest_streak: 2,
    days_played: 2,
    days_won: 2,
    today: { status: 'playing', time: 95, result: null },
  },
});

function Location() {
  const location = useLocation();
  return <p>At {`${location.pathname}${location.search}`}</p>;
}

function renderCard() {
  return renderWithProviders(
    <Routes>
      <Route path="/apps/sudoku" element={<DailyCard />} />
      <Route path="/apps/sudoku/game" element={<Location />} />
    </Routes>,
    { route: '/apps/sudoku' },
  );
}

const level = (name: string) => screen.findByRole('group', { name });

describe('DailyCard', () => {
  it("shows today's UTC date, each level's state and its day streaks", async () => {
    mockFetch({ 'GET /api/sudoku/daily/stats': { body: stats } });
    renderCard();
    expect(await screen.findByText('Tuesday, November 24, 2026')).toBeInTheDocument();

    const easy = await level('Easy');
    expect(within(easy).getByText('Solved in 07:42')).toBeInTheDocument();
    expect(within(easy).getByText('Streak 3 · Longest 5')).toBeInTheDocument();
    expect(within(easy).getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(within(easy).getByRole('button', { name: 'Copy result' })).toBeInTheDocument();

    const medium = await level('Medium');
    expect(within(medium).getByText('In progress · 01:35')).toBeInTheDocument();
    expect(within(medium).getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(within(medium).queryByRole('button', { name: 'Copy result' })).not.toBeInTheDocument();

    const hard = await level('Hard');
    expect(within(hard).getByText('Not started')).toBeInTheDocument();
    expect(within(hard).getByText('Streak 0 · Longest 0')).toBeInTheDocument();
    expect(within(hard).getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it("starts today's daily at the level and opens its game", async () => {
    setCookie('csrftoken', 'csrf-1');
    const fetchMock = mockFetch({
      'GET /api/sudoku/daily/stats': { body: stats },
      'GET /api/sudoku/daily': {
        body: { ...makeGame({ id: 91, difficulty: 'hard', source: 'daily' }), daily_date: '2026-11-24', result: null },
      },
    });
    const { user } = renderCard();
    await user.click(within(await level('Hard')).getByRole('button', { name: 'Play' }));
    expect(await screen.findByText('At /apps/sudoku/game?id=91')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET', '/api/sudoku/daily').map((r) => r.query)).toEqual([{ difficulty: 'hard' }]);
  });

  it('copies the result line and says so', async () => {
    mockFetch({ 'GET /api/sudoku/daily/stats': { body: stats } });
    const { user } = renderCard();
    const easy = await level('Easy');
    await user.click(within(easy).getByRole('button', { name: 'Copy result' }));
    expect(await within(easy).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(within(easy).getByRole('status')).toHaveTextContent('Copied to the clipboard');
    expect(await navigator.clipboard.readText()).toBe(RESULT);
  });

  it('offers the result line selected in a field when the clipboard is refused', async () => {
    mockFetch({ 'GET /api/sudoku/daily/stats': { body: stats } });
    const { user } = renderCard();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    const easy = await level('Easy');
    await user.click(within(easy).getByRole('button', { name: 'Copy result' }));

    const field = await within(easy).findByRole('textbox', { name: 'Result' });
    expect(field).toHaveValue(RESULT);
    expect(field).toHaveFocus();
    expect([(field as HTMLInputElement).selectionStart, (field as HTMLInputElement).selectionEnd]).toEqual([
      0,
      RESULT.length,
    ]);
    expect(within(easy).getByRole('alert')).toHaveTextContent(/Copying was not allowed/);
    expect(within(easy).queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
  });

  it('shows a loader, then a readable error whose Try again loads the card', async () => {
    let fail = true;
    mockFetch({
      'GET /api/sudoku/daily/stats': () => (fail ? apiError(503, 'Database is unavailable') : { body: stats }),
    });
    const { user } = renderCard();
    expect(screen.getByRole('status', { name: 'Loading the daily puzzles' })).toBeInTheDocument();
    expect(await screen.findByText('Could not load the daily puzzles')).toBeInTheDocument();
    expect(screen.getByText('Database is unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await level('Easy')).toBeInTheDocument();
  });

  it('explains a daily puzzle that could not be opened', async () => {
    setCookie('csrftoken', 'csrf-1');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/sudoku/daily/stats': { body: stats },
      'GET /api/sudoku/daily': apiError(400, 'You can have at most 100 unfinished games.'),
    });
    const { user } = renderCard();
    await user.click(within(await level('Hard')).getByRole('button', { name: 'Play' }));
    expect(await screen.findByText('Could not open the daily puzzle')).toBeInTheDocument();
    expect(screen.getByText('You can have at most 100 unfinished games.')).toBeInTheDocument();
    await waitFor(() => expect(errors).toHaveBeenCalled());
  });
});
