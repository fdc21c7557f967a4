import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedSchemes, screenshot, screenshotsOnly } from './browser.js';
import type { RunningServer } from './server.js';
import { openSite, type Site } from './site.js';

type Cell = { value: number; clue: boolean };
interface Game {
  id: number;
  puzzle: Cell[][];
  transformed_solution: Cell[][];
}
/** The integer boards of a game as the API answers it (cells { value, clue }). */
interface PlainGame {
  id: number;
  puzzle: number[][];
  transformed_solution: number[][];
}
const plain = (game: Game): PlainGame => ({
  id: game.id,
  puzzle: game.puzzle.map((row) => row.map((cell) => cell.value)),
  transformed_solution: game.transformed_solution.map((row) => row.map((cell) => cell.value)),
});

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
  async function startGame(difficulty: 'Easy' | 'Medium' | 'Hard'): Promise<PlainGame> {
    await page.goto(`${server.baseUrl}/apps/sudoku`);
    // The segmented control hides its radio inputs; a person clicks the visible label.
    const radioId = await page.getByRole('radio', { name: difficulty }).getAttribute('id');
    await page.locator(`label[for="${radioId}"]`).click();
    await expect.poll(() => page.getByRole('radio', { name: difficulty }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Start Game' }).click();
    await page.waitForURL(/\/apps\/sudoku\/game\?id=\d+/);
    await page.getByRole('grid', { name: 'Sudoku board' }).waitFor();
    const id = Number(new URL(page.url()).searchParams.get('id'));
    return plain(await page.evaluate(async (gameId) => (await fetch(`/api/sudoku/game?id=${gameId}`)).json(), id));
  }

  /** The digit the server has stored for a cell of a game. */
  const storedValue = (id: number, r: number, c: number) =>
    page.evaluate(
      async ([gameId, row, col]) =>
        (await (await fetch(`/api/sudoku/game?id=${gameId}`)).json()).transformed_state[row][col].value as number,
      [id, r, c] as const,
    );
  const emptyCells = (game: PlainGame) =>
    game.puzzle.flat().flatMap((v, i): [number, number][] => (v === 0 ? [[Math.floor(i / 9), i % 9]] : []));

  const cell = (r: number, c: number) => page.getByRole('textbox', { name: `Row ${r + 1}, column ${c + 1}` });

  it('plays a game to the end by filling in the solution; the last digit wins without Check', async () => {
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
    // The last digit ends the game by itself: no Check pressed.
    await expect.poll(() => page.getByText('Congratulations! Correct solution.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Check' }).isDisabled()).toBe(true);
    await screenshot(page, 'sudoku-won');

    // The won game has left the saved list, and the menu shows a best time.
    const saved = await page.evaluate(async () => (await fetch('/api/sudoku/savedGames')).json());
    expect(saved.map((g: { id: number }) => g.id)).not.toContain(game.id);
  });

  /** Asks for a hint (level 1) and returns the server's answer, as the page got it. */
  async function askHint() {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/sudoku/hint'));
    await page.getByRole('button', { name: 'Hint' }).click();
    return (await (await answer).json()).hint as {
      kind: string;
      name: string;
      text: string;
      area: { unit: string; index: number } | null;
      placement: { cell: string; digit: number } | null;
      eliminations: { cell: string; digit: number }[];
    };
  }
  const byName = (name: string) => [Number(name[1]) - 1, Number(name[3]) - 1] as [number, number];

  it('shows a hint in three levels on a medium board, then completing the board ends the game without Check', async () => {
    const game = await startGame('Medium');
    const panel = page.getByTestId('hint-panel');

    // Level 1: the technique's name and the area, no cells, no sentence yet.
    const hint = await askHint();
    expect(hint.kind).toBe('step');
    await expect.poll(() => panel.getByText(hint.name, { exact: true }).isVisible()).toBe(true);
    expect(await panel.getByText(hint.text).count()).toBe(0);
    if (hint.area) {
      expect(await page.locator('[data-hint-area]').count()).toBe(9);
      expect(await panel.getByText(`Look at ${hint.area.unit} ${hint.area.index}.`).isVisible()).toBe(true);
    }
    expect(await page.locator('[data-hint-cell]').count()).toBe(0);
    expect(await page.getByText('Hints used: 1').isVisible()).toBe(true);

    // Level 2: the sentence and the cells involved, highlighted.
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => panel.getByText(hint.text).isVisible()).toBe(true);
    expect(await page.locator('[data-hint-cell]').count()).toBeGreaterThan(0);
    await screenshot(page, 'sudoku-hint-level2');

    // Level 3: applied on the board (a placement is the solution's digit), the highlight gone.
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('[data-hint-cell]').count()).toBe(0);
    expect(await panel.getByText(hint.text).count()).toBe(0);
    if (hint.placement) {
      const [r, c] = byName(hint.placement.cell);
      expect(await cell(r, c).inputValue()).toBe(String(hint.placement.digit));
      expect(hint.placement.digit).toBe(game.transformed_solution[r]?.[c]);
    } else {
      expect(hint.eliminations.length).toBeGreaterThan(0);
    }

    // The rest from the solution: the last digit wins, and the finish card tells the hint.
    for (const [r, c] of emptyCells(game)) {
      if ((await cell(r, c).inputValue()) !== '') continue;
      await cell(r, c).click();
      await page.keyboard.press(String(game.transformed_solution[r]?.[c]));
    }
    await expect.poll(() => page.getByText('Congratulations! Correct solution.').isVisible()).toBe(true);
    const card = page.getByLabel('Your game');
    expect(await card.getByText('Hints used').locator('xpath=following-sibling::*[1]').textContent()).toBe('1');
    // Check was never pressed: the game's own check of the full board is not one.
    expect(await card.getByText('Checks used').locator('xpath=following-sibling::*[1]').textContent()).toBe('0');
    await expect.poll(() => card.getByText('Best medium time').isVisible()).toBe(true);
    await expect.poll(() => card.getByText(/^\d\d:\d\d$/).count()).toBe(2);
    const stored = await page.evaluate(async (id) => (await fetch(`/api/sudoku/game?id=${id}`)).json(), game.id);
    expect(stored).toMatchObject({ status: 'won', hints_used: 1, checks_used: 0 });
    await screenshot(page, 'sudoku-finish-card');
  });

  it('marks a wrong digit and says the board is incorrect, without moving the board or the pad', async () => {
    const game = await startGame('Medium');
    const [[r, c]] = emptyCells(game) as [[number, number]];
    const wrong = ((game.transformed_solution[r]?.[c] ?? 1) % 9) + 1;
    await cell(r, c).click();
    await page.keyboard.press(String(wrong));
    const top = async () => ({
      board: (await page.getByRole('grid', { name: 'Sudoku board' }).boundingBox())?.y,
      pad: (await page.getByRole('group', { name: 'Number pad' }).boundingBox())?.y,
    });
    const before = await top();
    expect(before.board).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect
      .poll(() =>
        page
          .getByText(/Incorrect solution\./)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await top()).toEqual(before);
    await screenshot(page, 'sudoku-incorrect');
  });

  it('autosaves moves without Save Game: after a pause in play and when the page is left', async () => {
    const game = await startGame('Easy');
    const [first, second, third] = emptyCells(game) as [[number, number], [number, number], [number, number]];
    const play = async ([r, c]: [number, number]) => {
      await cell(r, c).click();
      await page.keyboard.press(String(game.transformed_solution[r]?.[c]));
    };
    const solution = ([r, c]: [number, number]) => game.transformed_solution[r]?.[c];

    // A move, then nothing: saved by itself a moment later, and the note says so.
    await play(first);
    await expect.poll(() => storedValue(game.id, ...first), { timeout: 5000 }).toBe(solution(first));
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Saved');

    // A move, then straight to another page (the site's Home link, inside the app).
    await play(second);
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL(`${server.baseUrl}/`);
    await expect.poll(() => storedValue(game.id, ...second), { timeout: 5000 }).toBe(solution(second));

    // A move, then the page is reloaded at once (the browser unloads it).
    await page.goto(`${server.baseUrl}/apps/sudoku/game?id=${game.id}`);
    await cell(0, 0).waitFor();
    await play(third);
    await page.reload();
    await expect.poll(() => cell(...third).inputValue()).toBe(String(solution(third)));
    expect(await cell(...second).inputValue()).toBe(String(solution(second)));
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

  it('on a phone (375 × 667) the number pad sits right under the board: both on one screen', async () => {
    await page.setViewportSize({ width: 375, height: 667 });
    try {
      await startGame('Easy');
      const board = page.getByRole('grid', { name: 'Sudoku board' });
      await board.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      const boardBox = await board.boundingBox();
      const padBox = await page.getByRole('group', { name: 'Number pad' }).boundingBox();
      const hintBox = await page.getByRole('button', { name: 'Hint' }).boundingBox();
      expect(boardBox && padBox && hintBox).toBeTruthy();
      expect(padBox!.y).toBeGreaterThan(boardBox!.y + boardBox!.height);
      expect(padBox!.y + padBox!.height).toBeLessThanOrEqual(667);
      expect(hintBox!.y).toBeGreaterThan(padBox!.y);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  // Pictures for people (npm run screenshots). Each step is checked in every run by the tests
  // above (a wrong digit, pause and resume, the hint's levels), the phone layout by 'on a phone',
  // and the menu at each width by screenshots.e2e.test.ts.
  screenshotsOnly('screenshots: menu and game at 375, 800 and 1280 px, light and dark', async () => {
    const hinted = await startGame('Medium');
    const game = await startGame('Hard');
    const [[r, c]] = emptyCells(game) as [[number, number]];
    const wrong = ((game.transformed_solution[r]?.[c] ?? 1) % 9) + 1;
    for (const scheme of checkedSchemes) {
      // Mantine keeps the colour scheme in local storage.
      await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
      // A signed-in player's stored choice may be 'auto': the system's scheme decides then.
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [375, 800, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${server.baseUrl}/apps/sudoku`);
        await page.getByRole('button', { name: 'Start Game' }).waitFor();
        await page.getByRole('combobox', { name: 'Saved game' }).waitFor();
        await screenshot(page, `sudoku-menu-${width}-${scheme}`);

        await page.goto(`${server.baseUrl}/apps/sudoku/game?id=${game.id}`);
        await cell(r, c).click();
        await page.keyboard.press(String(wrong));
        await page.getByRole('button', { name: 'Check' }).click();
        await page.getByText('Incorrect solution.').first().waitFor();
        await screenshot(page, `sudoku-game-${width}-${scheme}`);
        await page.getByRole('button', { name: 'Pause' }).click();
        await page.getByRole('img', { name: 'Board hidden while paused' }).waitFor();
        await screenshot(page, `sudoku-paused-${width}-${scheme}`);
        await page.getByRole('button', { name: 'Resume' }).click();

        // A hint at level 2: the area striped, the cells ringed, the sentence beside the board.
        await page.goto(`${server.baseUrl}/apps/sudoku/game?id=${hinted.id}`);
        const hint = await askHint();
        await page.getByRole('button', { name: 'Show more' }).click();
        await page.getByTestId('hint-panel').getByText(hint.text).waitFor();
        await screenshot(page, `sudoku-hint-${width}-${scheme}`);
      }
    }
    await page.evaluate(() => localStorage.removeItem('mantine-color-scheme-value'));
    await page.emulateMedia({ colorScheme: null });
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
