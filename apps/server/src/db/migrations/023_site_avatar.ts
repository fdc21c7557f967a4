import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * The owner's photo (docs/api.md#profile): one row per stored size, each a square WebP. Kept in
 * the database, as the résumé and portfolio images are, so every server instance can serve it.
 * All rows of one upload share its `version` (a hash of the files), which the addresses carry.
 */
export function up023(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('site_avatar_files')
      .addColumn('width', 'integer', (c) => c.primaryKey())
      .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('version', 'varchar(32)', (c) => c.notNull())
      .addColumn('uploaded_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  };
}

export async function down023(db: Kysely<unknown>) {
  await db.schema.dropTable('site_avatar_files').execute();
}
