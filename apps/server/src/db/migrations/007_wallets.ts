import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

/**
 * Finance II, paper-trading wallets (docs/api.md): money in integer cents (bigint), prices in
 * 1/10,000 dollar units. Every child row goes with its wallet (cascade).
 */
export function up007(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    await withIdColumn(db.schema.createTable('wallets'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('cash_cents', 'bigint', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addCheckConstraint('wallets_cash_not_negative', sql`cash_cents >= 0`)
      .execute();
    // Names are unique per user ignoring case; the index also serves the per-user list.
    await sql`create unique index wallets_user_name_lower on wallets (user_id, lower(name))`.execute(db);
    // At most one active wallet per user.
    await sql`create unique index wallets_one_active on wallets (user_id) where is_active = 1`.execute(db);

    await withIdColumn(db.schema.createTable('wallet_holdings'), dialect)
      .addColumn('wallet_id', 'integer', (c) => c.notNull().references('wallets.id').onDelete('cascade'))
      .addColumn('symbol', 'varchar(16)', (c) => c.notNull())
      .addColumn('quantity', 'bigint', (c) => c.notNull())
      /** Total cost basis of the shares held, in cents. */
      .addColumn('cost_cents', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('wallet_holdings_wallet_symbol', ['wallet_id', 'symbol'])
      .addCheckConstraint('wallet_holdings_positive', sql`quantity > 0 and cost_cents >= 0`)
      .execute();

    await withIdColumn(db.schema.createTable('wallet_trades'), dialect)
      .addColumn('wallet_id', 'integer', (c) => c.notNull().references('wallets.id').onDelete('cascade'))
      .addColumn('side', 'varchar(4)', (c) => c.notNull().check(sql`side in ('buy', 'sell')`))
      .addColumn('symbol', 'varchar(16)', (c) => c.notNull())
      .addColumn('quantity', 'bigint', (c) => c.notNull())
      /** Execution price × 10,000. */
      .addColumn('price_e4', 'bigint', (c) => c.notNull())
      /** Cash that moved (paid for a buy, received for a sell), in cents. */
      .addColumn('cash_cents', 'bigint', (c) => c.notNull())
      /** Proceeds − cost basis of the shares sold; 0 for buys. */
      .addColumn('realised_gain_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('wallet_trades_wallet_id').on('wallet_trades').columns(['wallet_id', 'id']).execute();

    await withIdColumn(db.schema.createTable('wallet_history'), dialect)
      .addColumn('wallet_id', 'integer', (c) => c.notNull().references('wallets.id').onDelete('cascade'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('balance_cents', 'bigint', (c) => c.notNull())
      .addColumn('stocks_value_cents', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('wallet_history_wallet_id').on('wallet_history').columns(['wallet_id', 'id']).execute();
  };
}

export async function down007(db: Kysely<unknown>) {
  await db.schema.dropTable('wallet_history').execute();
  await db.schema.dropTable('wallet_trades').execute();
  await db.schema.dropTable('wallet_holdings').execute();
  await db.schema.dropTable('wallets').execute();
}
