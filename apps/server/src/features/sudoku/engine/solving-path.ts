import { cellIndex } from '@site/contract';
import { GradingState } from './grading-state.js';
import { findStep } from './hint-finders.js';
import { type HintReveal, type HintStep, hintStep, reveal } from './hints.js';

/*
 * A finished game's solving path (docs/api.md#sudoku-solving-path): the steps a hint would give, one after
 * another, from the clues to the solution. The grader (grader.ts) records no steps (it applies every instance
 * of a technique in one sweep and keeps only which techniques it used), so the path walks the hint finders
 * instead: on the candidates left so far, the simplest step, applied, then again.
 */

export type PathStep = HintStep | HintReveal;

/** Each step changes the marks (a digit placed or at least one candidate removed), so this is never reached. */
const MAX_STEPS = 81 * 9;

/**
 * Every step from `clues` to `solution` (81 digits each, row by row, 0 empty), in order. Candidates start as
 * all candidates of the clue board. A served puzzle is always solved by the techniques (docs/product.md#sudoku);
 * if they were ever stuck, the step tells one cell from the solution, as a hint would.
 */
export function solvingPath(clues: ArrayLike<number>, solution: ArrayLike<number>): PathStep[] {
  const marks = new GradingState();
  marks.load(clues);
  const steps: PathStep[] = [];
  while (marks.unsolved > 0) {
    if (marks.broken || steps.length >= MAX_STEPS) throw new Error('The clues do not lead to the solution');
    const found = findStep(marks);
    if (!found) {
      const told = reveal(marks, solution);
      steps.push(told);
      place(marks, solution, cellIndex(told.placement.cell), told.placement.digit);
      continue;
    }
    steps.push(hintStep(found));
    if (found.placement) place(marks, solution, found.placement.cell, found.placement.digit);
    for (const { cell, digit } of found.eliminations) marks.eliminate(cell, 1 << (digit - 1));
  }
  return steps;
}

function place(marks: GradingState, solution: ArrayLike<number>, index: number, digit: number) {
  // The techniques are sound, so this holds for a puzzle with one solution; a broken invariant must not
  // produce a path that teaches a wrong digit.
  if (solution[index] !== digit) throw new Error('A step disagrees with the solution');
  marks.place(index, digit);
}
