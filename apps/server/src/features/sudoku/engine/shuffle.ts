import type { Board } from '@site/contract';
import type { Puzzle } from './generator.js';
import { type Rng, shuffleInPlace } from './random.js';

/**
 * A random equivalent of a puzzle: digits relabelled, bands and stacks reordered, rows within each band
 * and columns within each stack reordered, and the grid transposed half of the time. These moves map
 * rows, columns and boxes onto rows, columns and boxes, so the copy keeps exactly one solution and needs
 * exactly the same techniques (every technique of the grader comes in row, column and box form, and the
 * hardest tier a puzzle needs does not depend on the order of steps). That makes it a cheap way to serve
 * many different-looking puzzles from one freshly generated one.
 */
export function shufflePuzzle(source: Puzzle, rng: Rng = Math.random): Puzzle {
  const digits = shuffleInPlace([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], rng, 1);
  const rows = lineOrder(rng);
  const cols = lineOrder(rng);
  const transpose = rng() < 0.5;
  return {
    puzzle: remap(source.puzzle, digits, rows, cols, transpose),
    solution: remap(source.solution, digits, rows, cols, transpose),
    difficulty: source.difficulty,
    clues: source.clues,
  };
}

/** The board seen through the permutations, flattened first so the copy reads one flat array. */
function remap(board: Board, digits: number[], rows: number[], cols: number[], transpose: boolean): Board {
  for (let r = 0; r < 9; r++) {
    const row = board[r]!;
    for (let c = 0; c < 9; c++) flat[transpose ? c * 9 + r : r * 9 + c] = row[c]!;
  }
  const out: Board = [];
  for (let r = 0; r < 9; r++) {
    const i = rows[r]! * 9;
    out.push([
      digits[flat[i + cols[0]!]!]!,
      digits[flat[i + cols[1]!]!]!,
      digits[flat[i + cols[2]!]!]!,
      digits[flat[i + cols[3]!]!]!,
      digits[flat[i + cols[4]!]!]!,
      digits[flat[i + cols[5]!]!]!,
      digits[flat[i + cols[6]!]!]!,
      digits[flat[i + cols[7]!]!]!,
      digits[flat[i + cols[8]!]!]!,
    ]);
  }
  return out;
}

const flat = new Uint8Array(81);

/** A line order that keeps bands together: bands shuffled, then the three lines within each band. */
function lineOrder(rng: Rng): number[] {
  const bands = shuffleInPlace([0, 3, 6], rng);
  const order: number[] = [];
  for (const band of bands) {
    const first = Math.floor(rng() * 3);
    const reverse = rng() < 0.5;
    for (let i = 0; i < 3; i++) order.push(band + ((first + (reverse ? 3 - i : i)) % 3));
  }
  return order;
}
