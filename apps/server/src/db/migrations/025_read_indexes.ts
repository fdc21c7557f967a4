import type { Kysely } from 'kysely';

/**
 * Indexes for reads that took a table whole (docs/decisions.md#queries-read-through-indexes): the
 * published projects in their order (the portfolio page, the sitemap, the feeds), and the inbox's
 * unread count, answered from the index alone.
 */
export async function up025(db: Kysely<unknown>) {
  await db.schema
    .createIndex('portfolio_projects_status_position')
    .on('portfolio_projects')
    .columns(['status', 'position', 'id'])
    .execute();
  await db.schema.createIndex('contact_messages_read_at').on('contact_messages').columns(['read_at', 'id']).execute();
}

export async function down025(db: Kysely<unknown>) {
  await db.schema.dropIndex('contact_messages_read_at').execute();
  await db.schema.dropIndex('portfolio_projects_status_position').execute();
}
