import { sql } from 'kysely';
import { isoNow } from '../../../core/time.js';
import type { DatabaseHandle } from '../../../db/database.js';
import type { PasswordResetTokensTable } from '../../../db/schema.js';
import { lockUserRow } from '../../../db/user-lock.js';
import { endAllSessionsWithin } from '../sessions/sessions.repository.js';

export type ResetIssuer = PasswordResetTokensTable['issued_by'];

/** A token that can still be used, with the account it resets. */
export interface LiveResetToken {
  userId: number;
  username: string;
  expiresAt: string;
}

/** One-time password-reset tokens, stored as SHA-256 digests (docs/api.md#password-reset). */
export function resetTokensRepository({ db, dialect }: DatabaseHandle) {
  return {
    /** The account with this e-mail address (case-insensitively, as sign-up keeps them unique). */
    accountForEmail(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'disabled_at as disabledAt'])
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    /**
     * Stores a new token for the user and deletes the user's earlier ones, used or not, and every
     * expired token of anyone: the newest link is the only one that works. Two links issued at
     * once are serialised on the user's row (db/user-lock.ts), so the second deletes the first
     * (without the lock, on PostgreSQL both deletes ran before either insert and both links stayed live).
     */
    async issue(
      token: { tokenHash: string; userId: number; issuedBy: ResetIssuer; expiresAt: number },
      now = Date.now(),
    ) {
      await db.transaction().execute(async (trx) => {
        await lockUserRow(trx, dialect, token.userId);
        await trx
          .deleteFrom('password_reset_tokens')
          .where((eb) => eb.or([eb('user_id', '=', token.userId), eb('expires_at', '<=', isoNow(now))]))
          .execute();
        await trx
          .insertInto('password_reset_tokens')
          .values({
            token_hash: token.tokenHash,
            user_id: token.userId,
            issued_by: token.issuedBy,
            created_at: isoNow(now),
            expires_at: isoNow(token.expiresAt),
            used_at: null,
          })
          .execute();
      });
    },

    /** The unused, unexpired token with this digest, or undefined. */
    findLive(tokenHash: string, now = Date.now()): Promise<LiveResetToken | undefined> {
      return db
        .selectFrom('password_reset_tokens')
        .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
        .select(['users.id as userId', 'users.username as username', 'password_reset_tokens.expires_at as expiresAt'])
        .where('password_reset_tokens.token_hash', '=', tokenHash)
        .where('password_reset_tokens.used_at', 'is', null)
        .where('password_reset_tokens.expires_at', '>', isoNow(now))
        .executeTakeFirst();
    },

    /**
     * Uses the token up and sets the new password in one transaction: the conditional UPDATE
     * claims the token (on PostgreSQL a second transaction waits for the user's row, then finds
     * used_at set; SQLite runs one transaction at a time), so two concurrent uses cannot both succeed.
     * Every session of the user ends and the user's other tokens are deleted. Returns the user's
     * id and name, or undefined when the token was not live.
     */
    async consume(
      tokenHash: string,
      passwordHash: string,
      now = Date.now(),
    ): Promise<{ userId: number; username: string; endedSessions: number } | undefined> {
      return db.transaction().execute(async (trx) => {
        const token = await trx
          .selectFrom('password_reset_tokens')
          .select('user_id')
          .where('token_hash', '=', tokenHash)
          .executeTakeFirst();
        if (!token) return undefined;
        // The user's row before the token's, the order a password or e-mail change takes them in
        // (db/user-lock.ts), so a change ending this link and this use of it cannot deadlock.
        await lockUserRow(trx, dialect, token.user_id);
        const claimed = await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: isoNow(now) })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', isoNow(now))
          .returning('user_id')
          .executeTakeFirst();
        if (!claimed) return undefined;
        const user = await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', claimed.user_id)
          .returning(['id', 'username'])
          .executeTakeFirstOrThrow();
        const endedSessions = await endAllSessionsWithin(trx, user.id);
        await trx
          .deleteFrom('password_reset_tokens')
          .where('user_id', '=', user.id)
          .where('token_hash', '!=', tokenHash)
          .execute();
        return { userId: user.id, username: user.username, endedSessions };
      });
    },
  };
}
export type ResetTokensRepository = ReturnType<typeof resetTokensRepository>;
