import { parseGrid } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { mulberry32, type Rng } from '../random.js';
import {
  ARRANGEABLE,
  ARRANGEMENT_CELLS,
  ARRANGEMENTS,
  FORCED,
  MINI_ROW_CELLS,
  miniRows,
  STACK_ALLOWED,
  stackMatrix,
} from './band-tables.js';
import { Solver } from './solver.js';

/*
 * Solver.count without an rng runs BandSearch; with an rng it runs the previous single-cell search, kept for
 * seeded grids. An rng that always returns 0 makes that search try digits in its old fixed order, so it is
 * an independent second opinion on every count and solution.
 */
const fast = new Solver();
const previous = new Solver();
const fixedOrder = () => 0;

/** A complete valid grid that keeps every clue. */
function solves(solution: Uint8Array, grid: ArrayLike<number>): boolean {
  for (let cell = 0; cell < 81; cell++) {
    if (solution[cell]! < 1 || (grid[cell] !== 0 && grid[cell] !== solution[cell])) return false;
  }
  for (let unit = 0; unit < 9; unit++) {
    let row = 0;
    let column = 0;
    let box = 0;
    for (let k = 0; k < 9; k++) {
      row |= 1 << solution[unit * 9 + k]!;
      column |= 1 << solution[k * 9 + unit]!;
      box |= 1 << solution[(Math.floor(unit / 3) * 3 + Math.floor(k / 3)) * 9 + (unit % 3) * 3 + (k % 3)]!;
    }
    if (row !== 0x3fe || column !== 0x3fe || box !== 0x3fe) return false;
  }
  return true;
}

/**
 * Both counts, and whether the fast search's solution is right: a solution of the clues whenever it found
 * one, and the very one the previous search found when the solution is unique.
 */
function both(grid: ArrayLike<number>, limit: number): { fast: number; previous: number; same: boolean } {
  const a = fast.load(grid) ? fast.count(limit) : 0;
  const b = previous.load(grid) ? previous.count(limit, fixedOrder) : 0;
  const valid = a === 0 || solves(fast.solution, grid);
  const unique = a === 1 && limit > 1;
  return { fast: a, previous: b, same: valid && (!unique || fast.solution.join('') === previous.solution.join('')) };
}

const HARDEST = [
  '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
  '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..',
  '.......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...',
  '000000010400000000020000000000050407008000300001090000300400200050100000000806000',
  '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1',
  '..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...',
].map(parseGrid);

/** A random complete grid from the seeded search. */
function randomSolution(rng: Rng): Uint8Array {
  previous.load(new Uint8Array(81));
  previous.count(1, rng);
  return Uint8Array.from(previous.solution);
}

const pick = <T>(items: readonly T[], rng: Rng) => items[Math.floor(rng() * items.length)]!;

describe('band search', () => {
  it('solves the hardest puzzles to the same single solution as the previous search', () => {
    for (const grid of HARDEST) {
      expect(both(grid, 2)).toEqual({ fast: 1, previous: 1, same: true });
    }
  });

  it('agrees with the previous search on 1,200 boards with 0, 1 or several solutions', () => {
    const rng = mulberry32(20);
    const seen = [0, 0, 0];
    for (let i = 0; i < 1200; i++) {
      let grid: Uint8Array;
      const kind = i % 4;
      if (kind === 0) {
        // Sparse and middling subsets of a solution: usually many solutions.
        const solution = randomSolution(rng);
        const keep = rng() * 0.5;
        grid = solution.map((v) => (rng() < keep ? v : 0));
      } else {
        grid = Uint8Array.from(pick(HARDEST, rng));
        const clues = [...grid.keys()].filter((c) => grid[c] !== 0);
        const cell = pick(clues, rng);
        if (kind === 1) grid[cell] = 0; // one clue fewer: often several solutions
        if (kind === 2) grid[cell] = 1 + Math.floor(rng() * 9); // a changed clue: often none
        if (kind === 3) {
          // a clue moved to an empty cell
          const v = grid[cell]!;
          grid[cell] = 0;
          grid[
            pick(
              [...grid.keys()].filter((c) => grid[c] === 0),
              rng,
            )
          ] = v;
        }
      }
      const limit = 1 + (i % 3);
      const result = both(grid, limit);
      expect(result, Array.from(grid).join('')).toEqual({
        fast: result.previous,
        previous: result.previous,
        same: true,
      });
      seen[Math.min(result.fast, 2)]!++;
    }
    // The mix really covers every outcome.
    expect(Math.min(...seen)).toBeGreaterThan(100);
  });

  it('stops at the limit and never overcounts', () => {
    const solution = randomSolution(mulberry32(3));
    const empty = new Uint8Array(81);
    for (const limit of [1, 2, 7]) expect(both(empty, limit)).toMatchObject({ fast: limit, previous: limit });
    // One clue short of a unique hardest puzzle: exactly as many as the previous search finds, up to 50.
    const grid = Uint8Array.from(HARDEST[0]!);
    grid[grid.findIndex((v) => v !== 0)] = 0;
    const { fast: n, previous: m } = both(grid, 50);
    expect(n).toBe(m);
    expect(n).toBeGreaterThan(1);
    expect(both(solution, 2)).toEqual({ fast: 1, previous: 1, same: true });
  });

  it('keeps restrictions made after loading (a uniqueness check asks for another digit in a cell)', () => {
    const grid = HARDEST[1]!;
    fast.load(grid);
    fast.count(2);
    const solution = Uint8Array.from(fast.solution);
    const open = [...grid.keys()].filter((c) => grid[c] === 0);
    for (const cell of open.slice(0, 20)) {
      fast.load(grid);
      fast.restrict(cell, 0x1ff & ~(1 << (solution[cell]! - 1)));
      expect(fast.count(1)).toBe(0);
    }
  });
});

describe('band tables', () => {
  const permutations = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  const fitting = (m: number) =>
    permutations.map(([a, b, c]) => (1 << a!) | (1 << (3 + b!)) | (1 << (6 + c!))).filter((p) => (m & p) === p);

  it('lists, unites and intersects the arrangements of every 3×3 matrix', () => {
    for (let m = 0; m < 512; m++) {
      const fits = fitting(m);
      expect(ARRANGEMENTS[m]).toBe(fits.length);
      expect(Array.from(ARRANGEMENT_CELLS.subarray(m * 6, m * 6 + fits.length))).toEqual(
        fits.map((p) => MINI_ROW_CELLS[p]),
      );
      const union = fits.reduce((u, p) => u | p, 0);
      expect(ARRANGEABLE[m]).toBe(MINI_ROW_CELLS[union]);
      expect(FORCED[m]).toBe(fits.length === 0 ? 0 : fits.reduce((f, p) => f & p, 0x1ff));
      // Stack layout: bit b*3+j becomes bit b*9+j.
      const spread = [0, 1, 2, 3, 4, 5, 6, 7, 8].reduce(
        (s, q) => ((union >> q) & 1 ? s | (1 << (Math.floor(q / 3) * 9 + (q % 3))) : s),
        0,
      );
      expect(STACK_ALLOWED[m]).toBe(spread);
    }
  });

  it('reads mini-rows and stack matrices from band words', () => {
    // Row 0: cells in boxes 0 and 2; row 1: box 1; row 2: none.
    const word = (1 << 1) | (1 << 7) | (1 << (9 + 4));
    expect(miniRows(word)).toBe(0b000_010_101);
    // Columns of bands 0, 1, 2 as band*9 + column: stack 1 holds columns 3–5.
    const columns = (0b000_101_000 << 0) | (0b000_010_000 << 9) | (0b000_000_000 << 18);
    expect(stackMatrix(columns, 1)).toBe(0b000_010_101);
  });
});
