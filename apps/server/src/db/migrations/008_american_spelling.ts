import type { Kysely } from 'kysely';

/**
 * One spelling across code, API and storage: US English, as the API's `realized_gain*` fields and
 * the pages' "Favorites" already were. Renames only (no data moves); the index
 * `weather_favourites_user_place` keeps its name, which SQLite cannot change in place.
 */
export async function up008(db: Kysely<unknown>) {
  await db.schema.alterTable('weather_favourites').renameTo('weather_favorites').execute();
  await db.schema.alterTable('wallet_trades').renameColumn('realised_gain_cents', 'realized_gain_cents').execute();
}

export async function down008(db: Kysely<unknown>) {
  await db.schema.alterTable('wallet_trades').renameColumn('realized_gain_cents', 'realised_gain_cents').execute();
  await db.schema.alterTable('weather_favorites').renameTo('weather_favourites').execute();
}
