import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Each wallet's ledger summed by New York day (docs/api.md#wallet-performance), so the performance
 * report replays days, not trades. `wallet_ledger_versions.ledger_version` is raised by trigger on
 * every insert, update or delete of the wallet's trades and corporate actions, whichever code path
 * or tool makes it; `days_version` says which version the stored days are as of. The app's ledger
 * writes add their entry to its day and both move together; anything else leaves the days behind,
 * and the next report rebuilds them from the ledger. That is also how existing ledgers are
 * summed: their days start behind (version −1), and each wallet's first report sums and stores
 * them (the New York calendar is the app's code, features/wallets/reports/ledger-days.ts, which
 * db/ does not import). A wallet without entries has no days, and is current from the start.
 */
const LEDGER_TABLES = ['wallet_trades', 'wallet_corporate_actions'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

export const up028 = (dialect: DialectName) => async (db: Kysely<unknown>) => {
  await db.schema
    .createTable('wallet_ledger_versions')
    .addColumn('wallet_id', 'integer', (c) => c.primaryKey().references('wallets.id').onDelete('cascade'))
    .addColumn('ledger_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('days_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('wallet_ledger_days')
    .addColumn('wallet_id', 'integer', (c) => c.notNull().references('wallets.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('cash_delta_cents', 'bigint', (c) => c.notNull())
    .addColumn('positions', 'text', (c) => c.notNull())
    .addColumn('last_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_rank', 'integer', (c) => c.notNull())
    .addColumn('last_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('wallet_ledger_days_pk', ['wallet_id', 'day'])
    .execute();
  await sql`insert into wallet_ledger_versions (wallet_id, days_version)
    select id, case when exists (select 1 from wallet_trades t where t.wallet_id = wallets.id)
      or exists (select 1 from wallet_corporate_actions a where a.wallet_id = wallets.id) then -1 else 0 end
    from wallets`.execute(db);

  if (dialect === 'postgres') {
    await sql`
      create function wallet_created_ledger_version() returns trigger language plpgsql as $$
      begin
        insert into wallet_ledger_versions (wallet_id) values (new.id);
        return null;
      end $$`.execute(db);
    await sql`create trigger wallets_ledger_version after insert on wallets
      for each row execute function wallet_created_ledger_version()`.execute(db);
    await sql`
      create function raise_wallet_ledger_version() returns trigger language plpgsql as $$
      begin
        update wallet_ledger_versions set ledger_version = ledger_version + 1
          where wallet_id in (case when tg_op = 'DELETE' then old.wallet_id else new.wallet_id end,
                              case when tg_op = 'INSERT' then new.wallet_id else old.wallet_id end);
        return null;
      end $$`.execute(db);
    for (const table of LEDGER_TABLES) {
      await sql`create trigger ${sql.raw(`${table}_ledger_version`)} after insert or update or delete on ${sql.table(table)}
        for each row execute function raise_wallet_ledger_version()`.execute(db);
    }
  } else {
    await sql`create trigger wallets_ledger_version after insert on wallets
      begin insert into wallet_ledger_versions (wallet_id) values (new.id); end`.execute(db);
    for (const table of LEDGER_TABLES) {
      for (const event of EVENTS) {
        const ids =
          event === 'insert' ? 'new.wallet_id' : event === 'delete' ? 'old.wallet_id' : 'old.wallet_id, new.wallet_id';
        await sql`create trigger ${sql.raw(`${table}_${event}_ledger_version`)} after ${sql.raw(event)} on ${sql.table(table)}
          begin update wallet_ledger_versions set ledger_version = ledger_version + 1
            where wallet_id in (${sql.raw(ids)}); end`.execute(db);
      }
    }
  }
};

export const down028 = (dialect: DialectName) => async (db: Kysely<unknown>) => {
  if (dialect === 'postgres') {
    await sql`drop trigger wallets_ledger_version on wallets`.execute(db);
    for (const table of LEDGER_TABLES) {
      await sql`drop trigger ${sql.raw(`${table}_ledger_version`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function wallet_created_ledger_version()`.execute(db);
    await sql`drop function raise_wallet_ledger_version()`.execute(db);
  } else {
    await sql`drop trigger wallets_ledger_version`.execute(db);
    for (const table of LEDGER_TABLES) {
      for (const event of EVENTS) await sql`drop trigger ${sql.raw(`${table}_${event}_ledger_version`)}`.execute(db);
    }
  }
  await db.schema.dropTable('wallet_ledger_days').execute();
  await db.schema.dropTable('wallet_ledger_versions').execute();
};
