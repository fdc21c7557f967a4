import type { Selectable } from 'kysely';
import { isoNow } from '../../core/time.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { UserPreferencesTable } from '../../db/schema.js';
import { lockUserRow } from '../../db/user-lock.js';

/** The stored document: any JSON object (unknown sections are kept for the apps that wrote them). */
export type StoredPreferences = Record<string, unknown>;

export interface PreferencesRow {
  value: StoredPreferences;
  updatedAt: string;
}

function parse(text: string): StoredPreferences {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as StoredPreferences) : {};
  } catch {
    // A damaged document reads as "nothing saved": the defaults, never a 500.
    return {};
  }
}

/** One row per user, keyed by the session's user id only. */
export function preferencesRepository({ db, dialect }: DatabaseHandle) {
  return {
    /**
     * The user's row as the database holds it (`value` as JSON text), none when never set, for
     * 'Export my data' (docs/api.md#export).
     */
    exportRows(userId: number): Promise<Selectable<UserPreferencesTable>[]> {
      return db.selectFrom('user_preferences').selectAll().where('user_id', '=', userId).execute();
    },

    async get(userId: number): Promise<PreferencesRow | undefined> {
      const row = await db
        .selectFrom('user_preferences')
        .select(['value', 'updated_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && { value: parse(row.value), updatedAt: row.updated_at };
    },

    /**
     * Reads, changes and writes the document in one transaction under the user's lock, so two
     * partial updates at once both land (neither overwrites the other's keys).
     */
    async update(userId: number, change: (current: StoredPreferences) => StoredPreferences): Promise<PreferencesRow> {
      return db.transaction().execute(async (trx) => {
        await lockUserRow(trx, dialect, userId);
        const row = await trx
          .selectFrom('user_preferences')
          .select('value')
          .where('user_id', '=', userId)
          .executeTakeFirst();
        const value = change(row ? parse(row.value) : {});
        const text = JSON.stringify(value);
        const updatedAt = isoNow();
        await trx
          .insertInto('user_preferences')
          .values({ user_id: userId, value: text, updated_at: updatedAt })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ value: text, updated_at: updatedAt }))
          .execute();
        return { value, updatedAt };
      });
    },
  };
}
export type PreferencesRepository = ReturnType<typeof preferencesRepository>;
