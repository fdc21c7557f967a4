import type { Kysely } from 'kysely';

/**
 * The private calendar feed of a user's to-dos (docs/api.md#calendar-feed-import-and-export): at
 * most one per user, found by the SHA-256 of the secret in its address. The secret itself is never
 * stored, so a leaked database does not leak live feeds; making a new one replaces the row.
 */
export async function up017(db: Kysely<unknown>) {
  await db.schema
    .createTable('todo_feeds')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down017(db: Kysely<unknown>) {
  await db.schema.dropTable('todo_feeds').execute();
}
