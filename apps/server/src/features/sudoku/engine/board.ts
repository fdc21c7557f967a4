import type { Board } from '@site/contract';

// Boards, their 81 values and their text are the contract's rules (packages/contract/src/sudoku/board.ts).

export type Difficulty = 'easy' | 'medium' | 'hard';
export const DIFFICULTIES: readonly Difficulty[] = ['easy', 'medium', 'hard'];

/** 9 arrays of 9 integers 0–9. */
export function isValidBoardShape(value: unknown): value is Board {
  if (!Array.isArray(value) || value.length !== 9) return false;
  return value.every(
    (row) =>
      Array.isArray(row) && row.length === 9 && row.every((cell) => Number.isInteger(cell) && cell >= 0 && cell <= 9),
  );
}
