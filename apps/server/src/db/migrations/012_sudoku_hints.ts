import type { Kysely } from 'kysely';

/**
 * Hints and checks used per game (docs/api.md#sudoku-hints). Existing games start at 0. One column
 * per statement: SQLite adds one column per ALTER TABLE.
 */
export async function up012(db: Kysely<unknown>) {
  for (const column of ['hints_used', 'checks_used']) {
    await db.schema
      .alterTable('sudoku_games')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}

export async function down012(db: Kysely<unknown>) {
  for (const column of ['hints_used', 'checks_used']) {
    await db.schema.alterTable('sudoku_games').dropColumn(column).execute();
  }
}
