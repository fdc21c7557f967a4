import type { Transaction } from 'kysely';
import type { DatabaseHandle } from '../../../db/database.js';
import { isUniqueViolation } from '../../../db/errors.js';
import type { Database } from '../../../db/schema.js';

export interface AccountRow {
  id: number;
  username: string;
  email: string;
  password_hash: string;
  is_admin: number;
  created_at: string;
}

/** Deletes the user's reset tokens; called after the user's row is updated (lock order: db/user-lock.ts). */
const endResetLinks = (trx: Transaction<Database>, userId: number) =>
  trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();

/** The account page's writes to the user's own row (docs/api.md#account). */
export function accountRepository({ db }: DatabaseHandle) {
  return {
    findById(id: number): Promise<AccountRow | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'password_hash', 'is_admin', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * Sets the new password hash and ends every other session of the user, in one transaction.
     * The update applies only while the hash is still the one the caller verified, so of two
     * changes made at once with the same current password only the first takes effect (the second
     * finds the row changed: PostgreSQL re-reads it after the first commits, SQLite runs one
     * transaction at a time). Outstanding reset links end with it: one mailed before the change
     * must not undo it. Null when it lost; else how many sessions ended.
     */
    async changePassword(change: {
      userId: number;
      verifiedHash: string;
      newHash: string;
      keepSessionId: number;
    }): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('users')
          .set({ password_hash: change.newHash })
          .where('id', '=', change.userId)
          .where('password_hash', '=', change.verifiedHash)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return null;
        const ended = await trx
          .deleteFrom('sessions')
          .where('user_id', '=', change.userId)
          .where('id', '!=', change.keepSessionId)
          .executeTakeFirst();
        await endResetLinks(trx, change.userId);
        return Number(ended.numDeletedRows);
      });
    },

    /**
     * False when another account has the address: the unique index on lower(email) decides, so two
     * accounts claiming one address at once cannot both get it. Outstanding reset links end in the
     * same transaction: one sent to the old address no longer works.
     */
    async changeEmail(userId: number, email: string): Promise<boolean> {
      try {
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('users').set({ email }).where('id', '=', userId).execute();
          await endResetLinks(trx, userId);
        });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}
export type AccountRepository = ReturnType<typeof accountRepository>;
