import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

/**
 * Paper-trading orders (docs/api.md#orders): limit, stop, stop-limit and trailing-stop orders per
 * wallet, filled by the matcher. Open buy orders reserve cash and open sell orders reserve shares;
 * the reservations are kept beside what they reserve (`wallets.reserved_cents`,
 * `wallet_holdings.reserved_quantity`) so a single conditional UPDATE can check "cash − reserved"
 * or "held − reserved", and CHECK constraints make overdrawing or overselling impossible even for a
 * statement that forgot to ask. Prices are in 1/10,000 dollar units, cash in cents, like the trades.
 */
export function up014(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable('wallets')
      .addColumn('reserved_cents', 'bigint', (c) =>
        c.notNull().defaultTo(0).check(sql`reserved_cents >= 0 and reserved_cents <= cash_cents`),
      )
      .execute();
    await db.schema
      .alterTable('wallet_holdings')
      .addColumn('reserved_quantity', 'bigint', (c) =>
        c.notNull().defaultTo(0).check(sql`reserved_quantity >= 0 and reserved_quantity <= quantity`),
      )
      .execute();

    await withIdColumn(db.schema.createTable('orders'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('wallet_id', 'integer', (c) => c.notNull().references('wallets.id').onDelete('cascade'))
      .addColumn('symbol', 'varchar(16)', (c) => c.notNull())
      .addColumn('side', 'varchar(4)', (c) => c.notNull().check(sql`side in ('buy', 'sell')`))
      .addColumn('type', 'varchar(16)', (c) =>
        c.notNull().check(sql`type in ('limit', 'stop', 'stop_limit', 'trailing_stop')`),
      )
      .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn('limit_price_e4', 'bigint')
      .addColumn('stop_price_e4', 'bigint')
      /** Trailing stops: the trail in price units, or in hundredths of a percent. */
      .addColumn('trail_amount_e4', 'bigint')
      .addColumn('trail_percent_e2', 'integer')
      /** Trailing stops: the highest (sell) or lowest (buy) price seen while open. */
      .addColumn('water_mark_e4', 'bigint')
      /** Stop-limit orders: when the stop was reached (the order is a limit order from then on). */
      .addColumn('triggered_at', 'varchar(32)')
      .addColumn('time_in_force', 'varchar(3)', (c) => c.notNull().check(sql`time_in_force in ('day', 'gtc')`))
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      /** The listing's exchange time zone (its market hours), from the quote at placement. */
      .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) =>
        c.notNull().check(sql`status in ('open', 'filled', 'cancelled', 'expired', 'rejected')`),
      )
      /** Cash an open buy holds back (0 for sells and once closed). */
      .addColumn('reserved_cents', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`reserved_cents >= 0`))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('filled_at', 'varchar(32)')
      .addColumn('fill_price_e4', 'bigint')
      .addColumn('fill_trade_id', 'integer', (c) => c.references('wallet_trades.id').onDelete('set null'))
      /** Why it closed other than by a fill (rejected, expired), for people. */
      .addColumn('reason', 'varchar(300)')
      .execute();
    // The matcher reads open orders by symbol, and expires them by time: both partial, so the
    // indexes stay the size of the open orders however many have closed.
    await db.schema
      .createIndex('orders_open_symbol')
      .on('orders')
      .columns(['symbol', 'id'])
      .where(sql.ref('status'), '=', 'open')
      .execute();
    await db.schema
      .createIndex('orders_open_expiry')
      .on('orders')
      .column('expires_at')
      .where(sql.ref('status'), '=', 'open')
      .execute();
    // A wallet's orders, newest first, and its open ones (the per-wallet cap).
    await db.schema.createIndex('orders_wallet').on('orders').columns(['wallet_id', 'status', 'id']).execute();
    await db.schema.createIndex('orders_user').on('orders').column('user_id').execute();
  };
}

export async function down014(db: Kysely<unknown>) {
  await db.schema.dropTable('orders').execute();
  await db.schema.alterTable('wallet_holdings').dropColumn('reserved_quantity').execute();
  await db.schema.alterTable('wallets').dropColumn('reserved_cents').execute();
}
