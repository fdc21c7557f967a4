import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Sudoku helpers for browser tests: start a game the way a player does, read what the server stored. */

type Cell = { value: number; clue: boolean };

/** The integer boards of a game (0 = empty), read from the API's { value, clue } cells. */
export interface PlainGame {
  id: number;
  puzzle: number[][];
  transformed_solution: number[][];
}

export type Difficulty = 'Easy' | 'Medium' | 'Hard';

/** Reads a game as the server has it (the test needs the solution). */
export async function readGame(page: Page, id: number): Promise<PlainGame> {
  const game = await page.evaluate(async (gameId) => (await fetch(`/api/sudoku/game?id=${gameId}`)).json(), id);
  const plain = (board: Cell[][]) => board.map((row) => row.map((cell) => cell.value));
  return { id: game.id, puzzle: plain(game.puzzle), transformed_solution: plain(game.transformed_solution) };
}

/** Starts a game from the menu's Play card and returns it as the server stored it. */
export async function startGame(page: Page, baseUrl: string, difficulty: Difficulty): Promise<PlainGame> {
  await page.goto(`${baseUrl}/apps/sudoku`);
  // The segmented control hides its radio inputs; a person clicks the visible label.
  const radioId = await page.getByRole('radio', { name: difficulty }).getAttribute('id');
  await page.locator(`label[for="${radioId}"]`).click();
  await expect.poll(() => page.getByRole('radio', { name: difficulty }).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Start Game' }).click();
  await page.waitForURL(/\/apps\/sudoku\/game\?id=\d+/);
  await page.getByRole('grid', { name: 'Sudoku board' }).waitFor();
  return readGame(page, Number(new URL(page.url()).searchParams.get('id')));
}

/** A board cell's input, rows and columns counted from 0. */
export const cellOf = (page: Page, r: number, c: number) =>
  page.getByRole('textbox', { name: `Row ${r + 1}, column ${c + 1}` });

/** The puzzle's empty cells as [row, column], row by row. */
export const emptyCells = (game: PlainGame) =>
  game.puzzle.flat().flatMap((v, i): [number, number][] => (v === 0 ? [[Math.floor(i / 9), i % 9]] : []));
