/**
 * Hint latency per level for `npm run bench:sudoku` (goal: median hint on a hard board under 50 ms). For
 * each level a fixed set of generated puzzles is solved by applying hints as a player would (placements on
 * the board, eliminations kept as notes); every position on the way, from the clues to the last open cell,
 * is a real mid-game board to time: once with the notes gathered so far, once without notes (a player who
 * keeps none, so the hint works from the board alone). The baseline, timed in the same run, is one full
 * grade of the same puzzles.
 */

import { cellIndex } from '@site/contract';
import { findHint, type HintInput } from '../src/features/sudoku/engine/hints.js';
import {
  DIFFICULTIES,
  type Difficulty,
  generatePuzzle,
  gradePuzzle,
  mulberry32,
} from '../src/features/sudoku/engine/index.js';

const PUZZLES = 20;
/** Calls per timing, so a sub-millisecond call is measured above the timer's resolution. */
const REPEAT = 20;

export interface HintRow {
  difficulty: Difficulty;
  notes: boolean;
  positions: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  gradeMedianMs: number;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const at = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

function timeMs(op: () => unknown): number {
  const start = performance.now();
  for (let i = 0; i < REPEAT; i++) op();
  return (performance.now() - start) / REPEAT;
}

/** Every position met while hints solve the puzzle, from the clues to the last open cell. */
function positions(puzzle: number[][], solution: number[][]): HintInput[] {
  const sol = Uint8Array.from(solution.flat());
  const board = Uint8Array.from(puzzle.flat());
  const notes = new Uint16Array(81).fill(0x1ff);
  const out: HintInput[] = [];
  for (;;) {
    out.push({ solution: sol, board: Uint8Array.from(board), notes: Uint16Array.from(notes) });
    const hint = findHint({ solution: sol, board, notes });
    if (hint.kind === 'solved' || hint.kind === 'mistake') return out;
    if (hint.placement) board[cellIndex(hint.placement.cell)] = hint.placement.digit;
    if (hint.kind === 'step') for (const e of hint.eliminations) notes[cellIndex(e.cell)]! &= ~(1 << (e.digit - 1));
  }
}

export function hintTable(): HintRow[] {
  return DIFFICULTIES.flatMap((difficulty, level) => {
    const rng = mulberry32(2026 + level);
    const puzzles = Array.from({ length: PUZZLES }, () => generatePuzzle(difficulty, rng));
    const withNotes = puzzles.flatMap((p) => positions(p.puzzle, p.solution));
    const withoutNotes = withNotes.map(({ solution, board }) => ({ solution, board }));
    const grades = sorted(puzzles.map((p) => timeMs(() => gradePuzzle(p.puzzle))));
    return [withNotes, withoutNotes].map((boards, i) => {
      for (const b of boards.slice(0, 50)) findHint(b); // warm-up
      const hints = sorted(boards.map((b) => timeMs(() => findHint(b))));
      return {
        difficulty,
        notes: i === 0,
        positions: boards.length,
        medianMs: at(hints, 0.5),
        p95Ms: at(hints, 0.95),
        maxMs: hints.at(-1)!,
        gradeMedianMs: at(grades, 0.5),
      };
    });
  });
}
