import type { Kysely } from 'kysely';

/**
 * Indexes for the Sudoku statistics (docs/api.md#sudoku-statistics-per-level), which read every
 * finished game of a user on each call. Level, status, time: the best winning time of a level is
 * one seek. Level, finish order, status, time: a level's latest games are a short walk back from
 * its end, and the one pass the streaks need reads the index alone, already in order.
 */
export async function up026(db: Kysely<unknown>) {
  await db.schema
    .createIndex('sudoku_games_user_level_status_time')
    .on('sudoku_games')
    .columns(['user_id', 'difficulty', 'status', 'time'])
    .execute();
  await db.schema
    .createIndex('sudoku_games_user_level_finished')
    .on('sudoku_games')
    .columns(['user_id', 'difficulty', 'finished_at', 'id', 'status', 'time'])
    .execute();
}

export async function down026(db: Kysely<unknown>) {
  await db.schema.dropIndex('sudoku_games_user_level_finished').execute();
  await db.schema.dropIndex('sudoku_games_user_level_status_time').execute();
}
