/**
 * CPU per check of a player's puzzle (`POST /api/sudoku/custom/check`, share-link previews) for
 * `npm run bench:sudoku`: the check as it is, with the solver's step budget, against the same check with an
 * unbounded search (as it was before the budget). The worst case is a 17-clue grid without a solution whose
 * contradiction the propagation cannot see, so the unbounded search walks the whole open grid.
 */

import { countSolutions, lastSearchSteps, parseBoard } from '../src/features/sudoku/engine/index.js';
import { CHECK_MAX_STEPS, checkCustomPuzzle } from '../src/features/sudoku/puzzles/custom-puzzle.js';
import { FAMOUS_HARDEST } from './sudoku-hardest.js';
import { rate } from './sudoku-measure.js';

/** 17 clues, no solution, and about 440,000 steps to prove it without a budget (found by a hill climb on steps). */
export const WORST_NO_SOLUTION = '000030000030100700080400000005000000000000000000603408000000009040000500060500800';

const PUZZLES = [
  ['17 clues, one solution', FAMOUS_HARDEST[3][1]],
  ['Inkala 2012 (expert)', FAMOUS_HARDEST[0][1]],
  ['17 clues, no solution (worst found)', WORST_NO_SOLUTION],
] as const;

/** The whole check (a refusal is an answer too); with an infinite budget, the check as it was before it. */
function check(text: string, maxSteps = CHECK_MAX_STEPS): void {
  try {
    checkCustomPuzzle(text, maxSteps);
  } catch {
    // refused
  }
}

export interface CustomCheckRow {
  name: string;
  /** Steps the search takes without a budget, and with it (CHECK_MAX_STEPS + 1 when it gives up). */
  unboundedSteps: number;
  boundedSteps: number;
  /** Median ms of CPU per check. */
  beforeMs: number;
  afterMs: number;
  answer: string;
}

export function customCheckTable(): CustomCheckRow[] {
  return PUZZLES.map(([name, text]) => {
    const board = parseBoard(text);
    countSolutions(board, 2);
    const unboundedSteps = lastSearchSteps();
    countSolutions(board, 2, CHECK_MAX_STEPS);
    const boundedSteps = lastSearchSteps();
    let answer = 'accepted';
    try {
      answer = `accepted: ${checkCustomPuzzle(text).difficulty}`;
    } catch (error) {
      answer = `400: ${(error as Error).message.slice(0, 40)}…`;
    }
    return {
      name,
      unboundedSteps,
      boundedSteps,
      beforeMs: 1000 / rate(() => check(text, Number.POSITIVE_INFINITY)),
      afterMs: 1000 / rate(() => check(text)),
      answer,
    };
  });
}
