import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database, WalletTradesTable } from '../../db/schema.js';
import { type LedgerEntry, sortLedger } from './ledger.js';
import type { WalletRow } from './valuation.js';

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
 * THE one read of a wallet's ledger (docs/api.md#wallet-performance), oldest first. Today it is
 * the trades table. Dividends and splits (the wallet events table of migration 015) plug in here:
 * select that table's rows for the wallet, map each with its own `…Entry` function to a
 * LedgerEntry (a dividend: cashDeltaCents +amount, sharesDelta 0; a split: sharesDelta +shares
 * added, cashDeltaCents 0) and pass them to `sortLedger` with the trades. Nothing else changes.
 */
export async function readLedger(db: Db, walletId: number): Promise<LedgerEntry[]> {
  const trades = await db
    .selectFrom('wallet_trades')
    .selectAll()
    .where('wallet_id', '=', walletId)
    .orderBy('id')
    .execute();
  return sortLedger(trades.map(tradeEntry));
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
            .select(['id', 'name', 'cash_cents', 'is_active', 'created_at'])
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
