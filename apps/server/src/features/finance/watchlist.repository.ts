import type { Selectable } from 'kysely';
import { isoNow } from '../../core/time.js';
import type { DatabaseHandle } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { WatchlistTable } from '../../db/schema.js';
import { lockUserRow } from '../../db/user-lock.js';

export type AddResult = 'added' | 'duplicate' | 'full';

/** Every query is scoped by owner: another user's rows are never read or touched. */
export function watchlistRepository({ db, dialect }: DatabaseHandle) {
  return {
    /** The user's rows as the database holds them, for 'Export my data' (docs/api.md#export). */
    exportRows(userId: number): Promise<Selectable<WatchlistTable>[]> {
      return db.selectFrom('watchlist').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    /** The user's symbols in the order they were added. */
    async list(userId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('watchlist')
        .select('symbol')
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.symbol);
    },

    async contains(userId: number, symbol: string): Promise<boolean> {
      const row = await db
        .selectFrom('watchlist')
        .select('id')
        .where('user_id', '=', userId)
        .where('symbol', '=', symbol)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Adds unless present or the list already holds `max` symbols; concurrent adds cannot exceed `max`. */
    async add(userId: number, symbol: string, max: number): Promise<AddResult> {
      try {
        return await db.transaction().execute(async (trx) => {
          // One user's adds wait for each other (db/user-lock.ts), so the cap holds under races.
          await lockUserRow(trx, dialect, userId);
          const rows = await trx.selectFrom('watchlist').select('symbol').where('user_id', '=', userId).execute();
          if (rows.some((r) => r.symbol === symbol)) return 'duplicate';
          if (rows.length >= max) return 'full';
          await trx.insertInto('watchlist').values({ user_id: userId, symbol, created_at: isoNow() }).execute();
          return 'added';
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        throw error;
      }
    },

    async remove(userId: number, symbol: string): Promise<boolean> {
      const result = await db
        .deleteFrom('watchlist')
        .where('user_id', '=', userId)
        .where('symbol', '=', symbol)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type WatchlistRepository = ReturnType<typeof watchlistRepository>;
