import type { Kysely } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

export function up003(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    await withIdColumn(db.schema.createTable('sudoku_games'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('difficulty', 'varchar(10)', (c) => c.notNull())
      // Boards are stored as 81 digits, row by row, 0 for empty.
      .addColumn('puzzle', 'char(81)', (c) => c.notNull())
      .addColumn('solution', 'char(81)', (c) => c.notNull())
      .addColumn('state', 'char(81)', (c) => c.notNull())
      .addColumn('time', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('playing'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('finished_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('sudoku_games_user_status')
      .on('sudoku_games')
      .columns(['user_id', 'status', 'id'])
      .execute();
  };
}

export async function down003(db: Kysely<unknown>) {
  await db.schema.dropTable('sudoku_games').execute();
}
