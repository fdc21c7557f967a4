import type { FavouriteLocation } from '@site/contract';
import type { Selectable } from 'kysely';
import { isoNow } from '../../core/time.js';
import type { DatabaseHandle } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { WeatherFavouritesTable } from '../../db/schema.js';

const toFavourite = (row: Selectable<WeatherFavouritesTable>): FavouriteLocation => ({
  locationId: row.id,
  nickname: row.nickname,
  address: row.address,
  lat: Number(row.lat),
  lon: Number(row.lon),
  timezone: row.timezone,
  country_code: row.country_code,
  user: row.user_id,
  created_at: row.created_at,
});

/** The place key: coordinates rounded to 4 decimals (~11 m). */
export const placeKey = (lat: number, lon: number) => ({
  lat_e4: Math.round(lat * 1e4),
  lon_e4: Math.round(lon * 1e4),
});

export interface NewFavourite {
  nickname: string;
  address: string;
  lat: number;
  lon: number;
  timezone: string;
  country_code: string | null;
}

export type AddResult =
  | { ok: true; favourite: FavouriteLocation }
  | { ok: false; reason: 'limit' }
  | { ok: false; reason: 'duplicate'; existing: FavouriteLocation | undefined };

/** Every query is scoped by owner: another user's id simply finds nothing. */
export function favouritesRepository(database: DatabaseHandle) {
  const { db, dialect } = database;

  const findSamePlace = async (userId: number, lat: number, lon: number) => {
    const row = await db
      .selectFrom('weather_favourites')
      .selectAll()
      .where('user_id', '=', userId)
      .where('lat_e4', '=', placeKey(lat, lon).lat_e4)
      .where('lon_e4', '=', placeKey(lat, lon).lon_e4)
      .executeTakeFirst();
    return row && toFavourite(row);
  };

  return {
    async list(userId: number): Promise<FavouriteLocation[]> {
      const rows = await db
        .selectFrom('weather_favourites')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'asc')
        .execute();
      return rows.map(toFavourite);
    },

    /**
     * Adds a favourite unless the user already has `max` or one at the same place. The count
     * and the insert share a transaction; on PostgreSQL the user's row is locked first so two
     * concurrent adds cannot both pass the limit (SQLite runs one writer at a time anyway).
     */
    async add(userId: number, input: NewFavourite, max: number): Promise<AddResult> {
      try {
        return await db.transaction().execute(async (trx) => {
          if (dialect === 'postgres') {
            await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
          }
          const existing = await trx
            .selectFrom('weather_favourites')
            .selectAll()
            .where('user_id', '=', userId)
            .where('lat_e4', '=', placeKey(input.lat, input.lon).lat_e4)
            .where('lon_e4', '=', placeKey(input.lat, input.lon).lon_e4)
            .executeTakeFirst();
          if (existing) return { ok: false as const, reason: 'duplicate' as const, existing: toFavourite(existing) };
          const { count } = await trx
            .selectFrom('weather_favourites')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow();
          if (Number(count) >= max) return { ok: false as const, reason: 'limit' as const };
          const row = await trx
            .insertInto('weather_favourites')
            .values({ user_id: userId, ...input, ...placeKey(input.lat, input.lon), created_at: isoNow() })
            .returningAll()
            .executeTakeFirstOrThrow();
          return { ok: true as const, favourite: toFavourite(row) };
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
        .deleteFrom('weather_favourites')
        .where('id', '=', locationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type FavouritesRepository = ReturnType<typeof favouritesRepository>;
