import type { DatabaseHandle } from '../../db/database.js';

/** What the first request with a key left, as the next one with it finds. */
export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'in-progress' }
  | { kind: 'mismatch' };

export interface ClaimInput {
  userId: number;
  key: string;
  fingerprint: string;
  now: string;
  /** A claim made before this with no answer was left by a request that never finished: taken over. */
  abandonedBefore: string;
}

/** The answers kept under Idempotency-Keys (docs/api.md#idempotent-changes). */
export function replaysRepository({ db }: DatabaseHandle) {
  return {
    async claim({ userId, key, fingerprint, now, abandonedBefore }: ClaimInput): Promise<Claim> {
      const inserted = await db
        .insertInto('request_replays')
        .values({ user_id: userId, key, fingerprint, status: null, body: null, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { kind: 'claimed' };
      const row = await db
        .selectFrom('request_replays')
        .select(['fingerprint', 'status', 'body', 'created_at'])
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
      // Expired and deleted in between: the key is free again.
      if (!row) return this.claim({ userId, key, fingerprint, now, abandonedBefore });
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (row.status !== null) return { kind: 'replay', status: row.status, body: row.body ?? '' };
      if (row.created_at >= abandonedBefore) return { kind: 'in-progress' };
      // Only one of several requests taking over the same abandoned claim gets it.
      const taken = await db
        .updateTable('request_replays')
        .set({ created_at: now })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('status', 'is', null)
        .where('created_at', '=', row.created_at)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) > 0 ? { kind: 'claimed' } : { kind: 'in-progress' };
    },

    async answer(userId: number, key: string, status: number, body: string): Promise<void> {
      await db
        .updateTable('request_replays')
        .set({ status, body })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
    },

    /** Gives a key back (the request failed on our side), so the client's retry does the work. */
    async release(userId: number, key: string): Promise<void> {
      await db
        .deleteFrom('request_replays')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('status', 'is', null)
        .execute();
    },

    async deleteOlderThan(cutoff: string): Promise<number> {
      const result = await db.deleteFrom('request_replays').where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ReplaysRepository = ReturnType<typeof replaysRepository>;
