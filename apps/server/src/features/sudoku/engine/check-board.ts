import { type Board, toGrid } from './board.js';
import { BOX_OF, COL_OF, ROW_OF } from './grid-geometry.js';

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
  const rowSeen = new Uint16Array(9);
  const colSeen = new Uint16Array(9);
  const boxSeen = new Uint16Array(9);
  const bad = { rows: new Set<number>(), columns: new Set<number>(), boxes: new Set<number>() };
  let full = true;
  for (let cell = 0; cell < 81; cell++) {
    const v = grid[cell]!;
    if (v === 0) {
      full = false;
      continue;
    }
    const bit = 1 << v;
    const r = ROW_OF[cell]!;
    const c = COL_OF[cell]!;
    const b = BOX_OF[cell]!;
    if (rowSeen[r]! & bit) bad.rows.add(r);
    if (colSeen[c]! & bit) bad.columns.add(c);
    if (boxSeen[b]! & bit) bad.boxes.add(b);
    rowSeen[r]! |= bit;
    colSeen[c]! |= bit;
    boxSeen[b]! |= bit;
  }
  const sorted = (set: Set<number>) => [...set].sort((x, y) => x - y);
  const errors = { rows: sorted(bad.rows), columns: sorted(bad.columns), boxes: sorted(bad.boxes) };
  const valid = errors.rows.length === 0 && errors.columns.length === 0 && errors.boxes.length === 0;
  return { isCorrect: full && valid && (puzzle === undefined || keepsClues(grid, toGrid(puzzle))), errors };
}

function keepsClues(grid: Uint8Array, clues: Uint8Array): boolean {
  for (let cell = 0; cell < 81; cell++) {
    if (clues[cell] !== 0 && clues[cell] !== grid[cell]) return false;
  }
  return true;
}
