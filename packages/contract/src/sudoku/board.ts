import type { SudokuCellBoard } from '../sudoku.js';
import { isDigit } from './digits.js';
import { CELLS, indexOf, SIZE, unitsOf } from './grid.js';

/** A 9×9 board of digits row by row, 0 meaning an empty cell: how the API's integer boards read. */
export type Board = number[][];

/**
 * The board as 81 values row by row (cell = row * 9 + column), the form the rules work on. Anything that
 * is not a digit 1–9, a missing row or cell included, reads as empty.
 */
export function toGrid(board: Board): number[] {
  const grid = new Array<number>(CELLS).fill(0);
  if (!Array.isArray(board)) return grid;
  for (let r = 0; r < SIZE; r++) {
    const row = board[r];
    if (!Array.isArray(row)) continue;
    for (let c = 0; c < SIZE; c++) {
      const value = row[c];
      if (typeof value === 'number' && isDigit(value)) grid[indexOf(r, c)] = value;
    }
  }
  return grid;
}

/** 81 values back into 9 rows (missing values read as 0). */
export function toBoard(grid: ArrayLike<number>): Board {
  const board: Board = [];
  for (let r = 0; r < SIZE; r++) board.push(Array.from({ length: SIZE }, (_, c) => grid[indexOf(r, c)] ?? 0));
  return board;
}

/** 81 characters row by row, digits 1–9 as clues and anything else ('0', '.', '-') as empty. */
export function parseGrid(text: string): number[] {
  const grid = new Array<number>(CELLS).fill(0);
  for (let i = 0; i < CELLS && i < text.length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit >= 1 && digit <= 9) grid[i] = digit;
  }
  return grid;
}

export const parseBoard = (text: string): Board => toBoard(parseGrid(text));

/** True when every clue (non-zero value of `clues`) still holds the same digit in `grid`. */
export function keepsClues(clues: ArrayLike<number>, grid: ArrayLike<number>): boolean {
  for (let cell = 0; cell < CELLS; cell++) {
    if (clues[cell] && clues[cell] !== grid[cell]) return false;
  }
  return true;
}

/**
 * Every digit a row, column or box holds more than once, as its unit (0–26, grid.ts) and digit, each
 * once, in the order a reading of the cells row by row finds them.
 */
export function repeatedDigits(grid: ArrayLike<number>): { unit: number; digit: number }[] {
  const seen = new Uint16Array(27);
  const found = new Set<number>();
  const repeats: { unit: number; digit: number }[] = [];
  for (let cell = 0; cell < CELLS; cell++) {
    const digit = grid[cell] ?? 0;
    if (!isDigit(digit)) continue;
    for (const unit of unitsOf(cell)) {
      const bit = 1 << digit;
      if ((seen[unit] ?? 0) & bit && !found.has(unit * 10 + digit)) {
        found.add(unit * 10 + digit);
        repeats.push({ unit, digit });
      }
      seen[unit] = (seen[unit] ?? 0) | bit;
    }
  }
  return repeats;
}

// --- The API's boards: 9×9 { value, clue } cells (docs/api.md#sudoku-boards). ---

/** The digits of a board of cells (0 = empty). */
export const cellValues = (board: SudokuCellBoard): Board => board.map((row) => row.map((cell) => cell.value));

/** The clues alone: the digit of every clue cell, 0 elsewhere. */
export const cluesOf = (board: SudokuCellBoard): Board =>
  board.map((row) => row.map((cell) => (cell.clue ? cell.value : 0)));

/** 81 values as the API's cells; a cell is a clue where `clues` holds a digit or `true`. */
export function toCellBoard(values: ArrayLike<number>, clues: ArrayLike<number | boolean>): SudokuCellBoard {
  return Array.from({ length: SIZE }, (_, r) =>
    Array.from({ length: SIZE }, (_, c) => ({
      value: values[indexOf(r, c)] ?? 0,
      clue: Boolean(clues[indexOf(r, c)]),
    })),
  );
}
