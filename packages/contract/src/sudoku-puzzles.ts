import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';
import { sudokuDifficultySchema, sudokuGameSchema, sudokuGradeSchema } from './sudoku.js';
import { PUZZLE_TEXT_ERRORS, PUZZLE_TEXT_PATTERN, withoutSpaces } from './sudoku-constants.js';
import { perSudokuLevel } from './sudoku-level-stats.js';

/**
 * The daily puzzle and the player's own puzzles (docs/api.md#sudoku-daily-and-own-puzzles).
 * A puzzle as text: 81 characters row by row, digits 1–9 for clues and '.' or '0' for empty cells,
 * the form share links carry (`/apps/sudoku/game?p=…`).
 */
export const sudokuPuzzleTextSchema = z
  .string({ error: PUZZLE_TEXT_ERRORS.type })
  .transform(withoutSpaces)
  .pipe(z.string().regex(PUZZLE_TEXT_PATTERN, PUZZLE_TEXT_ERRORS.characters).length(81, PUZZLE_TEXT_ERRORS.length));

export const sudokuCustomRequestSchema = z.object({ puzzle: sudokuPuzzleTextSchema });

/** What our grader says about a puzzle: its level and the techniques a person needs for it. */
export const sudokuPuzzleGradeSchema = z.object({
  difficulty: sudokuGradeSchema,
  /** Every technique the grader used, simplest first (e.g. 'naked single', 'x-wing'). */
  techniques: z.array(z.string()),
  clues: z.number().int(),
  /** The puzzle normalised ('.' for empty), as share links carry it. */
  share: z.string(),
});
export type SudokuPuzzleGrade = z.infer<typeof sudokuPuzzleGradeSchema>;

export const sudokuCustomResponseSchema = sudokuGameSchema.extend({ grade: sudokuPuzzleGradeSchema });

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const sudokuDailyQuerySchema = z.object({ difficulty: sudokuDifficultySchema.default('easy') });

/** A daily game; `result` is the spoiler-free line to share once it is won, null before. */
export const sudokuDailyResponseSchema = sudokuGameSchema.extend({
  daily_date: isoDate,
  result: z.string().nullable(),
});

const dailyLevelStatsSchema = z.object({
  /** Consecutive days, up to today (or yesterday while today's is not won yet), with a won daily. */
  current_streak: z.number().int(),
  longest_streak: z.number().int(),
  days_played: z.number().int(),
  days_won: z.number().int(),
  /** Today's daily at this level: null when not started. */
  today: z
    .object({
      status: z.enum(['playing', 'won', 'lost']),
      time: z.number().int(),
      result: z.string().nullable(),
    })
    .nullable(),
});
export type SudokuDailyLevelStats = z.infer<typeof dailyLevelStatsSchema>;

export const sudokuDailyStatsResponseSchema = z.object({
  date: isoDate,
  levels: perSudokuLevel(dailyLevelStatsSchema),
});
export type SudokuDailyStats = z.infer<typeof sudokuDailyStatsResponseSchema>;

const tags = ['sudoku'];

export const sudokuPuzzleEndpoints = {
  daily: endpoint(routes.sudoku.daily, {
    tags,
    summary: "Start or resume the user's game of today's daily puzzle at a level",
    query: sudokuDailyQuerySchema,
    response: sudokuDailyResponseSchema,
    errors: [400, 401, 403],
  }),
  dailyStats: endpoint(routes.sudoku.dailyStats, {
    tags,
    summary: 'Daily puzzle streaks and today’s result per level',
    response: sudokuDailyStatsResponseSchema,
    errors: [401],
  }),
  custom: endpoint(routes.sudoku.custom, {
    tags,
    summary: 'Start a game of a puzzle the player typed or opened from a share link',
    body: sudokuCustomRequestSchema,
    response: sudokuCustomResponseSchema,
    errors: [400, 401, 403, 429],
  }),
  customCheck: endpoint(routes.sudoku.customCheck, {
    tags,
    summary: 'Check and grade a puzzle without starting a game',
    body: sudokuCustomRequestSchema,
    response: sudokuPuzzleGradeSchema,
    errors: [400, 401, 403, 429],
  }),
};
