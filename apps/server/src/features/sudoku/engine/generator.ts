import { type Board, toBoard } from '@site/contract';
import type { Difficulty } from './board.js';
import { ClueRemover } from './clue-removal.js';
import { Grader, type Tier } from './grader.js';
import { type Rng, shuffleInPlace } from './random.js';
import { Solver } from './search/solver.js';

export interface Puzzle {
  puzzle: Board;
  solution: Board;
  difficulty: Difficulty;
  clues: number;
}

export interface GenerateOptions {
  /** Remove clues in pairs mirrored through the centre, so the clue pattern has 180° symmetry. */
  symmetric?: boolean;
}

// Reused buffers and engines: generation allocates nothing until it builds the returned boards.
const solver = new Solver();
const grader = new Grader();
const solution = new Uint8Array(81);
const clues = new Uint8Array(81);
const remover = new ClueRemover(solver, solution, clues);
const digits = new Uint8Array(9);

const TIER: Record<Difficulty, Tier> = { easy: 1, medium: 2, hard: 3 };
/**
 * Easy puzzles stop losing clues at 30 (newspaper easies have about 30–38). Singles-minimal ones go down
 * to about 24, which makes a beginner hunt for the next move; medium and hard go as low as uniqueness allows.
 */
const EASY_MIN_CLUES = 30;

/**
 * A puzzle with exactly one solution whose grade, checked by the grader on the final clues, is `difficulty`
 * (see difficultyOf in grader.ts). Each attempt makes a random complete grid and removes clues in random
 * order while the solution stays unique; an attempt whose grade does not fit is thrown away.
 */
export function generatePuzzle(difficulty: Difficulty, rng: Rng = Math.random, options: GenerateOptions = {}): Puzzle {
  const symmetric = options.symmetric ?? false;
  const tier = TIER[difficulty];
  for (;;) {
    randomGrid(rng, solution);
    if (tier === 1) {
      // Removing clues only while singles still finish the grid keeps the puzzle easy and unique by construction.
      remover.whileSinglesSolve(rng, symmetric, EASY_MIN_CLUES);
      if (grader.grade(clues) && grader.tier === 1) return result(difficulty);
      continue;
    }
    remover.whileUnique(rng, symmetric);
    // Singles alone finish it: too easy. The bitboard solver tells that faster than the grader.
    if (solver.load(clues) && solver.solvesBySingles()) continue;
    const added = easeTo(tier, rng);
    if (added < 0) continue;
    // A grade capped at `tier` that solved the grid is the full grade; after adding clues, grade afresh.
    if (added === 0 || (grader.grade(clues) && grader.tier === tier)) return result(difficulty);
  }
}

/**
 * Minimal puzzles are often harder than asked for. Wherever logic up to `tier` gets stuck, give back the
 * solution's digit in a random open cell and carry on until that logic finishes. Returns the number of
 * clues added, or -1 when the puzzle turned out easier than `tier`.
 */
function easeTo(tier: Tier, rng: Rng): number {
  if (grader.grade(clues, tier)) return grader.tier === tier ? 0 : -1;
  const state = grader.state;
  let added = 0;
  do {
    if (state.broken) return -1;
    let pick = Math.floor(rng() * state.unsolved);
    for (let cell = 0; cell < 81; cell++) {
      if (state.value[cell] !== 0 || pick-- > 0) continue;
      clues[cell] = solution[cell]!;
      state.place(cell, solution[cell]!);
      added++;
      break;
    }
  } while (!grader.resume(tier));
  return added;
}

function result(difficulty: Difficulty): Puzzle {
  let count = 0;
  for (let cell = 0; cell < 81; cell++) if (clues[cell] !== 0) count++;
  return { puzzle: toBoard(clues), solution: toBoard(solution), difficulty, clues: count };
}

/** A uniformly shuffled diagonal of boxes (independent of each other), completed by a randomised search. */
function randomGrid(rng: Rng, out: Uint8Array): void {
  out.fill(0);
  for (const box of [0, 4, 8]) {
    for (let k = 0; k < 9; k++) digits[k] = k + 1; // from a fixed start, so a seed alone decides the grid
    shuffleInPlace(digits, rng);
    const top = Math.floor(box / 3) * 3;
    const left = (box % 3) * 3;
    for (let k = 0; k < 9; k++) out[(top + Math.floor(k / 3)) * 9 + left + (k % 3)] = digits[k]!;
  }
  solver.load(out);
  solver.count(1, rng);
  out.set(solver.solution);
}
