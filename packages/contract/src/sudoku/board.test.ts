import { describe, expect, it } from 'vitest';
import {
  cellValues,
  cluesOf,
  keepsClues,
  parseBoard,
  parseGrid,
  repeatedDigits,
  toBoard,
  toCellBoard,
  toGrid,
} from './board.js';

const PUZZLE = '530070000600195000098000060800060003400803001700020006060000280000419005000080079';
const SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';

describe('sudoku boards', () => {
  it('round-trips boards through their 81 values and their text', () => {
    const solution = parseBoard(SOLUTION);
    expect(solution[0]).toEqual([5, 3, 4, 6, 7, 8, 9, 1, 2]);
    expect(toBoard(toGrid(solution))).toEqual(solution);
    expect(toGrid(solution).join('')).toBe(SOLUTION);
    expect(parseGrid(PUZZLE.replaceAll('0', '.'))).toEqual(parseGrid(PUZZLE));
  });

  it('reads anything but a digit 1-9 as empty, a malformed board included', () => {
    const board = parseBoard(SOLUTION);
    board[0] = [10, -1, 1.5, Number.NaN, 0, 8, 9, 1, 2];
    expect(toGrid(board).slice(0, 9)).toEqual([0, 0, 0, 0, 0, 8, 9, 1, 2]);
    expect(toGrid([[1]])).toEqual([1, ...new Array(80).fill(0)]);
    expect(toGrid(null as unknown as number[][])).toEqual(new Array(81).fill(0));
    expect(parseGrid('12x')).toEqual([1, 2, ...new Array(79).fill(0)]);
  });

  it('finds each digit held twice by a unit once, in reading order', () => {
    expect(repeatedDigits(parseGrid(SOLUTION))).toEqual([]);
    const grid = parseGrid(PUZZLE);
    grid[2] = 5; // r1c3: a second 5 in row 1 and box 1
    grid[72] = 8; // r9c1: a second 8 in row 9 (r9c5) and column 1 (r4c1)
    expect(repeatedDigits(grid)).toEqual([
      { unit: 0, digit: 5 },
      { unit: 18, digit: 5 },
      { unit: 9, digit: 8 }, // found at r9c1
      { unit: 8, digit: 8 }, // found at r9c5, later in reading order
    ]);
  });

  it('tells whether a board keeps every clue', () => {
    const clues = parseGrid(PUZZLE);
    expect(keepsClues(clues, parseGrid(SOLUTION))).toBe(true);
    expect(keepsClues(clues, clues)).toBe(true);
    const changed = parseGrid(SOLUTION);
    changed[0] = 4;
    expect(keepsClues(clues, changed)).toBe(false);
  });

  it("reads the API's cells as values and clues, and writes them back carrying both", () => {
    const cells = toCellBoard(parseGrid(SOLUTION), parseGrid(PUZZLE));
    expect(cells[0]?.slice(0, 3)).toEqual([
      { value: 5, clue: true },
      { value: 3, clue: true },
      { value: 4, clue: false },
    ]);
    expect(cellValues(cells)).toEqual(parseBoard(SOLUTION));
    expect(cluesOf(cells)).toEqual(parseBoard(PUZZLE));
    const flags = parseGrid(PUZZLE).map((digit) => digit !== 0);
    expect(toCellBoard(parseGrid(SOLUTION), flags)).toEqual(cells);
  });
});
