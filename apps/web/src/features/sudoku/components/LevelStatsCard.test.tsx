import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { noLevelStats } from '../test-fixtures';
import { LevelStatsCard } from './LevelStatsCard';

/** Local noon, so the dates read the same in every time zone. */
const noon = (month: number, day: number) => new Date(2026, month - 1, day, 12).toISOString();

const medium = {
  games: 4,
  won: 3,
  lost: 1,
  win_rate: 0.75,
  best_time: 301,
  average_time: 402,
  current_streak: 2,
  longest_streak: 2,
  history: [
    { finished_at: noon(11, 20), status: 'won', time: 503 },
    { finished_at: noon(11, 21), status: 'lost', time: 120 },
    { finished_at: noon(11, 22), status: 'won', time: 402 },
    { finished_at: noon(11, 23), status: 'won', time: 301 },
  ],
};
const easy = {
  ...noLevelStats,
  games: 1,
  won: 1,
  win_rate: 1,
  best_time: 200,
  average_time: 200,
  current_streak: 1,
  longest_streak: 1,
  history: [{ finished_at: noon(11, 1), status: 'won', time: 200 }],
};
const levels = { easy, medium, hard: noLevelStats, expert: noLevelStats };

const stat = (card: HTMLElement, label: string) => within(card).getByText(label).nextElementSibling?.textContent;

describe('LevelStatsCard', () => {
  it('opens on the level played last with its numbers, and a chart with a text alternative', async () => {
    mockFetch({ 'GET /api/sudoku/stats/levels': { body: levels } });
    const { user } = renderWithProviders(<LevelStatsCard />);
    const card = await screen.findByRole('region', { name: 'Statistics per level' });
    expect(await within(card).findByText('Games')).toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: 'Medium' })).toBeChecked();

    expect(stat(card, 'Games')).toBe('4');
    expect(stat(card, 'Wins')).toBe('3');
    expect(stat(card, 'Win rate')).toBe('75%');
    expect(stat(card, 'Best time')).toBe('05:01');
    expect(stat(card, 'Average time')).toBe('06:42');
    expect(stat(card, 'Current streak')).toBe('2');
    expect(stat(card, 'Longest streak')).toBe('2');

    // Won and lost games differ in shape (a solid or a hatched, outlined bar), not only in colour.
    const chart = within(card).getByTestId('level-history-chart');
    const bars = [...chart.querySelectorAll('g[data-status]')];
    expect(bars.map((g) => g.getAttribute('data-status'))).toEqual(['won', 'lost', 'won', 'won']);
    expect(bars[1]?.querySelector('rect')?.style.fill).toMatch(/^url\("?#sudoku-hatch-/);
    expect(bars[0]?.querySelector('rect')?.style.fill).not.toMatch(/^url/);
    expect(bars[0]?.querySelector('title')?.textContent).toBe('Nov 20: won in 08:23');

    expect(
      within(card).getByText('Last 4 games, oldest first: 3 won, 1 lost; times from 02:00 to 08:23.'),
    ).toBeInTheDocument();
    // The chart's data as a table, on demand (docs/product.md#accessibility).
    await user.click(within(card).getByRole('button', { name: 'Show data as a table' }));
    const table = within(card).getByRole('table', { name: /^Latest games/ });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Nov 20Won08:23', 'Nov 21Lost02:00', 'Nov 22Won06:42', 'Nov 23Won05:01']);
  });

  it('switches level, and says when a level has no finished games', async () => {
    mockFetch({ 'GET /api/sudoku/stats/levels': { body: levels } });
    const { user } = renderWithProviders(<LevelStatsCard />);
    const card = await screen.findByRole('region', { name: 'Statistics per level' });
    await within(card).findByText('Games');

    // The segmented control hides its radio inputs; a person clicks the visible label.
    await user.click(within(card).getByText('Easy'));
    expect(stat(card, 'Games')).toBe('1');
    expect(stat(card, 'Win rate')).toBe('100%');

    await user.click(within(card).getByText('Hard'));
    expect(within(card).getByText(/No hard games finished yet/)).toBeInTheDocument();
    expect(within(card).queryByTestId('level-history-chart')).not.toBeInTheDocument();
  });

  it('shows a loader, then an error with Try again', async () => {
    let fail = true;
    mockFetch({
      'GET /api/sudoku/stats/levels': () => (fail ? apiError(503, 'Database is unavailable') : { body: levels }),
    });
    const { user } = renderWithProviders(<LevelStatsCard />);
    expect(screen.getByRole('status', { name: 'Loading your statistics' })).toBeInTheDocument();
    expect(await screen.findByText('Could not load your statistics')).toBeInTheDocument();
    expect(screen.getByText('Database is unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Games')).toBeInTheDocument();
  });
});
