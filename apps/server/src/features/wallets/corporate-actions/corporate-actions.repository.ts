import type { Insertable, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../../db/database.js';
import type { Database, WalletCorporateActionsTable } from '../../../db/schema.js';
import { shareUserKey } from '../../../db/user-lock.js';
import { addToLedgerDays, keyedCorporateAction } from '../reports/ledger.repository.js';
import type { Holding } from '../valuation.js';
import { snapshotWalletValue } from '../wallets.repository.js';

export type CorporateActionRow = Selectable<WalletCorporateActionsTable>;

/** A trade as entitlement needs it. */
export interface LedgerTrade {
  wallet_id: number;
  side: 'buy' | 'sell';
  quantity: number;
  created_at: string;
}

/** An action already applied to a wallet, as entitlement needs it. */
export interface AppliedAction {
  wallet_id: number;
  kind: 'dividend' | 'split';
  date: string;
  shares_delta: number;
}

interface ActionKey {
  walletId: number;
  symbol: string;
  date: string;
  currency: string;
  /** Shares held before the date. */
  quantity: number;
  now: string;
}

export interface DividendInput extends ActionKey {
  payDate: string;
  amountPerShare: number;
  fxRate: number;
  amountE4: number;
  cashCents: number;
  /** The holdings' market value for the history snapshot, from prices fetched before the transaction. */
  stocksValueCents(holdings: readonly Holding[]): number;
}

export interface SplitInput extends ActionKey {
  numerator: number;
  denominator: number;
  /** Shares to add to the holding (negative for a reverse split). */
  sharesDelta: number;
  /** A fraction of a share paid out in cash. */
  cashCents: number;
}

/** `applied`: this call did it; `already`: someone had (a re-run, another instance); `missing`: no such wallet any more. */
export type ApplyResult = 'applied' | 'already' | 'missing';

/**
 * Storage of dividends and splits applied to wallets (docs/api.md#corporate-actions). Each action
 * is applied to a wallet in one transaction that locks the wallet row (PostgreSQL; SQLite has one
 * writer) and starts by inserting the action's row: the unique key (wallet, symbol, kind, date)
 * lets only one transaction ever insert it, and only that one moves cash or shares.
 */
export function corporateActionsRepository({ db, dialect }: DatabaseHandle) {
  /**
   * The wallet's owner, its row locked until commit on PostgreSQL (trades lock it the same way),
   * after the owner's row (db/user-lock.ts: the action's insert references the user).
   */
  async function lockWallet(trx: Transaction<Database>, walletId: number) {
    const owner = await trx.selectFrom('wallets').select('user_id').where('id', '=', walletId).executeTakeFirst();
    if (!owner) return undefined;
    await shareUserKey(trx, dialect, owner.user_id);
    return trx
      .selectFrom('wallets')
      .select(['id', 'user_id'])
      .where('id', '=', walletId)
      .$if(dialect === 'postgres', (qb) => qb.forUpdate())
      .executeTakeFirst();
  }

  return {
    /** The dividends and splits of the user's wallets as the database holds them, for 'Export my data' (docs/api.md#export). */
    exportRows(userId: number): Promise<CorporateActionRow[]> {
      const ownWallets = db.selectFrom('wallets').select('id').where('user_id', '=', userId);
      return db
        .selectFrom('wallet_corporate_actions')
        .selectAll()
        .where('wallet_id', 'in', ownWallets)
        .orderBy('id')
        .execute();
    },

    /** Every symbol any wallet has traded, with the first trade's time (where catching up starts). */
    async tradedSymbols(): Promise<{ symbol: string; firstTradeAt: string }[]> {
      const rows = await db
        .selectFrom('wallet_trades')
        .select(['symbol', sql<string>`min(created_at)`.as('first_trade_at')])
        .groupBy('symbol')
        .orderBy('symbol')
        .execute();
      return rows.map((row) => ({ symbol: row.symbol, firstTradeAt: row.first_trade_at }));
    },

    /** Every wallet's trades of `symbol`, oldest first, and the actions already applied to them. */
    async ledger(symbol: string): Promise<{ trades: LedgerTrade[]; applied: AppliedAction[] }> {
      const [trades, applied] = await Promise.all([
        db
          .selectFrom('wallet_trades')
          .select(['wallet_id', 'side', 'quantity', 'created_at'])
          .where('symbol', '=', symbol)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('wallet_corporate_actions')
          .select(['wallet_id', 'kind', 'date', 'shares_delta'])
          .where('symbol', '=', symbol)
          .execute(),
      ]);
      return { trades, applied };
    },

    /** The actions applied to one wallet in `symbol` (after another instance got there first). */
    appliedTo(walletId: number, symbol: string): Promise<AppliedAction[]> {
      return db
        .selectFrom('wallet_corporate_actions')
        .select(['wallet_id', 'kind', 'date', 'shares_delta'])
        .where('wallet_id', '=', walletId)
        .where('symbol', '=', symbol)
        .execute();
    },

    /** Every symbol held by any wallet (the prices a dividend's history snapshot needs). */
    async heldSymbols(): Promise<string[]> {
      const rows = await db.selectFrom('wallet_holdings').select('symbol').distinct().orderBy('symbol').execute();
      return rows.map((row) => row.symbol);
    },

    /**
     * Pays a dividend: the action's row, the cash, and a value snapshot in the wallet's history (as
     * a trade adds one), all or nothing. Nothing happens when the row exists already.
     */
    async applyDividend(input: DividendInput): Promise<ApplyResult> {
      return db.transaction().execute(async (trx): Promise<ApplyResult> => {
        const wallet = await lockWallet(trx, input.walletId);
        if (!wallet) return 'missing';
        const recorded = await recordAction(trx, {
          wallet_id: input.walletId,
          user_id: wallet.user_id,
          symbol: input.symbol,
          kind: 'dividend',
          date: input.date,
          pay_date: input.payDate,
          currency: input.currency,
          amount_per_share: input.amountPerShare,
          fx_rate: input.fxRate,
          amount_e4: input.amountE4,
          numerator: null,
          denominator: null,
          quantity: input.quantity,
          cash_cents: input.cashCents,
          applied_at: input.now,
        });
        if (!recorded) return 'already';
        if (input.cashCents === 0) return 'applied';
        const { cash_cents } = await trx
          .updateTable('wallets')
          .set((eb) => ({ cash_cents: eb('cash_cents', '+', input.cashCents) }))
          .where('id', '=', input.walletId)
          .returning('cash_cents')
          .executeTakeFirstOrThrow();
        await snapshotWalletValue(trx, { ...input, cashCents: cash_cents });
        return 'applied';
      });
    },

    /**
     * Splits a holding: the action's row, the shares added (the cost basis stays, so the average
     * cost divides), and any fraction of a share paid out in cash, all or nothing. The holding is
     * changed by the delta rather than set, so trades made since the split date stay counted.
     * Open orders in the symbol are restated in the same transaction (`splitOpenOrders`): open
     * sells reserve shares, and the reservation follows their new quantities.
     */
    async applySplit(input: SplitInput): Promise<ApplyResult> {
      return db.transaction().execute(async (trx): Promise<ApplyResult> => {
        const wallet = await lockWallet(trx, input.walletId);
        if (!wallet) return 'missing';
        const recorded = await recordAction(trx, {
          wallet_id: input.walletId,
          user_id: wallet.user_id,
          symbol: input.symbol,
          kind: 'split',
          date: input.date,
          pay_date: null,
          currency: input.currency,
          amount_per_share: null,
          fx_rate: null,
          amount_e4: null,
          numerator: input.numerator,
          denominator: input.denominator,
          quantity: input.quantity,
          shares_delta: input.sharesDelta,
          cash_cents: input.cashCents,
          applied_at: input.now,
        });
        if (!recorded) return 'already';
        const holding = await trx
          .selectFrom('wallet_holdings')
          .select(['quantity'])
          .where('wallet_id', '=', input.walletId)
          .where('symbol', '=', input.symbol)
          .executeTakeFirst();
        const quantity = (holding?.quantity ?? 0) + input.sharesDelta;
        // In the same UPDATE as the quantity, so the reserved ≤ held check holds either way.
        const reserved = await splitOpenOrders(trx, input);
        if (holding && quantity > 0) {
          await trx
            .updateTable('wallet_holdings')
            .set(reserved === null ? { quantity } : { quantity, reserved_quantity: reserved })
            .where('wallet_id', '=', input.walletId)
            .where('symbol', '=', input.symbol)
            .execute();
        } else if (holding) {
          await trx
            .deleteFrom('wallet_holdings')
            .where('wallet_id', '=', input.walletId)
            .where('symbol', '=', input.symbol)
            .execute();
        } else if (quantity > 0) {
          // Everything was sold between the split's open and now at the new prices: the new shares remain.
          await trx
            .insertInto('wallet_holdings')
            .values({ wallet_id: input.walletId, symbol: input.symbol, quantity, cost_cents: 0 })
            .execute();
        }
        if (input.cashCents > 0) {
          await trx
            .updateTable('wallets')
            .set((eb) => ({ cash_cents: eb('cash_cents', '+', input.cashCents) }))
            .where('id', '=', input.walletId)
            .execute();
        }
        return 'applied';
      });
    },

    /** Whether the wallet is the user's. */
    async owns(userId: number, walletId: number): Promise<boolean> {
      const row = await db
        .selectFrom('wallets')
        .select('id')
        .where('id', '=', walletId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A wallet's actions newest first (the wallet is known to be the user's). */
    events(walletId: number, limit: number): Promise<CorporateActionRow[]> {
      return db
        .selectFrom('wallet_corporate_actions')
        .selectAll()
        .where('wallet_id', '=', walletId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type CorporateActionsRepository = ReturnType<typeof corporateActionsRepository>;

/**
 * An action's row, once per wallet, symbol, kind and date: false when the wallet has it already
 * (another instance, or an earlier run, applied it), and the caller then changes nothing.
 */
async function recordAction(
  trx: Transaction<Database>,
  row: Insertable<WalletCorporateActionsTable>,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('wallet_corporate_actions')
    .values(row)
    .onConflict((oc) => oc.columns(['wallet_id', 'symbol', 'kind', 'date']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) return false;
  await addToLedgerDays(trx, inserted.wallet_id, keyedCorporateAction(inserted));
  return true;
}

/**
 * A split also restates the wallet's open orders in the symbol (docs/api.md#orders), as brokers
 * do: quantity times the ratio (whole shares, rounded down), every price divided by it, so an
 * order means the same money before and after. A buy keeps its reserved cash (its cost can only
 * have gone down with the rounding). The shares reserved by open sells become the sum of their new
 * quantities (the caller writes it with the new quantity), never more than the split holding. An order that a reverse split leaves with
 * no whole share is cancelled and releases what it held.
 */
async function splitOpenOrders(trx: Transaction<Database>, input: SplitInput): Promise<number | null> {
  const open = await trx
    .selectFrom('orders')
    .select([
      'id',
      'side',
      'quantity',
      'limit_price_e4',
      'stop_price_e4',
      'trail_amount_e4',
      'water_mark_e4',
      'reserved_cents',
    ])
    .where('wallet_id', '=', input.walletId)
    .where('symbol', '=', input.symbol)
    .where('status', '=', 'open')
    .execute();
  if (open.length === 0) return null;
  const ratio = input.numerator / input.denominator;
  const price = (e4: number | null) => (e4 === null ? null : Math.round(e4 / ratio));
  let reservedShares = 0;
  let releasedCents = 0;
  for (const order of open) {
    const quantity = Math.floor(order.quantity * ratio + 1e-9);
    if (quantity < 1) {
      await trx
        .updateTable('orders')
        .set({
          status: 'cancelled',
          reserved_cents: 0,
          reason: 'Cancelled: a reverse split left less than one share',
          updated_at: input.now,
        })
        .where('id', '=', order.id)
        .execute();
      if (order.side === 'buy') releasedCents += order.reserved_cents;
      continue;
    }
    await trx
      .updateTable('orders')
      .set({
        quantity,
        limit_price_e4: price(order.limit_price_e4),
        stop_price_e4: price(order.stop_price_e4),
        trail_amount_e4: price(order.trail_amount_e4),
        water_mark_e4: price(order.water_mark_e4),
        updated_at: input.now,
      })
      .where('id', '=', order.id)
      .execute();
    if (order.side === 'sell') reservedShares += quantity;
  }
  if (releasedCents > 0) {
    await trx
      .updateTable('wallets')
      .set((eb) => ({ reserved_cents: eb('reserved_cents', '-', releasedCents) }))
      .where('id', '=', input.walletId)
      .execute();
  }
  return reservedShares;
}
