import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../../test/cookies';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { SudokuGamePage } from '../SudokuGamePage';
import { makeGame, me, PUZZLE_TEXT } from '../test-fixtures';

function renderGame(game: ReturnType<typeof makeGame>) {
  setCookie('csrftoken', 'csrf-1');
  mockFetch({
    'GET /api/me': { body: me },
    'GET /api/sudoku/game': { body: game },
    'PUT /api/sudoku/updateTime': (init) => ({ body: { success: true, time: JSON.parse(String(init?.body)).time } }),
  });
  return renderWithProviders(
    <Routes>
      <Route path="/apps/sudoku/game" element={<SudokuGamePage />} />
    </Routes>,
    { route: `/apps/sudoku/game?id=${game.id}` },
  );
}

const LINK = `${window.location.origin}/apps/sudoku/game?p=${PUZZLE_TEXT}`;

describe('ShareGameButton on the game page', () => {
  it('shows the share link of the puzzle, selectable, and copies it', async () => {
    const { user } = renderGame(makeGame({ share: PUZZLE_TEXT, source: 'pool' }));
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this puzzle' });
    expect(within(dialog).getByRole('textbox', { name: 'Share link' })).toHaveValue(LINK);

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(LINK);
    // The seed's title stays as it was; a pool game has no source label.
    expect(screen.getByRole('heading', { level: 1, name: 'easy Sudoku' })).toBeInTheDocument();
    expect(screen.queryByText(/^Daily ·/)).not.toBeInTheDocument();
  });

  it('says so when the clipboard is refused; the link stays there to copy by hand', async () => {
    const { user } = renderGame(makeGame({ share: PUZZLE_TEXT }));
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this puzzle' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Copying was not allowed/);
    expect(within(dialog).getByRole('textbox', { name: 'Link' })).toHaveValue(LINK);
  });

  it('labels a daily game with its UTC day under the unchanged title', async () => {
    // Created at 23:30 UTC on Nov 24: the daily of Nov 24, whatever the reader's time zone.
    renderGame(makeGame({ share: PUZZLE_TEXT, source: 'daily', created_at: '2026-11-24T23:30:00.000Z' }));
    expect(await screen.findByText('Daily · Nov 24, 2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'easy Sudoku' })).toBeInTheDocument();
  });

  it('offers no Share when the game answer has no share text', async () => {
    renderGame(makeGame());
    await screen.findByRole('heading', { level: 1, name: 'easy Sudoku' });
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });
});
