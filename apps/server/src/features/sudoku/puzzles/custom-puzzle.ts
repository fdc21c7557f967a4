import { repeatedDigits, SUDOKU_MIN_CLUES, type SudokuGrade, type SudokuPuzzleGrade, toGrid } from '@site/contract';
import { HttpError } from '../../../core/http-errors.js';
import { type Board, countSolutions, gradePuzzle, parseBoard, solve } from '../engine/index.js';
import { encodeBoard, toShareText } from '../games/board-codec.js';

export interface CheckedPuzzle {
  grade: SudokuPuzzleGrade;
  puzzle: Board;
  solution: Board;
  difficulty: SudokuGrade;
}

/**
 * The solver's step budget for a puzzle from outside (engine/search/band-search.ts counts a step per propagation,
 * a few microseconds each). The famous hardest puzzles need at most about 200 steps and served ones under 20;
 * a 17-clue grid without a solution must be searched to the end, which took up to 200,000 steps (0.4 s of
 * CPU) before this bound. 1,000 keeps a check within a few milliseconds (`npm run bench:sudoku`).
 */
export const CHECK_MAX_STEPS = 1_000;

export const TOO_HARD_TO_CHECK =
  'This puzzle takes too long to check: a solution could not be found or ruled out quickly. Check the clues, or add one';

/** A refusal names the `puzzle` field, like a validation error (docs/api.md#errors). */
const refuse = (message: string) => new HttpError(400, message, { puzzle: message });

const UNIT_NAMES = ['row', 'column', 'box'] as const;

/** Every digit a row, column or box holds twice, e.g. "5 twice in row 3" (1-based, as players count). */
const conflicts = (board: Board): string[] =>
  repeatedDigits(toGrid(board)).map(
    ({ unit, digit }) => `${digit} twice in ${UNIT_NAMES[Math.floor(unit / 9)]} ${(unit % 9) + 1}`,
  );

/**
 * Checks a player's puzzle (81 characters, already validated by the contract) before a game is made
 * of it: no clashing clues, at least 17 clues, exactly one solution found within the step budget. Our
 * techniques give its level; one they cannot finish (it needs guessing) is `expert`, and its hints
 * reveal a cell where the techniques are stuck. Each failure is a 400 with the reason
 * (docs/api.md#sudoku-daily-and-own-puzzles).
 */
export function checkCustomPuzzle(text: string, maxSteps = CHECK_MAX_STEPS): CheckedPuzzle {
  const puzzle = parseBoard(text);
  const clashes = conflicts(puzzle);
  if (clashes.length > 0) throw refuse(`The clues conflict: ${clashes.join(', ')}`);
  const clues = puzzle.flat().filter((d) => d !== 0).length;
  if (clues < SUDOKU_MIN_CLUES) {
    throw refuse(`A puzzle needs at least ${SUDOKU_MIN_CLUES} clues to have only one solution; this one has ${clues}`);
  }
  // The counting solver stops at 2: enough to tell none, one and several apart.
  const count = countSolutions(puzzle, 2, maxSteps);
  if (count < 0) throw refuse(TOO_HARD_TO_CHECK);
  if (count === 0) throw refuse('This puzzle has no solution');
  if (count > 1) throw refuse('This puzzle has more than one solution, so it cannot be solved by logic alone');
  // The same search again, so within the same budget.
  const solution = solve(puzzle) as Board;
  const grade = gradePuzzle(puzzle);
  const difficulty: SudokuGrade = grade.difficulty ?? 'expert';
  return {
    puzzle,
    solution,
    difficulty,
    grade: {
      difficulty,
      techniques: grade.techniques,
      clues,
      share: toShareText(encodeBoard(puzzle)),
    },
  };
}
