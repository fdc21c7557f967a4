import type { Kysely } from 'kysely';
import { isoNow } from '../../../core/time.js';
import { compiledOnce, param } from '../../../db/compiled-once.js';
import type { DatabaseHandle } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { readPasswordHashLocked } from '../../../db/user-lock.js';

export interface SessionWithUser {
  sessionId: number;
  csrfToken: string;
  userId: number;
  username: string;
  email: string;
  isAdmin: boolean;
  /** When a request last used the session (null only for sessions made before migration 010). */
  lastUsedAt: string | null;
  /** When the session ends (ISO 8601): a cached copy is not used past it. */
  expiresAt: string;
}

/** What the account page lists (docs/api.md#account). */
export interface SessionListRow {
  id: number;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  user_agent: string | null;
  ip: string | null;
}

/** The auth plugin writes a session's last use when it is older than this (docs/api.md#account). */
export const SESSION_USE_INTERVAL_MS = 5 * 60 * 1000;
/** The columns' sizes (migration 010). */
const USER_AGENT_MAX = 256;
const IP_MAX = 64;

export interface NewSession {
  tokenHash: string;
  userId: number;
  csrfToken: string;
  expiresAt: number;
  /** The User-Agent header at sign-in; cut to 256 characters. */
  userAgent?: string | undefined;
  /** The client address at sign-in (request.ip). */
  ip?: string | undefined;
}

/** `created`, or why not: the user is gone, or their password is no longer the one checked. */
export type CreateSessionResult = 'created' | 'gone' | 'changed';

/** Ends every session of the user within `trx` (disable, password reset); how many there were. */
export async function endAllSessionsWithin(trx: Kysely<Database>, userId: number): Promise<number> {
  const result = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function sessionsRepository({ db, dialect }: DatabaseHandle) {
  /**
   * The lookup a signed-in request makes when its session is not cached (session-cache.ts): one
   * query on the unique token_hash index joined to the user's primary key, only the columns the
   * request needs, compiled once. It also reads `last_used_at`, so the caller writes the last use
   * only when it is stale (`recordUse`), not on every request.
   */
  const liveQuery = compiledOnce(
    db,
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as sessionId',
        'sessions.csrf_token as csrfToken',
        'users.id as userId',
        'users.username as username',
        'users.email as email',
        'users.is_admin as isAdmin',
        'sessions.last_used_at as lastUsedAt',
        'sessions.expires_at as expiresAt',
      ])
      .where('sessions.token_hash', '=', param<string>('tokenHash'))
      .where('sessions.expires_at', '>', param<string>('now'))
      // A disabled user's sessions are deleted when they are disabled; this also covers a login that raced it.
      .where('users.disabled_at', 'is', null),
  );

  return {
    /**
     * Stores the session only while the user's password hash is still `verifiedHash`, the one the
     * caller checked the password against: a password change or reset that commits between the
     * check and this insert ends every session, so the insert must see it. The hash is read with
     * the user's row locked (db/user-lock.ts), so a change under way is waited for; SQLite's one
     * connection runs the transaction alone.
     */
    async create(session: NewSession & { verifiedHash: string }): Promise<CreateSessionResult> {
      return db.transaction().execute(async (trx) => {
        const current = await readPasswordHashLocked(trx, dialect, session.userId);
        if (current === undefined) return 'gone';
        if (current !== session.verifiedHash) return 'changed';
        const now = isoNow();
        await trx
          .insertInto('sessions')
          .values({
            token_hash: session.tokenHash,
            user_id: session.userId,
            csrf_token: session.csrfToken,
            created_at: now,
            last_used_at: now,
            expires_at: isoNow(session.expiresAt),
            user_agent: session.userAgent?.slice(0, USER_AGENT_MAX) || null,
            ip: session.ip?.slice(0, IP_MAX) || null,
          })
          .execute();
        return 'created';
      });
    },

    /**
     * Records that a request used the session (and so that its user was seen). Called at most once
     * per `SESSION_USE_INTERVAL_MS` per session by the auth plugin; the condition keeps parallel
     * requests that all saw a stale time from writing it more than once.
     */
    async recordUse(sessionId: number, userId: number, now = Date.now()) {
      const at = isoNow(now);
      const stale = isoNow(now - SESSION_USE_INTERVAL_MS);
      const result = await db
        .updateTable('sessions')
        .set({ last_used_at: at })
        .where('id', '=', sessionId)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', stale)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) {
        await db.updateTable('users').set({ last_seen_at: at }).where('id', '=', userId).execute();
      }
    },

    /** The user's live sessions, most recently used first. */
    listLive(userId: number, now = Date.now()): Promise<SessionListRow[]> {
      return db
        .selectFrom('sessions')
        .select([
          'id',
          'created_at',
          (eb) => eb.fn.coalesce('last_used_at', 'created_at').as('last_used_at'),
          'expires_at',
          'user_agent',
          'ip',
        ])
        .where('user_id', '=', userId)
        .where('expires_at', '>', isoNow(now))
        .orderBy((eb) => eb.fn.coalesce('last_used_at', 'created_at'), 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Ends one of the user's sessions; false when the user has no session with that id. */
    async deleteOfUser(userId: number, sessionId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('sessions')
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Ends every session of the user; how many there were (expired ones included). */
    deleteAllOfUser: (userId: number): Promise<number> => endAllSessionsWithin(db, userId),

    /** The live session for a token digest together with its user, in one query. */
    async findLive(tokenHash: string, now = Date.now()): Promise<SessionWithUser | undefined> {
      const [row] = await liveQuery({ tokenHash, now: isoNow(now) });
      return row && { ...row, isAdmin: row.isAdmin === 1 };
    },

    async deleteByTokenHash(tokenHash: string) {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },

    async deleteExpired(now = Date.now()) {
      const result = await db.deleteFrom('sessions').where('expires_at', '<=', isoNow(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
