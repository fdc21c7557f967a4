import { parseBoard } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { isValidBoardShape } from './board.js';
import { checkBoard } from './check-board.js';

const SOLUTION = parseBoard('534678912672195348198342567859761423426853791713924856961537284287419635345286179');
const PUZZLE = parseBoard('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
const copy = (board: number[][]) => board.map((row) => [...row]);
const NO_ERRORS = { rows: [], columns: [], boxes: [] };

describe('checkBoard', () => {
  it('accepts the solution, with or without its puzzle', () => {
    expect(checkBoard(SOLUTION)).toEqual({ isCorrect: true, errors: NO_ERRORS });
    expect(checkBoard(SOLUTION, PUZZLE)).toEqual({ isCorrect: true, errors: NO_ERRORS });
  });

  it('reports an unfinished board without errors as not correct', () => {
    expect(checkBoard(PUZZLE, PUZZLE)).toEqual({ isCorrect: false, errors: NO_ERRORS });
    const almost = copy(SOLUTION);
    almost[8]![8] = 0;
    expect(checkBoard(almost)).toEqual({ isCorrect: false, errors: NO_ERRORS });
  });

  it('finds the row, column and box of a repeated digit', () => {
    const board = copy(PUZZLE);
    board[0]![2] = 5; // row 0 already has 5 at column 0, and box 0 too
    expect(checkBoard(board)).toEqual({ isCorrect: false, errors: { rows: [0], columns: [], boxes: [0] } });
    const column = copy(PUZZLE);
    column[8]![0] = 4; // column 0 has 4 at row 4; row 8 and box 6 stay fine
    expect(checkBoard(column).errors).toEqual({ rows: [], columns: [0], boxes: [] });
  });

  it('lists every unit with a duplicate once, in order', () => {
    const board = copy(SOLUTION);
    // Swapping two cells of a row keeps the row valid but breaks both columns and, across boxes, both boxes.
    [board[0]![0], board[0]![8]] = [board[0]![8]!, board[0]![0]!];
    expect(checkBoard(board)).toEqual({ isCorrect: false, errors: { rows: [], columns: [0, 8], boxes: [0, 2] } });
  });

  it('rejects a valid grid that changes a clue', () => {
    // Relabelling digits 1 and 2 keeps every unit valid but not the clues.
    const other = SOLUTION.map((row) => row.map((v) => (v === 1 ? 2 : v === 2 ? 1 : v)));
    expect(checkBoard(other)).toEqual({ isCorrect: true, errors: NO_ERRORS });
    expect(checkBoard(other, PUZZLE)).toEqual({ isCorrect: false, errors: NO_ERRORS });
  });

  it('treats anything but digits 1–9 as empty rather than throwing', () => {
    const odd = copy(SOLUTION) as unknown[][];
    odd[4]![4] = 'x';
    expect(checkBoard(odd as number[][]).isCorrect).toBe(false);
    expect(checkBoard([] as number[][])).toEqual({ isCorrect: false, errors: NO_ERRORS });
  });
});

describe('isValidBoardShape', () => {
  it('accepts 9 rows of 9 integers 0–9', () => {
    expect(isValidBoardShape(PUZZLE)).toBe(true);
    expect(isValidBoardShape(SOLUTION)).toBe(true);
  });

  it.each([
    ['not an array', 'board'],
    ['8 rows', PUZZLE.slice(0, 8)],
    ['a short row', [...PUZZLE.slice(0, 8), [1, 2, 3]]],
    ['a 10', [[10, 0, 0, 0, 0, 0, 0, 0, 0], ...PUZZLE.slice(1)]],
    ['a negative', [[-1, 0, 0, 0, 0, 0, 0, 0, 0], ...PUZZLE.slice(1)]],
    ['a fraction', [[1.5, 0, 0, 0, 0, 0, 0, 0, 0], ...PUZZLE.slice(1)]],
    ['a string', [['1', 0, 0, 0, 0, 0, 0, 0, 0], ...PUZZLE.slice(1)]],
    ['null', null],
  ])('rejects %s', (_, value) => {
    expect(isValidBoardShape(value)).toBe(false);
  });
});
