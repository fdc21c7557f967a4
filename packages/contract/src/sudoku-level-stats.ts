import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';

/** One `schema` per Sudoku level: `{ easy, medium, hard }`. */
export const perSudokuLevel = <T extends z.ZodType>(schema: T) =>
  z.object({ easy: schema, medium: schema, hard: schema });

const levelStatsSchema = z.object({
  /** Finished games (won or lost); unfinished ones are not counted. */
  games: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  /** won / games, 0–1; null before the first finished game. */
  win_rate: z.number().nullable(),
  /** Seconds, over won games; null before the first win. */
  best_time: z.number().int().nullable(),
  average_time: z.number().int().nullable(),
  /** Wins in a row since the last loss (games in the order they finished). */
  current_streak: z.number().int(),
  longest_streak: z.number().int(),
  /** The latest finished games, oldest first: when each ended, won or lost, and its time. */
  history: z.array(z.object({ finished_at: z.string(), status: z.enum(['won', 'lost']), time: z.number().int() })),
});
export type SudokuLevelStats = z.infer<typeof levelStatsSchema>;

/** Every grade: the three levels, then `expert` (own and shared puzzles that need guessing). */
export const sudokuLevelStatsResponseSchema = perSudokuLevel(levelStatsSchema).extend({ expert: levelStatsSchema });
export type SudokuLevelStatsResponse = z.infer<typeof sudokuLevelStatsResponseSchema>;

export const sudokuLevelStatsEndpoints = {
  levelStats: endpoint(routes.sudoku.levelStats, {
    tags: ['sudoku'],
    summary: 'Per level: games, wins, win rate, best and average time, win streaks, recent games',
    response: sudokuLevelStatsResponseSchema,
    errors: [401],
  }),
};
