import { SUDOKU_HISTORY_GAMES, SUDOKU_UNFINISHED_MAX, type SudokuDifficulty } from '@site/contract';
import { encodeBoard } from '../games/board-codec.js';
import { startGame } from '../games/start-game.js';
import { type NewGame, type SudokuRepository, toGame } from '../games/sudoku.repository.js';
import { checkCustomPuzzle } from './custom-puzzle.js';
import { type DailyPuzzles, utcDate } from './daily-puzzles.js';
import { dailyResultLine, dailyStats } from './daily-streaks.js';
import { levelStatsFromSummary } from './level-stats.js';

/**
 * The daily puzzle and the player's own puzzles (docs/api.md#sudoku-daily-and-own-puzzles). `now` is
 * injectable so tests can pin the day.
 */
export function sudokuPuzzlesService(
  repository: SudokuRepository,
  daily: DailyPuzzles,
  now: () => number = Date.now,
  maxUnfinished = SUDOKU_UNFINISHED_MAX,
) {
  const start = (userId: number, game: NewGame) => startGame(repository, userId, game, maxUnfinished);

  return {
    /** Today's daily game at a level: started on the first call of the day, resumed on every other. */
    async daily(userId: number, difficulty: SudokuDifficulty) {
      const date = utcDate(now());
      const { puzzle, solution } = daily.get(date, difficulty);
      const row = await start(userId, {
        difficulty,
        puzzle: encodeBoard(puzzle),
        solution: encodeBoard(solution),
        source: 'daily',
        daily_date: date,
      });
      return {
        ...toGame(row),
        daily_date: date,
        result: row.status === 'won' ? dailyResultLine(date, difficulty, row.time, row.hints_used) : null,
      };
    },

    /** Per-level statistics of finished games, from the kept summary (finished games always have a finished_at). */
    levelStats: async (userId: number) =>
      levelStatsFromSummary(
        (await repository.levelStats(userId, SUDOKU_HISTORY_GAMES)).map((row) => ({
          ...row,
          status: row.status === 'won' ? ('won' as const) : ('lost' as const),
          finished_at: row.finished_at ?? '',
        })),
      ),

    dailyStats: async (userId: number) => dailyStats(await repository.dailyGames(userId), utcDate(now())),

    /** Grades a player's puzzle without starting a game (a preview); 400 with the reason when refused. */
    check: (text: string) => checkCustomPuzzle(text).grade,

    async custom(userId: number, text: string) {
      const checked = checkCustomPuzzle(text);
      const row = await start(userId, {
        difficulty: checked.difficulty,
        puzzle: encodeBoard(checked.puzzle),
        solution: encodeBoard(checked.solution),
        source: 'custom',
      });
      return { ...toGame(row), grade: checked.grade };
    },
  };
}
export type SudokuPuzzlesService = ReturnType<typeof sudokuPuzzlesService>;
