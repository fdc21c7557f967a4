import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DatabaseHandle } from '../../../db/database.js';
import type {
  Database,
  WalletCorporateActionsTable,
  WalletLedgerDaysTable,
  WalletTradesTable,
} from '../../../db/schema.js';
import type { WalletRow } from '../valuation.js';
import type { LedgerEntry } from './ledger.js';
import {
  addToDay,
  compareKeys,
  type DayPosition,
  type EntryKey,
  type KeyedLedgerDay,
  type LedgerDay,
  ledgerDays,
  newYorkDay,
} from './ledger-days.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A trade row as a ledger entry: a buy takes its cost from the cash and adds shares, a sale the reverse. */
function tradeEntry(row: Selectable<WalletTradesTable>): LedgerEntry {
  const buy = row.side === 'buy';
  return {
    kind: row.side,
    at: row.created_at,
    symbol: row.symbol,
    quantity: row.quantity,
    sharesDelta: buy ? row.quantity : -row.quantity,
    cashDeltaCents: buy ? -row.cash_cents : row.cash_cents,
    priceE4: row.price_e4,
    currency: row.currency,
    localPrice: row.local_price,
    fxRate: row.fx_rate,
    realizedGainCents: row.realized_gain_cents,
  };
}

/**
 * When a dividend or split counts in the ledger: its pay date (a dividend) or split date, at 17:00
 * UTC — midday in New York, so the entry falls on that date's trading day — or when it was
 * applied, if earlier. A dividend paid late after downtime still counts on its pay date.
 */
const effectiveAt = (date: string, appliedAt: string) => {
  const midday = `${date}T17:00:00.000Z`;
  return appliedAt < midday ? appliedAt : midday;
};

/** A dividend or split row as a ledger entry (docs/api.md#corporate-actions). */
function corporateActionEntry(row: Selectable<WalletCorporateActionsTable>): LedgerEntry {
  const dividend = row.kind === 'dividend';
  return {
    kind: row.kind,
    at: effectiveAt(dividend ? (row.pay_date ?? row.date) : row.date, row.applied_at),
    symbol: row.symbol,
    quantity: dividend ? row.quantity : Math.max(row.shares_delta, 0),
    sharesDelta: row.shares_delta,
    cashDeltaCents: row.cash_cents,
    priceE4: dividend ? row.amount_e4 : null,
    currency: row.currency,
    localPrice: dividend ? row.amount_per_share : null,
    fxRate: row.fx_rate,
    realizedGainCents: 0,
  };
}

/** An entry with its place in the ledger's order (ledger-days.ts `EntryKey`). */
export interface KeyedEntry {
  entry: LedgerEntry;
  key: EntryKey;
}

/** A trade row as it stands in the ledger: its entry, and its key (trades before actions at one instant). */
export const keyedTrade = (row: Selectable<WalletTradesTable>): KeyedEntry => ({
  entry: tradeEntry(row),
  key: { at: row.created_at, rank: 0, id: row.id },
});

/** A dividend or split row as it stands in the ledger: its entry, and its key. */
export function keyedCorporateAction(row: Selectable<WalletCorporateActionsTable>): KeyedEntry {
  const entry = corporateActionEntry(row);
  return { entry, key: { at: entry.at, rank: 1, id: row.id } };
}

/** A wallet's ledger in order (ledger-days.ts `compareKeys`), each entry with its key. */
export interface KeyedLedger {
  entries: LedgerEntry[];
  keys: EntryKey[];
}

/**
 * THE one read of a wallet's ledger (docs/api.md#wallet-performance), oldest first: its trades,
 * and the dividends and splits applied to it (migration 015), each with its key.
 */
export async function readKeyedLedger(db: Db, walletId: number): Promise<KeyedLedger> {
  const [trades, actions] = await Promise.all([
    db.selectFrom('wallet_trades').selectAll().where('wallet_id', '=', walletId).orderBy('id').execute(),
    db.selectFrom('wallet_corporate_actions').selectAll().where('wallet_id', '=', walletId).orderBy('id').execute(),
  ]);
  const keyed = [...trades.map(keyedTrade), ...actions.map(keyedCorporateAction)].sort((a, b) =>
    compareKeys(a.key, b.key),
  );
  return { entries: keyed.map(({ entry }) => entry), keys: keyed.map(({ key }) => key) };
}

/** The ledger's entries alone, oldest first (readKeyedLedger). */
export async function readLedger(db: Db, walletId: number): Promise<LedgerEntry[]> {
  return (await readKeyedLedger(db, walletId)).entries;
}

type LedgerDayRow = Selectable<WalletLedgerDaysTable>;

/** A stored day: its positions as JSON tuples (ledger-days.ts DayPosition). */
function dayRow(walletId: number, day: KeyedLedgerDay): LedgerDayRow {
  return {
    wallet_id: walletId,
    day: day.day,
    cash_delta_cents: day.cashDeltaCents,
    positions: JSON.stringify(day.positions),
    last_at: day.last.at,
    last_rank: day.last.rank,
    last_id: day.last.id,
  };
}

/** A wallet's stored days, oldest first: only what a report needs of them. */
export async function readLedgerDays(db: Db, walletId: number): Promise<LedgerDay[]> {
  const rows = await db
    .selectFrom('wallet_ledger_days')
    .select(['day', 'cash_delta_cents', 'positions'])
    .where('wallet_id', '=', walletId)
    .orderBy('day')
    .execute();
  return rows.map((row) => ({
    day: row.day,
    cashDeltaCents: row.cash_delta_cents,
    positions: JSON.parse(row.positions) as DayPosition[],
  }));
}

/** Replaces a wallet's stored days (its counters are the caller's). */
export async function writeLedgerDays(db: Db, walletId: number, days: readonly KeyedLedgerDay[]): Promise<void> {
  await db.deleteFrom('wallet_ledger_days').where('wallet_id', '=', walletId).execute();
  const rows = days.map((day) => dayRow(walletId, day));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('wallet_ledger_days')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/**
 * Every ledger write calls this in its transaction, right after inserting the entry (migration
 * 028): the entry goes into its day's row, and the days are marked as of the ledger version the
 * insert's trigger raised. Only when they were current before it; otherwise, or when the entry
 * cannot be summed exactly (ledger-days.ts `addToDay`), they stay behind and the next report
 * rebuilds them from the ledger. The trigger's update holds the wallet's counter row until
 * commit, so ledger writes to one wallet pass here one at a time.
 */
export async function addToLedgerDays(trx: Db, walletId: number, { entry, key }: KeyedEntry): Promise<void> {
  const versions = await trx
    .selectFrom('wallet_ledger_versions')
    .select(['ledger_version', 'days_version'])
    .where('wallet_id', '=', walletId)
    .executeTakeFirst();
  if (!versions || versions.days_version !== versions.ledger_version - 1) return;
  const day = newYorkDay(entry.at);
  const row = await trx
    .selectFrom('wallet_ledger_days')
    .selectAll()
    .where('wallet_id', '=', walletId)
    .where('day', '=', day)
    .executeTakeFirst();
  const stored: KeyedLedgerDay | undefined = row && {
    day: row.day,
    cashDeltaCents: row.cash_delta_cents,
    positions: JSON.parse(row.positions) as DayPosition[],
    last: { at: row.last_at, rank: row.last_rank === 1 ? 1 : 0, id: row.last_id },
  };
  const next = addToDay(stored, entry, key);
  if (!next) return;
  const { wallet_id: _, day: __, ...values } = dayRow(walletId, next);
  if (row) {
    await trx
      .updateTable('wallet_ledger_days')
      .set(values)
      .where('wallet_id', '=', walletId)
      .where('day', '=', day)
      .execute();
  } else {
    await trx.insertInto('wallet_ledger_days').values(dayRow(walletId, next)).execute();
  }
  await trx
    .updateTable('wallet_ledger_versions')
    .set({ days_version: versions.ledger_version })
    .where('wallet_id', '=', walletId)
    .execute();
}

/** The wallet's ledger by day, and when its stored days were behind, the version they were rebuilt at. */
export interface WalletLedgerDays {
  wallet: WalletRow;
  days: LedgerDay[];
  /** Days summed from the ledger at its `version`, for `saveLedgerDays`; null when they were read as stored. */
  rebuilt: { version: number; days: KeyedLedgerDay[] } | null;
}

/**
 * Wallets whose stored days this process keeps parsed: a long wallet's are thousands of positions,
 * the most of a warm report's cost. A few wallets' worth (each at most a few hundred kB).
 */
const PARSED_DAYS_WALLETS = 32;

export function ledgerRepository({ db, dialect }: DatabaseHandle) {
  /**
   * Parsed days by `walletId:days_version`, least recently used dropped first. Never stale: the
   * version is read from the database with the wallet on every report, days of one version never
   * change (ledger writes raise it, by trigger, before they commit), and ids are never reused.
   */
  const parsedDays = new Map<string, LedgerDay[]>();
  async function storedDays(trx: Db, walletId: number, version: number): Promise<LedgerDay[]> {
    const key = `${walletId}:${version}`;
    let days = parsedDays.get(key);
    if (days) parsedDays.delete(key);
    else days = await readLedgerDays(trx, walletId);
    parsedDays.set(key, days);
    if (parsedDays.size > PARSED_DAYS_WALLETS) parsedDays.delete(parsedDays.keys().next().value ?? key);
    return days;
  }
  /** One moment's view (one transaction; repeatable read on PostgreSQL), so today's cash and the ledger agree. */
  function snapshot<T>(read: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const transaction = db.transaction();
    return (dialect === 'postgres' ? transaction.setIsolationLevel('repeatable read') : transaction).execute(read);
  }
  const walletColumns = ['id', 'name', 'cash_cents', 'reserved_cents', 'is_active', 'created_at'] as const;

  return {
    /**
     * The wallet, when it is the user's, with its whole ledger, read as of one moment, so the
     * opening cash derived from today's cash and the entries is exact (ledger.ts `openingCashCents`).
     */
    async walletWithLedger(
      userId: number,
      walletId: number,
    ): Promise<{ wallet: WalletRow; entries: LedgerEntry[] } | undefined> {
      return snapshot(async (trx) => {
        const wallet = await trx
          .selectFrom('wallets')
          .select(walletColumns)
          .where('id', '=', walletId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!wallet) return undefined;
        return { wallet, entries: await readLedger(trx, walletId) };
      });
    },

    /**
     * The wallet, when it is the user's, with its ledger by day as of one moment: the stored days
     * when they are as of the ledger's version (every ledger write keeps them so), else summed
     * from the ledger itself (written outside the app, or just migrated) — then `saveLedgerDays`.
     */
    async walletWithLedgerDays(userId: number, walletId: number): Promise<WalletLedgerDays | undefined> {
      return snapshot(async (trx) => {
        const found = await trx
          .selectFrom('wallets')
          .leftJoin('wallet_ledger_versions as v', 'v.wallet_id', 'wallets.id')
          .select(walletColumns.map((column) => `wallets.${column}` as const))
          .select(['v.ledger_version', 'v.days_version'])
          .where('wallets.id', '=', walletId)
          .where('wallets.user_id', '=', userId)
          .executeTakeFirst();
        if (!found) return undefined;
        const { ledger_version, days_version, ...wallet } = found;
        if (ledger_version !== null && ledger_version === days_version) {
          return { wallet, days: await storedDays(trx, walletId, ledger_version), rebuilt: null };
        }
        const { entries, keys } = await readKeyedLedger(trx, walletId);
        const days = ledgerDays(entries, keys);
        return { wallet, days, rebuilt: ledger_version === null ? null : { version: ledger_version, days } };
      });
    },

    /**
     * Stores days rebuilt at `version`, if the ledger has not changed since (its counter still
     * says `version`) and nobody stored them first. The wallet's row, then its counter, are
     * locked first, in the order a ledger write takes them.
     */
    async saveLedgerDays(walletId: number, version: number, days: readonly KeyedLedgerDay[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') {
          await trx.selectFrom('wallets').select('id').where('id', '=', walletId).forUpdate().executeTakeFirst();
        }
        const versions = await trx
          .selectFrom('wallet_ledger_versions')
          .select(['ledger_version', 'days_version'])
          .where('wallet_id', '=', walletId)
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        if (!versions || versions.ledger_version !== version || versions.days_version === version) return false;
        await writeLedgerDays(trx, walletId, days);
        await trx
          .updateTable('wallet_ledger_versions')
          .set({ days_version: version })
          .where('wallet_id', '=', walletId)
          .execute();
        return true;
      });
    },
  };
}
export type LedgerRepository = ReturnType<typeof ledgerRepository>;
