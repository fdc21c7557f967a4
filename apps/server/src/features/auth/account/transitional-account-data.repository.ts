import type { SudokuStats } from '@site/contract';
import type { Kysely } from 'kysely';
import type { AccountData } from '../../../core/account-data.js';
import type { DatabaseHandle } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';

/**
 * TRANSITIONAL: the export's parts (core/account-data.ts) that their features do not register
 * yet, read here as the export read them before it was split by feature. Each moves to its
 * feature's repository and index.ts; this file goes when it is empty.
 */
export function registerTransitionalAccountData(accountData: AccountData, { db }: DatabaseHandle): void {
  accountData.register('sudoku', {
    exportRows: async (userId) => ({
      sudoku_games: await db
        .selectFrom('sudoku_games')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      sudoku_stats: await sudokuStats(db, userId),
    }),
  });
}

/**
 * The shape `GET /api/sudoku/stats` answers (best winning time per difficulty, won and lost
 * counts), computed here from the games so the auth feature does not import the Sudoku one.
 */
async function sudokuStats(db: Kysely<Database>, userId: number): Promise<SudokuStats> {
  const rows = await db
    .selectFrom('sudoku_games')
    .select([
      'difficulty',
      'status',
      (eb) => eb.fn.min<number>('time').as('best'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('user_id', '=', userId)
    .where('status', 'in', ['won', 'lost'])
    .groupBy(['difficulty', 'status'])
    .execute();
  const stats: SudokuStats = { best: { easy: null, medium: null, hard: null, expert: null }, won: 0, lost: 0 };
  for (const row of rows) {
    if (row.status === 'won') {
      stats.won += Number(row.n);
      stats.best[row.difficulty] = Number(row.best);
    } else {
      stats.lost += Number(row.n);
    }
  }
  return stats;
}
