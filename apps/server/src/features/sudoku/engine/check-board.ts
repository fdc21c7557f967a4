import { type Board, keepsClues, repeatedDigits, toGrid } from '@site/contract';

export interface BoardErrors {
  rows: number[];
  columns: number[];
  boxes: number[];
}

export interface BoardCheck {
  isCorrect: boolean;
  /** Indices 0–8 of every row, column and box holding the same digit twice. */
  errors: BoardErrors;
}

/**
 * Checks a player's board. It is correct when it is full, has no repeated digit in any row, column or box,
 * and (when the original puzzle is given) keeps every clue. Cells that are not digits 1–9 count as empty.
 */
export function checkBoard(board: Board, puzzle?: Board): BoardCheck {
  const grid = toGrid(board);
  const bad = [new Set<number>(), new Set<number>(), new Set<number>()];
  for (const { unit } of repeatedDigits(grid)) bad[Math.floor(unit / 9)]?.add(unit % 9);
  const sorted = (set: Set<number> | undefined) => [...(set ?? [])].sort((x, y) => x - y);
  const errors = { rows: sorted(bad[0]), columns: sorted(bad[1]), boxes: sorted(bad[2]) };
  const valid = errors.rows.length === 0 && errors.columns.length === 0 && errors.boxes.length === 0;
  const full = grid.every((value) => value !== 0);
  return { isCorrect: full && valid && (puzzle === undefined || keepsClues(toGrid(puzzle), grid)), errors };
}
