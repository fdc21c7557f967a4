import type { Transaction } from 'kysely';
import type { DialectName } from './dialect.js';
import type { Database } from './schema.js';

/**
 * The one lock order for everything a user owns (docs/architecture.md, "Lock order"): a
 * transaction that touches a user's sessions, reset tokens, wallets, orders or holdings locks the
 * user's row FIRST, then orders, then wallets, then holdings. Deleting the user locks the row
 * FOR UPDATE before its cascade reaches the wallets, so a trade that held a wallet and then needed
 * the user's row for a foreign key (a new order, a dividend) can no longer wait on a delete that
 * waits on it. SQLite needs none of this: its one connection runs one transaction at a time.
 */

/**
 * Serialises one user's capped inserts ("count, then insert") and changes of their own row inside
 * a transaction (docs/api.md#limits). PostgreSQL: locks the user's row until commit, so a second
 * request waits and then counts the first one's row. FOR NO KEY UPDATE still lets other
 * transactions add rows that reference the user (trades, orders: `shareUserKey`).
 */
export async function lockUserRow(trx: Transaction<Database>, dialect: DialectName, userId: number): Promise<void> {
  if (dialect === 'postgres') {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  }
}

/**
 * Keeps the user from being deleted until commit (PostgreSQL FOR KEY SHARE: the lock a foreign
 * key takes anyway, taken first). Trades and orders of one user do not wait for each other on it.
 */
export async function shareUserKey(trx: Transaction<Database>, dialect: DialectName, userId: number): Promise<void> {
  if (dialect === 'postgres') {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forKeyShare().execute();
  }
}

/**
 * The user's password hash, read so that it cannot change (nor the user go) until commit
 * (PostgreSQL FOR SHARE waits for a password change under way and then reads its result).
 * Undefined when the user no longer exists.
 */
export async function readPasswordHashLocked(
  trx: Transaction<Database>,
  dialect: DialectName,
  userId: number,
): Promise<string | undefined> {
  const row = await trx
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .$if(dialect === 'postgres', (qb) => qb.forShare())
    .executeTakeFirst();
  return row?.password_hash;
}

/** Locks the user's row for deletion (PostgreSQL), before anything the delete cascades to. */
export async function lockUserForDelete(
  trx: Transaction<Database>,
  dialect: DialectName,
  userId: number,
): Promise<void> {
  if (dialect === 'postgres') {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }
}
