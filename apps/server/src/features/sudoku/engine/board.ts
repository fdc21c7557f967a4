/** A 9×9 grid of digits as the API sees it, 0 meaning an empty cell. */
export type Board = number[][];

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

/**
 * The board as 81 digits row by row, the engine's internal form. Anything that is not a digit 1–9
 * (including a malformed board) reads as empty, so callers never see an exception for bad input.
 */
export function toGrid(board: Board): Uint8Array {
  const grid = new Uint8Array(81);
  if (!Array.isArray(board)) return grid;
  for (let r = 0; r < 9; r++) {
    const row = board[r];
    if (!Array.isArray(row)) continue;
    for (let c = 0; c < 9; c++) {
      const v = row[c];
      if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 9) grid[r * 9 + c] = v;
    }
  }
  return grid;
}

export function toBoard(grid: ArrayLike<number>): Board {
  const board: Board = [];
  for (let r = 0; r < 9; r++) {
    const row = new Array<number>(9);
    for (let c = 0; c < 9; c++) row[c] = grid[r * 9 + c] ?? 0;
    board.push(row);
  }
  return board;
}

/** Parses 81 characters, digits 1–9 as clues and anything else ('0', '.', '-') as empty. */
export function parseGrid(text: string): Uint8Array {
  const grid = new Uint8Array(81);
  for (let i = 0; i < 81 && i < text.length; i++) {
    const code = text.charCodeAt(i) - 48;
    if (code >= 1 && code <= 9) grid[i] = code;
  }
  return grid;
}

export const parseBoard = (text: string): Board => toBoard(parseGrid(text));
