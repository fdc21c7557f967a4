import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * The owner's profile and résumé (docs/api.md#profile): one row each (id 1), edited in /admin.
 * Lists (skills, interests, blurbs, links) are JSON text: they are read and written whole. The
 * profile's first row is written by the server on start from the contract's defaults, not here,
 * so that a migration never changes with later code.
 */
export function up019(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('site_profile')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'varchar(80)', (c) => c.notNull())
      .addColumn('title', 'varchar(120)', (c) => c.notNull())
      .addColumn('tagline', 'varchar(300)', (c) => c.notNull())
      .addColumn('about', 'text', (c) => c.notNull())
      .addColumn('skills', 'text', (c) => c.notNull())
      .addColumn('interests', 'text', (c) => c.notNull())
      .addColumn('personality', 'text', (c) => c.notNull())
      .addColumn('location', 'varchar(120)', (c) => c.notNull())
      .addColumn('availability', 'varchar(200)', (c) => c.notNull())
      .addColumn('contact_email', 'varchar(254)', (c) => c.notNull())
      .addColumn('links', 'text', (c) => c.notNull())
      // Null while the row holds the defaults it was created with.
      .addColumn('updated_at', 'varchar(32)')
      .addCheckConstraint('site_profile_one_row', sql`id = 1`)
      .execute();

    // Kept in the database, as portfolio images are, so every server instance can serve it.
    await db.schema
      .createTable('site_resume')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('file_name', 'varchar(160)', (c) => c.notNull())
      .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('etag', 'varchar(64)', (c) => c.notNull())
      .addColumn('uploaded_at', 'varchar(32)', (c) => c.notNull())
      .addCheckConstraint('site_resume_one_row', sql`id = 1`)
      .execute();
  };
}

export async function down019(db: Kysely<unknown>) {
  await db.schema.dropTable('site_resume').execute();
  await db.schema.dropTable('site_profile').execute();
}
