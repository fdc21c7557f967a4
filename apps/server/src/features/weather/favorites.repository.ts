import type { FavoriteLocation } from '@site/contract';
import type { Selectable } from 'kysely';
import { isoNow } from '../../core/time.js';
import type { DatabaseHandle } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { WeatherFavoritesTable } from '../../db/schema.js';
import { lockUserRow } from '../../db/user-lock.js';
import { currentZoneName } from '../../integrations/time-zones.js';

const toFavorite = (row: Selectable<WeatherFavoritesTable>): FavoriteLocation => ({
  locationId: row.id,
  nickname: row.nickname,
  address: row.address,
  lat: Number(row.lat),
  lon: Number(row.lon),
  // Rows saved before docs/api.md#time-zones may hold a replaced name ('Asia/Calcutta').
  timezone: currentZoneName(row.timezone),
  country_code: row.country_code,
  user: row.user_id,
  formatted: row.address,
  created_at: row.created_at,
});

/** The place key: coordinates rounded to 4 decimals (~11 m). */
export const placeKey = (lat: number, lon: number) => ({
  lat_e4: Math.round(lat * 1e4),
  lon_e4: Math.round(lon * 1e4),
});

export interface NewFavorite {
  nickname: string;
  address: string;
  lat: number;
  lon: number;
  timezone: string;
  country_code: string | null;
}

export type AddResult =
  | { ok: true; favorite: FavoriteLocation }
  | { ok: false; reason: 'limit' }
  | { ok: false; reason: 'duplicate'; existing: FavoriteLocation | undefined };

/** Every query is scoped by owner: another user's id simply finds nothing. */
export function favoritesRepository(database: DatabaseHandle) {
  const { db, dialect } = database;

  const findSamePlace = async (userId: number, lat: number, lon: number) => {
    const row = await db
      .selectFrom('weather_favorites')
      .selectAll()
      .where('user_id', '=', userId)
      .where('lat_e4', '=', placeKey(lat, lon).lat_e4)
      .where('lon_e4', '=', placeKey(lat, lon).lon_e4)
      .executeTakeFirst();
    return row && toFavorite(row);
  };

  return {
    /** The user's rows as the database holds them, for 'Export my data' (docs/api.md#export). */
    exportRows(userId: number): Promise<Selectable<WeatherFavoritesTable>[]> {
      return db.selectFrom('weather_favorites').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    async list(userId: number): Promise<FavoriteLocation[]> {
      const rows = await db
        .selectFrom('weather_favorites')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'asc')
        .execute();
      return rows.map(toFavorite);
    },

    /**
     * Adds a favorite unless the user already has `max` or one at the same place. The count
     * and the insert share a transaction; on PostgreSQL the user's row is locked first so two
     * concurrent adds cannot both pass the limit (SQLite runs one writer at a time anyway).
     */
    async add(userId: number, input: NewFavorite, max: number): Promise<AddResult> {
      try {
        return await db.transaction().execute(async (trx) => {
          // One user's adds wait for each other (db/user-lock.ts), so the cap holds under races.
          await lockUserRow(trx, dialect, userId);
          const existing = await trx
            .selectFrom('weather_favorites')
            .selectAll()
            .where('user_id', '=', userId)
            .where('lat_e4', '=', placeKey(input.lat, input.lon).lat_e4)
            .where('lon_e4', '=', placeKey(input.lat, input.lon).lon_e4)
            .executeTakeFirst();
          if (existing) return { ok: false as const, reason: 'duplicate' as const, existing: toFavorite(existing) };
          const { count } = await trx
            .selectFrom('weather_favorites')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow();
          if (Number(count) >= max) return { ok: false as const, reason: 'limit' as const };
          const row = await trx
            .insertInto('weather_favorites')
            .values({ user_id: userId, ...input, ...placeKey(input.lat, input.lon), created_at: isoNow() })
            .returningAll()
            .executeTakeFirstOrThrow();
          return { ok: true as const, favorite: toFavorite(row) };
        });
      } catch (error) {
        // A concurrent add of the same place won the unique index.
        if (isUniqueViolation(error)) {
          return { ok: false, reason: 'duplicate', existing: await findSamePlace(userId, input.lat, input.lon) };
        }
        throw error;
      }
    },

    async delete(userId: number, locationId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('weather_favorites')
        .where('id', '=', locationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type FavoritesRepository = ReturnType<typeof favoritesRepository>;
