/**
 * The Sudoku app's levels, limits and puzzle-text rule as plain values, free of zod: the Sudoku pages
 * import them without the schemas of sudoku.ts and sudoku-puzzles.ts
 * (docs/decisions.md#main-thread-work-after-the-first-paint). sudoku.ts re-exports them.
 */

export const SUDOKU_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

/**
 * Every grade a game or puzzle can have: the levels above, then `expert`, a puzzle with one solution that
 * our techniques cannot finish (it needs guessing). Only a player's own or a shared puzzle can be expert;
 * the levels served (play, daily) stay guess-free.
 */
export const SUDOKU_GRADES = [...SUDOKU_DIFFICULTIES, 'expert'] as const;

/**
 * A user has at most this many unfinished games (the saved-games list); starting another answers
 * 400 until one is finished, given up or deleted (docs/api.md#limits). Finished games only count
 * towards the statistics.
 */
export const SUDOKU_UNFINISHED_MAX = 100;

/** Elapsed seconds are bounded so a broken client cannot store nonsense (100 hours). */
export const SUDOKU_MAX_TIME = 360_000;

/** How many of a level's latest finished games the history (for a small chart) lists. */
export const SUDOKU_HISTORY_GAMES = 20;

/**
 * A puzzle as text (docs/api.md#sudoku-daily-and-own-puzzles): 81 characters row by row, digits 1–9
 * for clues and '.' or '0' for empty cells, the form share links carry (`/apps/sudoku/game?p=…`).
 */
export const SUDOKU_MIN_CLUES = 17;
export const PUZZLE_TEXT_PATTERN = /^[0-9.]*$/;
export const PUZZLE_TEXT_ERRORS = {
  type: 'The puzzle must be a string of 81 characters',
  characters: "A puzzle may only contain digits 1-9 and '.' or '0' for empty cells",
  length: 'A puzzle has exactly 81 cells (81 characters, row by row)',
} as const;
/** Spaces and line breaks are ignored: a pasted grid of nine lines reads as its 81 characters. */
export const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

/** The first thing `sudokuPuzzleTextSchema` would refuse in `text`, or null when it passes. */
export function puzzleTextProblem(text: string): string | null {
  const cells = withoutSpaces(text);
  if (!PUZZLE_TEXT_PATTERN.test(cells)) return PUZZLE_TEXT_ERRORS.characters;
  if (cells.length !== 81) return PUZZLE_TEXT_ERRORS.length;
  return null;
}
