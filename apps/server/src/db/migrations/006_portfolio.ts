import type { Kysely } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

export function up006(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    // Images live in the database so every server instance can serve them.
    await withIdColumn(db.schema.createTable('portfolio_images'), dialect)
      .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('etag', 'varchar(64)', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await withIdColumn(db.schema.createTable('portfolio_projects'), dialect)
      .addColumn('title', 'varchar(120)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('technology', 'text', (c) => c.notNull())
      .addColumn('backend_features', 'text', (c) => c.notNull())
      .addColumn('frontend_features', 'text', (c) => c.notNull())
      .addColumn('image_id', 'integer', (c) => c.references('portfolio_images.id').onDelete('set null'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    // One-off facts about this installation, e.g. that the sample projects were added once.
    await db.schema
      .createTable('site_settings')
      .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  };
}

export async function down006(db: Kysely<unknown>) {
  await db.schema.dropTable('site_settings').execute();
  await db.schema.dropTable('portfolio_projects').execute();
  await db.schema.dropTable('portfolio_images').execute();
}
