import { SUDOKU_GRADES } from '@site/contract';
import type { DatabaseHandle } from '../../../db/database.js';
import type { DailyPuzzles } from '../puzzles/daily-puzzles.js';
import { levelStats } from '../puzzles/level-stats.js';
import { sudokuPuzzlesService } from '../puzzles/sudoku-puzzles.service.js';
import { sudokuRepository } from './sudoku.repository.js';
import { sudokuService } from './sudoku.service.js';

/* The statistics suites' shared references: the games as the statistics are defined over them. */

export const BOARD = '0'.repeat(81);
export const unused = () => {
  throw new Error('no puzzles in this test');
};
const FINISHED = ['won', 'lost'] as const;

/** The user's finished games in finish order: what the statistics are defined over (level-stats.ts). */
export async function finishedInOrder(handle: DatabaseHandle, userId: number) {
  const rows = await handle.db
    .selectFrom('sudoku_games')
    .select(['difficulty', 'status', 'time', 'finished_at'])
    .where('user_id', '=', userId)
    .where('status', 'in', FINISHED)
    .orderBy('finished_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    difficulty: r.difficulty,
    status: r.status === 'won' ? ('won' as const) : ('lost' as const),
    time: r.time,
    finished_at: r.finished_at ?? '',
  }));
}

/**
 * Both answers as they were computed before migration 027, from every finished game: the
 * per-level definition, and GET /api/sudoku/stats (won, lost and the best win of each level).
 */
export async function answersFromEveryGame(handle: DatabaseHandle, userId: number) {
  const rows = await finishedInOrder(handle, userId);
  const best = Object.fromEntries(
    SUDOKU_GRADES.map((level) => {
      const times = rows.filter((r) => r.difficulty === level && r.status === 'won').map((r) => r.time);
      return [level, times.length ? Math.min(...times) : null];
    }),
  );
  const won = rows.filter((r) => r.status === 'won').length;
  return {
    levels: JSON.stringify(levelStats(rows)),
    stats: JSON.stringify({ best, won, lost: rows.length - won }),
  };
}

/** Both answers as the app gives them, from the kept summary. */
export async function answersFromSummary(handle: DatabaseHandle, userId: number) {
  const repository = sudokuRepository(handle);
  const levels = sudokuPuzzlesService(repository, { get: unused } as unknown as DailyPuzzles);
  const games = sudokuService(repository, { take: unused });
  return {
    levels: JSON.stringify(await levels.levelStats(userId)),
    stats: JSON.stringify(await games.stats(userId)),
  };
}
