import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedSchemes, screenshot, screenshotDir } from './browser.js';
import type { RunningServer } from './server.js';
import { openSite, type Site } from './site.js';
import { cellOf, emptyCells, startGame } from './sudoku-game.js';

/** docs/product.md#sudoku-solving-tools in a real browser: candidates, marks, colours, highlights, mistakes. */

type Pos = [number, number];

/** The digits no cell of the same row, column or box holds on `board`. */
function candidates(board: number[][], [r, c]: Pos): number[] {
  const seen = new Set<number>();
  for (let i = 0; i < 9; i++) {
    seen.add(board[r]?.[i] ?? 0);
    seen.add(board[i]?.[c] ?? 0);
    seen.add(board[Math.floor(r / 3) * 3 + Math.floor(i / 3)]?.[Math.floor(c / 3) * 3 + (i % 3)] ?? 0);
  }
  return [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => !seen.has(d));
}

const isPeer = ([r, c]: Pos, [r2, c2]: Pos) =>
  !(r === r2 && c === c2) &&
  (r === r2 || c === c2 || (Math.floor(r / 3) === Math.floor(r2 / 3) && Math.floor(c / 3) === Math.floor(c2 / 3)));

describe('Sudoku solving tools in a real browser', () => {
  let site: Site;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    site = await openSite({ signUpAs: 'sudokutools' });
    ({ server, page, errors } = site);
  });
  afterAll(() => site?.close());

  const cell = (r: number, c: number) => cellOf(page, r, c);
  /** The candidates a cell shows (its accessible description 'Notes 1, 2, 4'). */
  const notesOf = async ([r, c]: Pos) => {
    const description = (await cell(r, c).getAttribute('aria-description')) ?? '';
    const match = /Notes ([\d, ]+)/.exec(description);
    return match?.[1] ? match[1].split(', ').map(Number) : [];
  };
  const play = async ([r, c]: Pos, digit: number) => {
    await cell(r, c).click();
    await page.keyboard.press(String(digit));
  };
  const preferences = () => page.evaluate(async () => (await fetch('/api/preferences')).json());

  it('fill candidates then place a digit clears that digit from its peers’ notes', async () => {
    const game = await startGame(page, server.baseUrl, 'Easy');
    const empty = emptyCells(game);
    await page.getByRole('button', { name: 'Fill candidates' }).click();
    // Every empty cell shows exactly the digits its row, column and box allow.
    await expect.poll(() => notesOf(empty[0] as Pos)).toEqual(candidates(game.puzzle, empty[0] as Pos));
    for (const pos of empty) expect(await notesOf(pos)).toEqual(candidates(game.puzzle, pos));

    // A cell whose solution digit is still a candidate of some empty peer, and of some cell elsewhere.
    const target = empty.find((pos) => {
      const digit = game.transformed_solution[pos[0]]?.[pos[1]] ?? 0;
      return empty.some((other) => isPeer(pos, other) && candidates(game.puzzle, other).includes(digit));
    }) as Pos;
    const digit = game.transformed_solution[target[0]]?.[target[1]] ?? 0;
    const peers = empty.filter((other) => isPeer(target, other) && candidates(game.puzzle, other).includes(digit));
    const elsewhere = empty.filter(
      (other) =>
        !isPeer(target, other) &&
        (other[0] !== target[0] || other[1] !== target[1]) &&
        candidates(game.puzzle, other).includes(digit),
    );
    expect(peers.length).toBeGreaterThan(0);

    await play(target, digit);
    expect(await cell(...target).inputValue()).toBe(String(digit));
    for (const peer of peers) expect(await notesOf(peer)).not.toContain(digit);
    for (const other of elsewhere) expect(await notesOf(other)).toContain(digit);
    // The digit in focus is highlighted in the notes that still hold it.
    if (elsewhere[0]) {
      const [r, c] = elsewhere[0];
      const match = cell(r, c).locator('xpath=..').locator('[data-match]');
      expect(await match.textContent()).toBe(String(digit));
    }

    // One undo gives the peers their notes back; the notes survive a reload (kept in this browser).
    await page.keyboard.press('Control+z');
    await expect.poll(() => notesOf(peers[0] as Pos)).toContain(digit);
    await page.reload();
    await cell(0, 0).waitFor();
    await expect.poll(() => notesOf(peers[0] as Pos)).toEqual(candidates(game.puzzle, peers[0] as Pos));
  });

  it('mistake setting ‘compare with the solution’ marks a wrong digit, and is kept with the account', async () => {
    const game = await startGame(page, server.baseUrl, 'Easy');
    const board = game.puzzle;
    // An empty cell with a candidate that is not its solution: wrong, yet clashing with nothing.
    let wrongAt: Pos | null = null;
    let wrongDigit = 0;
    for (const pos of emptyCells(game)) {
      const other = candidates(board, pos).find((d) => d !== game.transformed_solution[pos[0]]?.[pos[1]]);
      if (other) {
        wrongAt = pos;
        wrongDigit = other;
        break;
      }
    }
    if (!wrongAt) throw new Error('no cell with two candidates');
    const [r, c] = wrongAt;
    const gridcell = cell(r, c).locator('xpath=..');

    const setting = page.getByRole('combobox', { name: 'Show mistakes' });
    expect(await setting.inputValue()).toBe('conflicts');
    await play(wrongAt, wrongDigit);
    // Rule conflicts only (the default): no clash, so no mark.
    expect(await cell(r, c).getAttribute('aria-invalid')).toBeNull();

    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/api/preferences') && res.request().method() === 'PUT',
    );
    await setting.selectOption('solution');
    expect((await saved).status()).toBe(200);
    await expect.poll(() => cell(r, c).getAttribute('aria-invalid')).toBe('true');
    expect(await gridcell.getAttribute('data-wrong')).not.toBeNull();
    expect(await cell(r, c).getAttribute('aria-description')).toContain('Wrong digit');
    expect((await preferences()).sudoku).toEqual({ mistakes: 'solution' });
    await screenshot(page, 'sudoku-tools-wrong-digit');

    // The right digit is not marked; the setting is still there after a reload.
    await play(wrongAt, game.transformed_solution[r]?.[c] ?? 0);
    await expect.poll(() => cell(r, c).getAttribute('aria-invalid')).toBeNull();
    await page.reload();
    await cell(0, 0).waitFor();
    await expect.poll(() => setting.inputValue()).toBe('solution');

    await setting.selectOption('conflicts');
    await expect.poll(async () => (await preferences()).sudoku.mistakes).toBe('conflicts');
  });

  it('screenshots: notes, corner and centre marks, colours and highlights at 375, 800 and 1280 px', async () => {
    const game = await startGame(page, server.baseUrl, 'Medium');
    const empty = emptyCells(game);
    await page.getByRole('button', { name: 'Fill candidates' }).click();
    const [a, b] = empty as [Pos, Pos];
    // Corner marks in one cell, centre marks in another, cleared candidates so they show alone.
    await cell(...a).click();
    await page.keyboard.press('Delete');
    await page.keyboard.press('t'); // notes on, corner marks
    for (const digit of candidates(game.puzzle, a)) await page.keyboard.press(String(digit));
    await cell(...b).click();
    await page.keyboard.press('Delete');
    await page.keyboard.press('t'); // centre marks
    for (const digit of candidates(game.puzzle, b)) await page.keyboard.press(String(digit));
    await page.keyboard.press('n'); // back to digits
    // Each of the six colours on a cell of its own.
    const coloured = empty.slice(2, 8);
    await page.keyboard.press('c');
    for (const [i, pos] of coloured.entries()) {
      await cell(...pos).click();
      await page.keyboard.press(String(i + 1));
    }
    await page.keyboard.press('c');
    // A solved digit on a coloured cell, to put in focus: one whose digit a clue also shows, so the
    // same-digit highlight has a cell to light (a puzzle's clues need not show every digit).
    const clueDigits = new Set(game.puzzle.flat().filter((v) => v !== 0));
    const digitOf = ([r, c]: Pos) => game.transformed_solution[r]?.[c] ?? 0;
    const e = (coloured.find((pos) => clueDigits.has(digitOf(pos))) ?? coloured[4]) as Pos;
    await play(e, digitOf(e));
    await expect.poll(() => page.locator('[data-colour]').count()).toBe(6);

    for (const scheme of checkedSchemes) {
      await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
      // A signed-in player's stored choice may be 'auto': the system's scheme decides then.
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [375, 800, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.baseUrl}/apps/sudoku/game?id=${game.id}`);
        await cell(...e).click();
        await expect.poll(() => page.locator('[data-same]').count()).toBeGreaterThan(0);
        // The phone layout fits: nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await screenshot(page, `sudoku-tools-${width}-${scheme}`);
        if (width === 375) {
          // The board alone, at the phone's size, to see the small marks.
          await page
            .getByRole('grid', { name: 'Sudoku board' })
            .screenshot({ path: path.join(screenshotDir, `sudoku-tools-board-${width}-${scheme}.png`) });
          await page.getByRole('button', { name: 'Colour', exact: true }).click();
          await page.getByRole('group', { name: 'Colours' }).waitFor();
          await screenshot(page, `sudoku-tools-colour-pad-${width}-${scheme}`);
          await page.getByRole('button', { name: 'Colour', exact: true }).click();
        }
      }
    }
    await page.evaluate(() => localStorage.removeItem('mantine-color-scheme-value'));
    await page.emulateMedia({ colorScheme: null });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(errors).toEqual([]);
  });
});
