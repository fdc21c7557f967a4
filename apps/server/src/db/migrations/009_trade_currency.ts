import type { Kysely } from 'kysely';

/**
 * What a trade in another currency was (docs/api.md#money): the listing's currency as the source
 * names it ('JPY', 'GBp'), its price there, and the rate to US dollars used. Cash moves in US
 * cents from `price_e4` as before; these record how that price came about. Existing trades were
 * all in dollars.
 */
export async function up009(db: Kysely<unknown>) {
  await db.schema
    .alterTable('wallet_trades')
    .addColumn('currency', 'varchar(8)', (c) => c.notNull().defaultTo('USD'))
    .execute();
  await db.schema.alterTable('wallet_trades').addColumn('local_price', 'double precision').execute();
  await db.schema
    .alterTable('wallet_trades')
    .addColumn('fx_rate', 'double precision', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down009(db: Kysely<unknown>) {
  await db.schema.alterTable('wallet_trades').dropColumn('fx_rate').execute();
  await db.schema.alterTable('wallet_trades').dropColumn('local_price').execute();
  await db.schema.alterTable('wallet_trades').dropColumn('currency').execute();
}
