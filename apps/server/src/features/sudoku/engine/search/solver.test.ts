import { parseBoard } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../random.js';
import { countSolutions, lastSearchSteps, solve } from './solver.js';

const toText = (board: number[][]) => board.map((row) => row.join('')).join('');

/** Famous puzzles with their published solutions. */
const KNOWN = {
  wikipedia: [
    '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79',
    '534678912672195348198342567859761423426853791713924856961537284287419635345286179',
  ],
  inkalaWorldsHardest: [
    '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
    '812753649943682175675491283154237896369845721287169534521974368438526917796318452',
  ],
  aiEscargot: [
    '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..',
    '162857493534129678789643521475312986913586742628794135356478219241935867897261354',
  ],
  seventeenClues: [
    '000000010400000000020000000000050407008000300001090000300400200050100000000806000',
    '693784512487512936125963874932651487568247391741398625319475268856129743274836159',
  ],
  platinumBlonde: [
    '.......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...',
    '839465712146782953752391486391824675564173829287659341628537194913248567475916238',
  ],
} as const;

describe('solver', () => {
  it.each(Object.entries(KNOWN))('solves %s', (_, [puzzle, solution]) => {
    const board = parseBoard(puzzle);
    expect(countSolutions(board)).toBe(1);
    const solved = solve(board);
    expect(solved && toText(solved)).toBe(solution);
  });

  describe('step budget', () => {
    /** 17 clues, no solution that propagation can see: the unbounded search walks ~440,000 steps (about 1 s). */
    const WORST_NO_SOLUTION = '000030000030100700080400000005000000000000000000603408000000009040000500060500800';

    it('gives up at its budget on a worst case without a solution: -1 after exactly budget + 1 steps', () => {
      const board = parseBoard(WORST_NO_SOLUTION);
      expect(board.flat().filter((d) => d !== 0)).toHaveLength(17);
      expect(countSolutions(board, 2, 1_000)).toBe(-1);
      expect(lastSearchSteps()).toBe(1_001);
      // Still out of reach at a hundred times the budget: the budget is what bounds it.
      expect(countSolutions(board, 2, 100_000)).toBe(-1);
      expect(lastSearchSteps()).toBe(100_001);
    });

    it('leaves the famous hardest puzzles well inside the budget', () => {
      for (const [puzzle, solution] of Object.values(KNOWN)) {
        expect(countSolutions(parseBoard(puzzle), 2, 1_000)).toBe(1);
        expect(lastSearchSteps()).toBeLessThan(250);
        expect(toText(solve(parseBoard(puzzle)) ?? [])).toBe(solution);
      }
    });
  });

  it('does not change the board it is given', () => {
    const board = parseBoard(KNOWN.wikipedia[0]);
    const before = JSON.stringify(board);
    solve(board);
    expect(JSON.stringify(board)).toBe(before);
  });

  it('accepts a complete valid grid as its own solution', () => {
    const grid = parseBoard(KNOWN.wikipedia[1]);
    expect(countSolutions(grid)).toBe(1);
    expect(solve(grid)).toEqual(grid);
  });

  it('counts 0 for duplicate givens, without throwing', () => {
    const rowClash = parseBoard(`11${'.'.repeat(79)}`);
    const columnClash = parseBoard(`5${'.'.repeat(8)}5${'.'.repeat(71)}`);
    const boxClash = parseBoard(`7.........7${'.'.repeat(70)}`);
    for (const board of [rowClash, columnClash, boxClash]) {
      expect(countSolutions(board)).toBe(0);
      expect(solve(board)).toBeNull();
    }
  });

  it('counts 0 for givens that clash only after deduction', () => {
    // Row 1 misses only 9 but column 9 already has a 9: no duplicates, still no solution.
    const board = parseBoard(`12345678.${'.'.repeat(63)}........9`);
    expect(countSolutions(board)).toBe(0);
    expect(solve(board)).toBeNull();
  });

  it('counts 0 for a full grid with a wrong digit', () => {
    const wrong = `${KNOWN.wikipedia[1].slice(0, 80)}1`;
    expect(countSolutions(parseBoard(wrong))).toBe(0);
  });

  it('stops at the limit for puzzles with several solutions', () => {
    const empty = parseBoard('.'.repeat(81));
    expect(countSolutions(empty)).toBe(2);
    expect(countSolutions(empty, 1)).toBe(1);
    expect(countSolutions(empty, 5)).toBe(5);
    expect(solve(empty)).toBeNull();
  });

  it('counts exactly 2 for a grid with one swappable rectangle', () => {
    // Blank the four cells of a 1/2 rectangle in a solved grid: both orders fit.
    const grid = [...KNOWN.wikipedia[1]];
    const cells: number[] = [];
    // Rows r1,r2 and columns c1,c2 (two of them sharing a band or stack) whose corners read a b / b a.
    let found = false;
    for (let r1 = 0; r1 < 9 && !found; r1++) {
      for (let r2 = r1 + 1; r2 < 9 && !found; r2++) {
        for (let c1 = 0; c1 < 9 && !found; c1++) {
          for (let c2 = c1 + 1; c2 < 9 && !found; c2++) {
            const a = grid[r1 * 9 + c1];
            const b = grid[r1 * 9 + c2];
            const sameBand = Math.floor(r1 / 3) === Math.floor(r2 / 3);
            const sameStack = Math.floor(c1 / 3) === Math.floor(c2 / 3);
            if (grid[r2 * 9 + c1] === b && grid[r2 * 9 + c2] === a && (sameBand || sameStack)) {
              cells.push(r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2);
              found = true;
            }
          }
        }
      }
    }
    expect(found).toBe(true);
    for (const cell of cells) grid[cell] = '.';
    expect(countSolutions(parseBoard(grid.join('')))).toBe(2);
    expect(countSolutions(parseBoard(grid.join('')), 10)).toBe(2);
  });

  it('treats malformed boards as having no solution', () => {
    const bad: unknown[] = [null, [], [[1, 2, 3]], Array.from({ length: 9 }, () => Array(9).fill(10))];
    for (const board of bad) {
      expect(countSolutions(board as number[][])).toBe(0);
      expect(solve(board as number[][])).toBeNull();
    }
  });
});

/** Plain cell-by-cell backtracking: slow but obviously right, to cross-check the bitboard solver. */
function referenceCount(grid: number[], limit: number): number {
  const fits = (cell: number, v: number) => {
    const r = Math.floor(cell / 9);
    const c = cell % 9;
    for (let k = 0; k < 9; k++) {
      if (grid[r * 9 + k] === v || grid[k * 9 + c] === v) return false;
      const box = (Math.floor(r / 3) * 3 + Math.floor(k / 3)) * 9 + Math.floor(c / 3) * 3 + (k % 3);
      if (grid[box] === v) return false;
    }
    return true;
  };
  for (let cell = 0; cell < 81; cell++) {
    const v = grid[cell]!;
    grid[cell] = 0;
    const ok = v === 0 || fits(cell, v);
    grid[cell] = v;
    if (!ok) return 0;
  }
  let found = 0;
  const search = (from: number): void => {
    let cell = from;
    while (cell < 81 && grid[cell] !== 0) cell++;
    if (cell === 81) {
      found++;
      return;
    }
    for (let v = 1; v <= 9 && found < limit; v++) {
      if (!fits(cell, v)) continue;
      grid[cell] = v;
      search(cell + 1);
      grid[cell] = 0;
    }
  };
  search(0);
  return found;
}

describe('solver against plain backtracking', () => {
  it('agrees on 400 random partial grids, some clashing', () => {
    const rng = mulberry32(2024);
    const solution = [...KNOWN.inkalaWorldsHardest[1]].map(Number);
    for (let i = 0; i < 400; i++) {
      const grid = solution.map((v) => (rng() < 0.3 + rng() * 0.3 ? v : 0));
      if (rng() < 0.3) grid[Math.floor(rng() * 81)] = 1 + Math.floor(rng() * 9);
      const board = Array.from({ length: 9 }, (_, r) => grid.slice(r * 9, r * 9 + 9));
      expect(countSolutions(board), grid.join('')).toBe(referenceCount([...grid], 2));
    }
  });
});
