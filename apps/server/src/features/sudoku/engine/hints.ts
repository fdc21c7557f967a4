import { cellName, maskDigits } from '@site/contract';
import type { TechniqueName } from './grader.js';
import { GradingState } from './grading-state.js';
import { type FoundStep, findStep } from './hint-finders.js';
import { explain, TECHNIQUE_NAMES, type UnitKind, unitKind } from './hint-text.js';

/*
 * Hints that explain (docs/product.md#sudoku-hints): a wrong digit first, else the simplest step the
 * grader's techniques find on the player's board, else (the techniques are stuck) one revealed cell.
 */

export interface HintCell {
  cell: string;
  digit: number;
}

export type Hint =
  | { kind: 'mistake'; cells: string[]; text: string }
  | {
      kind: 'step';
      technique: TechniqueName;
      name: string;
      /** The row, column or box to look at first (level 1); null when the pattern spans several. */
      area: { unit: UnitKind; index: number } | null;
      cells: string[];
      candidates: { cell: string; digits: number[] }[];
      eliminations: HintCell[];
      placement: HintCell | null;
      text: string;
    }
  | { kind: 'reveal'; cells: string[]; placement: HintCell; text: string }
  | { kind: 'solved'; text: string };

export interface HintInput {
  /** 81 digits each, row by row, 0 empty. */
  solution: ArrayLike<number>;
  board: ArrayLike<number>;
  /**
   * The player's notes as 81 candidate masks (bit d-1 = digit d, 0 = no notes). Only a start: they never add
   * what the board rules out, and a note dropping the cell's solution digit is ignored.
   */
  notes?: ArrayLike<number>;
}

const state = new GradingState();

export function findHint({ solution, board, notes }: HintInput): Hint {
  const wrong: number[] = [];
  for (let cell = 0; cell < 81; cell++) {
    const v = board[cell]!;
    if (v !== 0 && v !== solution[cell]) wrong.push(cell);
  }
  if (wrong.length > 0) {
    const names = wrong.map(cellName);
    const which = names.length === 1 ? `${names[0]} is` : `${names.join(', ')} are`;
    return {
      kind: 'mistake',
      cells: names,
      text: `${which} not right: check ${names.length === 1 ? 'it' : 'them'} first.`,
    };
  }

  // The board holds correct digits only, so its candidates always include the solution and never clash.
  state.load(board);
  if (state.unsolved === 0) return { kind: 'solved', text: 'The board is complete and correct.' };
  if (notes) {
    for (let cell = 0; cell < 81; cell++) {
      // A note that wrongly drops the cell's digit is ignored; the cell's other notes still count.
      const m = notes[cell]! & 0x1ff;
      if (m !== 0 && state.value[cell] === 0) state.cand[cell]! &= m | (1 << (solution[cell]! - 1));
    }
  }

  const step = findStep(state);
  return step ? hintStep(step) : reveal(state, solution);
}

export type HintStep = Extract<Hint, { kind: 'step' }>;
export type HintReveal = Extract<Hint, { kind: 'reveal' }>;

/** A found step as hints (and the solving path, solving-path.ts) answer it. */
export function hintStep(step: FoundStep): HintStep {
  return {
    kind: 'step',
    technique: step.technique,
    name: TECHNIQUE_NAMES[step.technique],
    area: step.unit >= 0 ? { unit: unitKind(step.unit), index: (step.unit % 9) + 1 } : null,
    cells: step.cells.map((c) => cellName(c.cell)),
    candidates: step.cells.map((c) => ({ cell: cellName(c.cell), digits: maskDigits(c.mask) })),
    eliminations: step.eliminations.map((e) => ({ cell: cellName(e.cell), digit: e.digit })),
    placement: step.placement ? { cell: cellName(step.placement.cell), digit: step.placement.digit } : null,
    text: explain(step),
  };
}

/** The open cell of `marks` with the fewest candidates, told outright. */
export function reveal(marks: GradingState, solution: ArrayLike<number>): HintReveal {
  let best = -1;
  for (let cell = 0; cell < 81; cell++) {
    if (marks.value[cell] !== 0) continue;
    if (best < 0 || maskDigits(marks.cand[cell]!).length < maskDigits(marks.cand[best]!).length) best = cell;
  }
  const cell = cellName(best);
  const digit = solution[best]!;
  return {
    kind: 'reveal',
    cells: [cell],
    placement: { cell, digit },
    text: `None of the techniques this game knows finds the next step here, so here is one cell: ${cell} is ${digit}.`,
  };
}
