/**
 * A finished game's solving path (docs/api.md#sudoku-solving-path) read for the board: the digits and
 * pencil marks before each step. Pure, so the stepper's positions are unit-tested without the page.
 */
import type { SudokuPathStep } from '@site/contract';
import { candidatesOf } from '@site/contract/sudoku';
import { createGameState, gameReducer } from './game-state';
import { hintChange } from './hint';

export interface PathPosition {
  values: readonly number[];
  /** Candidate masks (bit d-1 = digit d), 0 on filled cells. */
  candidates: readonly number[];
}

/** Every empty cell's candidates given the filled cells (0 on filled cells), as masks. */
export const allCandidates = (values: readonly number[]): number[] =>
  values.map((value, cell) => (value ? 0 : candidatesOf(values, cell)));

/**
 * The board before each step, then the solved board (steps.length + 1 positions). Marks start as every
 * candidate of the clues, as on the server, and each step is applied exactly as a hint's Apply applies it
 * (the game's reducer), so a placement also clears its digit from the peers' marks.
 */
export function pathPositions(puzzle: number[][], steps: readonly SudokuPathStep[]): PathPosition[] {
  let state = createGameState(puzzle);
  state = { ...state, notes: allCandidates(state.values) };
  const positions: PathPosition[] = [{ values: state.values, candidates: state.notes }];
  for (const step of steps) {
    const change = hintChange(step);
    if (change) state = gameReducer(state, { type: 'applyHint', change });
    positions.push({ values: state.values, candidates: state.notes });
  }
  return positions;
}

/** The marks to draw: every candidate, or only those of the cells the step points at. */
export function shownCandidates(candidates: readonly number[], only: ReadonlySet<number> | null): number[] {
  return only ? candidates.map((mask, cell) => (only.has(cell) ? mask : 0)) : [...candidates];
}
