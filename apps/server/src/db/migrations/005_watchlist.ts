import type { Kysely } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

/** Finance watchlist: upper-case symbols per user, each at most once. */
export function up005(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    await withIdColumn(db.schema.createTable('watchlist'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('symbol', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      // Also serves the list query (by user, in insertion order via id).
      .addUniqueConstraint('watchlist_user_symbol', ['user_id', 'symbol'])
      .execute();
  };
}

export async function down005(db: Kysely<unknown>) {
  await db.schema.dropTable('watchlist').execute();
}
