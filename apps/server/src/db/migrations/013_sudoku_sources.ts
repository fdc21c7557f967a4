import type { Kysely } from 'kysely';

/**
 * Where a Sudoku game's puzzle came from (docs/api.md#sudoku-daily-and-own-puzzles): the pool, the
 * day's daily puzzle (with its UTC date) or one the player typed in. The unique index gives a
 * user at most one game per daily date and level, enforced by the database on both engines (rows
 * whose `daily_date` is null never collide: NULLs are distinct in a unique index on both).
 */
export async function up013(db: Kysely<unknown>) {
  await db.schema
    .alterTable('sudoku_games')
    .addColumn('source', 'varchar(10)', (c) => c.notNull().defaultTo('pool'))
    .execute();
  await db.schema.alterTable('sudoku_games').addColumn('daily_date', 'varchar(10)').execute();
  await db.schema
    .createIndex('sudoku_games_user_daily')
    .on('sudoku_games')
    .columns(['user_id', 'daily_date', 'difficulty'])
    .unique()
    .execute();
}

export async function down013(db: Kysely<unknown>) {
  await db.schema.dropIndex('sudoku_games_user_daily').execute();
  await db.schema.alterTable('sudoku_games').dropColumn('daily_date').execute();
  await db.schema.alterTable('sudoku_games').dropColumn('source').execute();
}
