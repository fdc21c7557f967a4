import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

/**
 * Dividends and splits applied to wallets (docs/api.md#corporate-actions): one row per wallet and
 * action, the wallet ledger's entries beside its trades. The unique key (wallet, symbol, kind, date)
 * is what makes applying idempotent: a re-run, or a second instance at the same moment, inserts
 * nothing and so changes no cash or holding. Money in integer cents, prices in 1/10,000 dollar.
 */
export function up015(dialect: DialectName) {
  return async (db: Kysely<unknown>) => {
    await withIdColumn(db.schema.createTable('wallet_corporate_actions'), dialect)
      .addColumn('wallet_id', 'integer', (c) => c.notNull().references('wallets.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('symbol', 'varchar(16)', (c) => c.notNull())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('dividend', 'split')`))
      /** The ex-date of a dividend, the first day on the new share count of a split (exchange's calendar). */
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      /** Dividends: the day the cash was due. */
      .addColumn('pay_date', 'varchar(10)')
      /** The listing's currency as the source names it ('USD', 'JPY', 'GBp'). */
      .addColumn('currency', 'varchar(8)', (c) => c.notNull())
      /** Dividends: cash per share in that currency. */
      .addColumn('amount_per_share', 'double precision')
      /** Dividends: US dollars per unit of the currency used. */
      .addColumn('fx_rate', 'double precision')
      /** Dividends: cash per share in 1/10,000 dollar. */
      .addColumn('amount_e4', 'bigint')
      /** Splits: `numerator` new shares for every `denominator` old ones. */
      .addColumn('numerator', 'integer')
      .addColumn('denominator', 'integer')
      /** Shares held before the ex-date or split date: what the action was applied to. */
      .addColumn('quantity', 'bigint', (c) => c.notNull())
      /** Splits: shares added to the holding (negative for a reverse split). */
      .addColumn('shares_delta', 'bigint', (c) => c.notNull().defaultTo(0))
      /** Cash credited: the dividend, or a split's fraction of a share paid out. */
      .addColumn('cash_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('applied_at', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('wallet_corporate_actions_once', ['wallet_id', 'symbol', 'kind', 'date'])
      .addCheckConstraint('wallet_corporate_actions_amounts', sql`quantity > 0 and cash_cents >= 0`)
      .execute();
    await db.schema
      .createIndex('wallet_corporate_actions_wallet_id')
      .on('wallet_corporate_actions')
      .columns(['wallet_id', 'id'])
      .execute();
  };
}

export async function down015(db: Kysely<unknown>) {
  await db.schema.dropTable('wallet_corporate_actions').execute();
}
