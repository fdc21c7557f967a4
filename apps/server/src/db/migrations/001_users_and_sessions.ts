import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

export function up001(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    await withIdColumn(db.schema.createTable('users'), dialect)
      .addColumn('username', 'varchar(30)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
      .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    // Case-insensitive uniqueness: 'Alice' and 'alice' are the same account.
    await sql`create unique index users_username_lower on users (lower(username))`.execute(db);
    await sql`create unique index users_email_lower on users (lower(email))`.execute(db);

    await withIdColumn(db.schema.createTable('sessions'), dialect)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
    await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
  };
}

export async function down001(db: Kysely<unknown>) {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
