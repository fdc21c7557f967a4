import type { Kysely } from 'kysely';

/**
 * Answers kept for a day under the `Idempotency-Key` a signed-in client sent with a change
 * (docs/api.md#idempotent-changes): the same key again gets the same answer instead of a second
 * change. `status` is null while the first request is under way.
 */
export async function up024(db: Kysely<unknown>) {
  await db.schema
    .createTable('request_replays')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('body', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('request_replays_pk', ['user_id', 'key'])
    .execute();
  // The daily expiry deletes by age.
  await db.schema.createIndex('request_replays_created_at').on('request_replays').column('created_at').execute();
}

export async function down024(db: Kysely<unknown>) {
  await db.schema.dropTable('request_replays').execute();
}
