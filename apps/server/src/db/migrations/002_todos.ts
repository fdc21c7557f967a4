import type { Kysely } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

export function up002(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    await withIdColumn(db.schema.createTable('todos'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
      .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    // The list query reads one user's items newest first.
    await db.schema.createIndex('todos_user_id_id').on('todos').columns(['user_id', 'id']).execute();
  };
}

export async function down002(db: Kysely<unknown>) {
  await db.schema.dropTable('todos').execute();
}
