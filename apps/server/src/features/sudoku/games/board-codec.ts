import type { SudokuCellBoard } from '@site/contract';

/** Boards are stored as 81-digit strings, row by row, and read by the service as 9×9 integers. */
export const encodeBoard = (board: number[][]): string => board.map((row) => row.join('')).join('');

export function decodeBoard(encoded: string): number[][] {
  const board: number[][] = [];
  for (let r = 0; r < 9; r++) {
    board.push(Array.from(encoded.slice(r * 9, r * 9 + 9), (c) => c.charCodeAt(0) - 48));
  }
  return board;
}

/** A stored puzzle as share links carry it: 81 characters, '.' for an empty cell. */
export const toShareText = (encoded: string): string => encoded.replaceAll('0', '.');

/** True when every clue of `puzzle` (non-zero cell) still holds the same digit in `board`. */
export function keepsClues(puzzle: string, board: string): boolean {
  for (let i = 0; i < 81; i++) {
    if (puzzle[i] !== '0' && puzzle[i] !== board[i]) return false;
  }
  return true;
}

/**
 * A stored board as the API answers it: 9×9 `{ value, clue }` cells, a cell being a clue when the
 * puzzle has a digit there (docs/api.md#sudoku-boards). Storage keeps digits only.
 */
export function toCellBoard(encoded: string, puzzle: string): SudokuCellBoard {
  const board: SudokuCellBoard = [];
  for (let r = 0; r < 9; r++) {
    const row = [];
    for (let c = r * 9; c < r * 9 + 9; c++) {
      row.push({ value: encoded.charCodeAt(c) - 48, clue: puzzle[c] !== '0' });
    }
    board.push(row);
  }
  return board;
}
