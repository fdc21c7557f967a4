import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

/** The site_settings key of the contact form's signing key (features/contact). */
export const CONTACT_FORM_KEY = 'contact_form_key';

/**
 * The contact form's messages (docs/api.md#contact). No account and no address is kept: the
 * per-address limit counts in the rate-limit store, which forgets, so a message holds only what
 * its writer typed. `read_at` is null while unread. The form's tokens are signed with a random
 * key made here, in the database, so every instance of the site accepts every other's tokens.
 */
export function up021(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    await withIdColumn(db.schema.createTable('contact_messages'), dialect)
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('read_at', 'varchar(32)')
      .execute();
    // The inbox pages newest first.
    await db.schema
      .createIndex('contact_messages_created')
      .on('contact_messages')
      .columns(['created_at', 'id'])
      .execute();
    await sql`insert into site_settings (${sql.ref('key')}, value) values (${CONTACT_FORM_KEY}, ${randomBytes(32).toString('base64url')})`.execute(
      db,
    );
  };
}

export async function down021(db: Kysely<unknown>) {
  await sql`delete from site_settings where ${sql.ref('key')} = ${CONTACT_FORM_KEY}`.execute(db);
  await db.schema.dropTable('contact_messages').execute();
}
