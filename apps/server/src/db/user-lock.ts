import type { Transaction } from 'kysely';
import type { DialectName } from './dialect.js';
import type { Database } from './schema.js';

/**
 * Serialises one user's capped inserts ("count, then insert") inside a transaction
 * (docs/api.md#limits). PostgreSQL: locks the user's row until commit, so a second request waits
 * and then counts the first one's row. FOR NO KEY UPDATE still lets other transactions add rows
 * that reference the user (sessions, …). SQLite needs nothing: its one connection runs one
 * transaction at a time.
 */
export async function lockUserRow(trx: Transaction<Database>, dialect: DialectName, userId: number): Promise<void> {
  if (dialect === 'postgres') {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  }
}
