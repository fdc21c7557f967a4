import { sql } from 'kysely';
import { isoNow } from '../../core/time.js';
import type { DatabaseHandle } from '../../db/database.js';
import { isUniqueViolation, retryOnDeadlock } from '../../db/errors.js';
import { lockUserForDelete } from '../../db/user-lock.js';

export interface UserRow {
  id: number;
  username: string;
  email: string;
  password_hash: string;
  is_admin: number;
  /** Set while the admin has disabled the account (no login). */
  disabled_at: string | null;
}

const columns = ['id', 'username', 'email', 'password_hash', 'is_admin', 'disabled_at'] as const;

export function usersRepository({ db, dialect }: DatabaseHandle) {
  return {
    findByUsername(username: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .select(columns)
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
    },

    /** Whether the username or the email is already taken (case-insensitively); not which. */
    async taken(username: string, email: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where((eb) =>
          eb.or([
            eb(sql<string>`lower(username)`, '=', username.toLowerCase()),
            eb(sql<string>`lower(email)`, '=', email.toLowerCase()),
          ]),
        )
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The new user's id; undefined when the username or the email is taken (the unique indexes decide). */
    async create(user: {
      username: string;
      email: string;
      passwordHash: string;
      isAdmin: boolean;
    }): Promise<number | undefined> {
      try {
        const row = await db
          .insertInto('users')
          .values({
            username: user.username,
            email: user.email,
            password_hash: user.passwordHash,
            is_admin: user.isAdmin ? 1 : 0,
            created_at: isoNow(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    /**
     * Deletes the user and, through the foreign keys' ON DELETE CASCADE, every row they own
     * (sessions, reset tokens, to-dos, games, favourites, watchlist, wallets and their ledgers,
     * preferences), in one transaction on either database. Returns whether a user was deleted.
     */
    async remove(id: number): Promise<boolean> {
      return retryOnDeadlock(() =>
        db.transaction().execute(async (trx) => {
          // PostgreSQL, in the one lock order (db/user-lock.ts): the user's row, then the open
          // orders, then (by the cascade) the wallets. A trade or order under way holds the row's
          // key share from its start, so this waits for it instead of deadlocking with it.
          await lockUserForDelete(trx, dialect, id);
          if (dialect === 'postgres') {
            await trx
              .selectFrom('orders')
              .select('id')
              .where('user_id', '=', id)
              .where('status', '=', 'open')
              .orderBy('id')
              .forUpdate()
              .execute();
          }
          const result = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
          return Number(result.numDeletedRows) > 0;
        }),
      );
    },

    async hasAdmin(): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('is_admin', '=', 1).limit(1).executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
