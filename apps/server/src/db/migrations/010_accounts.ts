import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

/**
 * Accounts people can manage (docs/api.md#account): a user can be disabled and is last seen at
 * some time; a session records the client it was created for and when it was last used; one-time
 * password-reset tokens are stored as SHA-256 digests, like session tokens.
 */
export function up010(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('users').addColumn('disabled_at', 'varchar(32)').execute();
    await db.schema.alterTable('users').addColumn('last_seen_at', 'varchar(32)').execute();

    await db.schema.alterTable('sessions').addColumn('last_used_at', 'varchar(32)').execute();
    await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(256)').execute();
    await db.schema.alterTable('sessions').addColumn('ip', 'varchar(64)').execute();
    await sql`update sessions set last_used_at = created_at`.execute(db);

    await withIdColumn(db.schema.createTable('password_reset_tokens'), dialect)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      /** Who asked for it: 'admin' (the admin page), 'cli' (npm run admin) or 'email'. */
      .addColumn('issued_by', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('password_reset_tokens_user_id')
      .on('password_reset_tokens')
      .column('user_id')
      .execute();
  };
}

export async function down010(db: Kysely<unknown>) {
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.alterTable('sessions').dropColumn('ip').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('sessions').dropColumn('last_used_at').execute();
  await db.schema.alterTable('users').dropColumn('last_seen_at').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
