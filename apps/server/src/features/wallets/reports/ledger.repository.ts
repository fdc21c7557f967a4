import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DatabaseHandle } from '../../../db/database.js';
import type { Database, WalletCorporateActionsTable, WalletTradesTable } from '../../../db/schema.js';
import type { WalletRow } from '../valuation.js';
import { type LedgerEntry, sortLedger } from './ledger.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A trade row as a ledger entry: a buy takes its cost from the cash and adds shares, a sale the reverse. */
export function tradeEntry(row: Selectable<WalletTradesTable>): LedgerEntry {
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
export function corporateActionEntry(row: Selectable<WalletCorporateActionsTable>): LedgerEntry {
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

/**
 * THE one read of a wallet's ledger (docs/api.md#wallet-performance), oldest first: its trades,
 * and the dividends and splits applied to it (migration 015).
 */
export async function readLedger(db: Db, walletId: number): Promise<LedgerEntry[]> {
  const [trades, actions] = await Promise.all([
    db.selectFrom('wallet_trades').selectAll().where('wallet_id', '=', walletId).orderBy('id').execute(),
    db.selectFrom('wallet_corporate_actions').selectAll().where('wallet_id', '=', walletId).orderBy('id').execute(),
  ]);
  return sortLedger([...trades.map(tradeEntry), ...actions.map(corporateActionEntry)]);
}

export function ledgerRepository({ db, dialect }: DatabaseHandle) {
  return {
    /**
     * The wallet, when it is the user's, with its whole ledger, read as of one moment (one
     * transaction; repeatable read on PostgreSQL), so today's cash and the entries agree and the
     * opening cash derived from them is exact (ledger.ts `openingCashCents`).
     */
    async walletWithLedger(
      userId: number,
      walletId: number,
    ): Promise<{ wallet: WalletRow; entries: LedgerEntry[] } | undefined> {
      const transaction = db.transaction();
      return (dialect === 'postgres' ? transaction.setIsolationLevel('repeatable read') : transaction).execute(
        async (trx) => {
          const wallet = await trx
            .selectFrom('wallets')
            .select(['id', 'name', 'cash_cents', 'reserved_cents', 'is_active', 'created_at'])
            .where('id', '=', walletId)
            .where('user_id', '=', userId)
            .executeTakeFirst();
          if (!wallet) return undefined;
          return { wallet, entries: await readLedger(trx, walletId) };
        },
      );
    },
  };
}
export type LedgerRepository = ReturnType<typeof ledgerRepository>;
