import type { Kysely } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

export function up004(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    await withIdColumn(db.schema.createTable('weather_favourites'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('nickname', 'varchar(60)', (c) => c.notNull())
      .addColumn('address', 'varchar(300)', (c) => c.notNull())
      // double precision: REAL affinity in SQLite, float8 in PostgreSQL; both read back as JS numbers.
      .addColumn('lat', 'double precision', (c) => c.notNull())
      .addColumn('lon', 'double precision', (c) => c.notNull())
      // The place rounded to 4 decimals (~11 m): one favorite per place and user.
      .addColumn('lat_e4', 'integer', (c) => c.notNull())
      .addColumn('lon_e4', 'integer', (c) => c.notNull())
      .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
      .addColumn('country_code', 'varchar(2)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('weather_favourites_user_place')
      .on('weather_favourites')
      .columns(['user_id', 'lat_e4', 'lon_e4'])
      .unique()
      .execute();
  };
}

export async function down004(db: Kysely<unknown>) {
  await db.schema.dropTable('weather_favourites').execute();
}
