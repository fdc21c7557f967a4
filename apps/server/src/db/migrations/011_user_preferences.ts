import type { Kysely } from 'kysely';

/**
 * One preferences document per user (docs/api.md#preferences): JSON text that apps extend with
 * their own section (weather units today). Deleting the user deletes it (ON DELETE CASCADE), so
 * account deletion needs no extra step.
 */
export async function up011(db: Kysely<unknown>) {
  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down011(db: Kysely<unknown>) {
  await db.schema.dropTable('user_preferences').execute();
}
