import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import type { RunningServer } from './server.js';
import { openSite, type Site } from './site.js';

interface Game {
  id: number;
  puzzle: number[][];
  transformed_solution: number[][];
}

describe('Sudoku in a real browser', () => {
  let site: Site;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    site = await openSite({ signUpAs: 'sudoku' });
    ({ server, page, errors } = site);
  });
  afterAll(() => site?.close());

  /** Starts a game from the menu and returns it as the server stored it (the test reads the solution). */
  async function startGame(difficulty: 'Easy' | 'Medium' | 'Hard'): Promise<Game> {
    await page.goto(`${server.baseUrl}/apps/sudoku`);
    // The segmented control hides its radio inputs; a person clicks the visible label.
    const radioId = await page.getByRole('radio', { name: difficulty }).getAttribute('id');
    await page.locator(`label[for="${radioId}"]`).click();
    await expect.poll(() => page.getByRole('radio', { name: difficulty }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Start Game' }).click();
    await page.waitForURL(/\/apps\/sudoku\/game\?id=\d+/);
    await page.getByRole('grid', { name: 'Sudoku board' }).waitFor();
    const id = Number(new URL(page.url()).searchParams.get('id'));
    return page.evaluate(async (gameId) => (await fetch(`/api/sudoku/game?id=${gameId}`)).json(), id);
  }

  const cell = (r: number, c: number) => page.getByRole('textbox', { name: `Row ${r + 1}, column ${c + 1}` });

  it('plays a game to the end by filling in the solution', async () => {
    const game = await startGame('Easy');
    await expect
      .poll(() =>
        page
          .getByText(/easy Sudoku/i)
          .first()
          .isVisible(),
      )
      .toBe(true);
    // Clue cells are locked.
    const clue = game.puzzle.flat().findIndex((v) => v !== 0);
    expect(await cell(Math.floor(clue / 9), clue % 9).isEditable()).toBe(false);

    await cell(0, 0).click();
    for (let r = 0; r < 9; r++) {
      for (let c = 0; c < 9; c++) {
        if (game.puzzle[r]?.[c] === 0) {
          await cell(r, c).click();
          await page.keyboard.press(String(game.transformed_solution[r]?.[c]));
        }
      }
    }
    await screenshot(page, 'sudoku-filled');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => page.getByText('Congratulations! Correct solution.').isVisible()).toBe(true);
    await screenshot(page, 'sudoku-won');

    // The won game has left the saved list, and the menu shows a best time.
    const saved = await page.evaluate(async () => (await fetch('/api/sudoku/savedGames')).json());
    expect(saved.map((g: { id: number }) => g.id)).not.toContain(game.id);
  });

  it('marks a wrong digit and says the board is incorrect', async () => {
    const game = await startGame('Medium');
    const empty = game.puzzle.flat().indexOf(0);
    const [r, c] = [Math.floor(empty / 9), empty % 9];
    const wrong = ((game.transformed_solution[r]?.[c] ?? 1) % 9) + 1;
    await cell(r, c).click();
    await page.keyboard.press(String(wrong));
    await page.getByRole('button', { name: 'Check' }).click();
    await expect
      .poll(() =>
        page
          .getByText(/Incorrect solution\./)
          .first()
          .isVisible(),
      )
      .toBe(true);
  });

  it('pauses, resumes, saves and resumes the game after a reload', async () => {
    const game = await startGame('Easy');
    const empty = game.puzzle.flat().indexOf(0);
    const [r, c] = [Math.floor(empty / 9), empty % 9];
    await cell(r, c).click();
    await page.keyboard.press(String(game.transformed_solution[r]?.[c]));
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => page.getByRole('grid', { name: 'Sudoku board' }).count()).toBe(0);
    await screenshot(page, 'sudoku-paused');
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('button', { name: 'Save Game' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /^Saved$/ })
          .isVisible(),
      )
      .toBe(true);
    await page.reload();
    await expect.poll(() => cell(r, c).inputValue()).toBe(String(game.transformed_solution[r]?.[c]));
  });

  it('gives up: Game Over - Lost, the solution, and Back to the menu', async () => {
    const game = await startGame('Hard');
    await page.getByRole('button', { name: 'Give Up' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Give Up' }).click();
    await expect.poll(() => page.getByText('Game Over - Lost').isVisible()).toBe(true);
    const empty = game.puzzle.flat().indexOf(0);
    await expect
      .poll(() => cell(Math.floor(empty / 9), empty % 9).inputValue())
      .toBe(String(game.transformed_solution[Math.floor(empty / 9)]?.[empty % 9]));
    await screenshot(page, 'sudoku-lost');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/apps\/sudoku$/);
    expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });
});
