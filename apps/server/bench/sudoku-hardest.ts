/**
 * Solving famous hardest puzzles for `npm run bench:sudoku` (goal: half of tdoku's published rate, the
 * closest a JavaScript solver can come to that C++ solver). The baseline, timed in the same run, is the
 * engine's previous solver: the single-cell search that solver.ts keeps for seeded random grids. Called with
 * an rng that always returns 0 it tries digits in the fixed order it always used for solving.
 */
import { type Board, parseBoard, toBoard, toGrid } from '@site/contract';
import { isValidBoardShape } from '../src/features/sudoku/engine/board.js';
import { Solver, solve } from '../src/features/sudoku/engine/search/solver.js';
import { rate } from './sudoku-measure.js';

export const FAMOUS_HARDEST = [
  ['Inkala 2012', '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..'],
  ['AI Escargot', '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..'],
  ['Platinum Blonde', '.......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...'],
  ['17 clues', '000000010400000000020000000000050407008000300001090000300400200050100000000806000'],
] as const;

/** tdoku's published rate on hard puzzles (C++, its forum_hardest_1905 set), as the issue quotes it. */
export const TDOKU_PER_SECOND = 19_717;
/** Rounds for this table: the headline figure gets a steadier median than the others. */
const ROUNDS = 9;

const baselineSolver = new Solver();
const fixedOrder = () => 0;

/** solve() as it was: same checks and conversions, the previous search. */
function baselineSolve(board: Board): Board | null {
  if (!isValidBoardShape(board) || !baselineSolver.load(toGrid(board))) return null;
  return baselineSolver.count(2, fixedOrder) === 1 ? toBoard(baselineSolver.solution) : null;
}

export interface HardestTable {
  oursPerSecond: number;
  baselinePerSecond: number;
  /** Puzzles both solvers solved to the same single solution. */
  agreeing: number;
  /** Per puzzle: name, clues, then µs per solve for ours and the baseline. */
  perPuzzle: [string, number, number, number][];
}

export function hardestTable(): HardestTable {
  const boards = FAMOUS_HARDEST.map(([, text]) => parseBoard(text));
  const solveAll = (fn: (b: Board) => unknown) => () => {
    for (const b of boards) fn(b);
  };
  const agreeing = boards.filter((b) => {
    const ours = solve(b);
    return ours !== null && JSON.stringify(ours) === JSON.stringify(baselineSolve(b));
  }).length;
  return {
    oursPerSecond: rate(solveAll(solve), ROUNDS) * boards.length,
    baselinePerSecond: rate(solveAll(baselineSolve), ROUNDS) * boards.length,
    agreeing,
    perPuzzle: boards.map((b, i) => [
      FAMOUS_HARDEST[i]![0],
      b.flat().filter((v) => v !== 0).length,
      1e6 / rate(() => solve(b), 3),
      1e6 / rate(() => baselineSolve(b), 3),
    ]),
  };
}
