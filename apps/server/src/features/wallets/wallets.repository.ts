import type { Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import { compiledOnce, param } from '../../db/compiled-once.js';
import type { DatabaseHandle } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database, WalletTradesTable } from '../../db/schema.js';
import { lockUserRow, shareUserKey } from '../../db/user-lock.js';
import { sellAmounts } from './money.js';
import { addToLedgerDays, keyedTrade } from './reports/ledger.repository.js';
import type { Holding, WalletRow } from './valuation.js';

export type TradeRow = Selectable<WalletTradesTable>;
export type HistoryRow = { created_at: string; balance_cents: number; stocks_value_cents: number };

/** A wallet with its holdings (by symbol) read in one statement, so both come from the same moment. */
export interface WalletWithHoldings extends WalletRow {
  holdings: Holding[];
}

export type CreateResult = { kind: 'created'; wallet: WalletRow } | { kind: 'duplicate' } | { kind: 'full' };
export type RenameResult = { kind: 'renamed'; wallet: WalletRow } | { kind: 'duplicate' } | { kind: 'missing' };

/** A trade as `buyWithin`/`sellWithin` leave it: all an order's fill needs. */
export interface TradeMade {
  kind: 'done';
  trade: TradeRow;
  cashCents: number;
  holdings: Holding[];
}
/** A market trade's outcome, for its answer. */
export interface TradeDone extends TradeMade {
  /** The wallet as the trade left it, read inside its transaction: the answer needs no second read. */
  wallet: WalletRow & { realized_gain_cents: number };
}
type BuyRefusal = { kind: 'missing' } | { kind: 'insufficient-cash'; cashCents: number; reservedCents: number };
type SellRefusal =
  | { kind: 'missing' }
  | { kind: 'insufficient-shares'; held: number; reserved: number }
  | { kind: 'below-a-cent'; held: number };
export type BuyResult = TradeDone | BuyRefusal;
export type SellResult = TradeDone | SellRefusal;

export interface TradeInput {
  userId: number;
  walletId: number;
  symbol: string;
  quantity: number;
  priceE4: number;
  /** The listing's own currency, price and rate to dollars that `priceE4` came from. */
  listing: { currency: string; localPrice: number; fxRate: number };
  now: string;
  /** The holdings' market value after the trade, from prices fetched before the transaction. */
  stocksValueCents(holdings: readonly Holding[]): number;
}

export interface BuyInput extends TradeInput {
  costCents: number;
  /**
   * An order's fill: the cash its order reserved, released by the same statement that takes the
   * cost (docs/api.md#orders). 0 for a market buy, which may spend only unreserved cash.
   */
  releaseCents?: number;
}

export interface SellInput extends TradeInput {
  /** An order's fill: the shares its order reserved, released as they are sold. 0 for a market sale. */
  releaseQuantity?: number;
}

/** Thrown inside a trade transaction when a row changed under it (rolls the transaction back). */
export class ConcurrentChangeError extends Error {
  constructor() {
    super('The wallet changed during the trade');
    this.name = 'ConcurrentChangeError';
  }
}

const WALLET_COLUMNS = ['id', 'name', 'cash_cents', 'is_active', 'created_at', 'reserved_cents'] as const;
const HOLDING_COLUMNS = ['symbol', 'quantity', 'cost_cents', 'reserved_quantity'] as const;

type Db = Kysely<Database> | Transaction<Database>;

/**
 * THE read of wallets with their holdings: wallets ⟕ holdings in one statement, so a wallet and
 * its holdings come from the same moment. Callers add the filter, the order (holdings by symbol)
 * and any further column, and turn the rows into wallets with `withHoldings`.
 */
const selectWithHoldings = (db: Db) =>
  db
    .selectFrom('wallets')
    .leftJoin('wallet_holdings', 'wallet_holdings.wallet_id', 'wallets.id')
    .select([
      'wallets.id',
      'wallets.name',
      'wallets.cash_cents',
      'wallets.is_active',
      'wallets.created_at',
      'wallets.reserved_cents',
      'wallet_holdings.symbol',
      'wallet_holdings.quantity',
      'wallet_holdings.cost_cents',
      'wallet_holdings.reserved_quantity',
    ]);

type WalletHoldingRow = WalletRow & {
  symbol: string | null;
  quantity: number | null;
  cost_cents: number | null;
  reserved_quantity: number | null;
};

/** The rows of `selectWithHoldings`, one wallet per id in their order; a wallet without holdings has none. */
function withHoldings(rows: readonly WalletHoldingRow[]): WalletWithHoldings[] {
  const wallets = new Map<number, WalletWithHoldings>();
  for (const row of rows) {
    let wallet = wallets.get(row.id);
    if (!wallet) {
      wallet = {
        id: row.id,
        name: row.name,
        cash_cents: row.cash_cents,
        is_active: row.is_active,
        created_at: row.created_at,
        reserved_cents: row.reserved_cents,
        holdings: [],
      };
      wallets.set(row.id, wallet);
    }
    if (row.symbol !== null && row.quantity !== null && row.cost_cents !== null) {
      wallet.holdings.push({
        symbol: row.symbol,
        quantity: row.quantity,
        cost_cents: row.cost_cents,
        reserved_quantity: row.reserved_quantity ?? 0,
      });
    }
  }
  return [...wallets.values()];
}

/** A wallet's holdings by symbol (inside a transaction that changed them: a trade, a dividend). */
export const readHoldings = (db: Db, walletId: number): Promise<Holding[]> =>
  db
    .selectFrom('wallet_holdings')
    .select(HOLDING_COLUMNS)
    .where('wallet_id', '=', walletId)
    .orderBy('symbol')
    .execute();

/**
 * A value snapshot in the wallet's history after its cash or holdings changed (a trade, a
 * dividend), in the same transaction: the cash as it now is and the holdings as they now are,
 * valued by `stocksValueCents`. Answers the holdings read.
 */
export async function snapshotWalletValue(
  trx: Db,
  snapshot: {
    walletId: number;
    now: string;
    cashCents: number;
    stocksValueCents(holdings: readonly Holding[]): number;
  },
): Promise<Holding[]> {
  const holdings = await readHoldings(trx, snapshot.walletId);
  await trx
    .insertInto('wallet_history')
    .values({
      wallet_id: snapshot.walletId,
      created_at: snapshot.now,
      balance_cents: snapshot.cashCents,
      stocks_value_cents: snapshot.stocksValueCents(holdings),
    })
    .execute();
  return holdings;
}

/**
 * Wallet storage. Every query is scoped by owner (`wallets.user_id`), so another user's wallet
 * simply is not found. Every trade is one transaction that starts by locking the wallet row
 * (PostgreSQL: the conditional UPDATE of a buy or SELECT … FOR UPDATE of a sell; SQLite runs
 * one writer at a time) and changes money only through conditional statements, so two trades
 * can neither overdraw the wallet nor sell the same shares twice.
 */
export function walletsRepository({ db, dialect }: DatabaseHandle) {
  // The wallet page's two reads, compiled once (db/compiled-once.ts).
  const walletDetailsQuery = compiledOnce(
    db,
    selectWithHoldings(db)
      // Uncorrelated (it names the wallet id, not wallets.id), so the database sums the trades
      // once per call instead of once per holding row.
      .select((eb) =>
        eb
          .selectFrom('wallet_trades')
          .select(sql<number | string>`coalesce(sum(realized_gain_cents), 0)`.as('gain'))
          .where('wallet_trades.wallet_id', '=', param<number>('walletId'))
          .as('realized_gain_cents'),
      )
      .where('wallets.id', '=', param<number>('walletId'))
      .where('wallets.user_id', '=', param<number>('userId'))
      .orderBy('wallet_holdings.symbol'),
  );
  const historyQuery = compiledOnce(
    db,
    db
      .selectFrom('wallet_history')
      .select(['created_at', 'balance_cents', 'stocks_value_cents'])
      .where('wallet_id', '=', param<number>('walletId'))
      .orderBy('id'),
  );
  /** Serialises one user's wallet-set changes (create, rename, activate, delete) on their user row (db/user-lock.ts). */
  const lockUser = (trx: Transaction<Database>, userId: number) => lockUserRow(trx, dialect, userId);

  async function finishTrade(
    trx: Transaction<Database>,
    input: TradeInput,
    side: 'buy' | 'sell',
    cashCents: number,
    cashMoved: number,
    realizedGainCents: number,
  ): Promise<TradeMade> {
    const trade = await trx
      .insertInto('wallet_trades')
      .values({
        wallet_id: input.walletId,
        side,
        symbol: input.symbol,
        quantity: input.quantity,
        price_e4: input.priceE4,
        currency: input.listing.currency,
        local_price: input.listing.localPrice,
        fx_rate: input.listing.fxRate,
        cash_cents: cashMoved,
        realized_gain_cents: realizedGainCents,
        created_at: input.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await addToLedgerDays(trx, input.walletId, keyedTrade(trade));
    const holdings = await snapshotWalletValue(trx, { ...input, cashCents });
    return { kind: 'done', trade, cashCents, holdings };
  }

  /**
   * A market trade's answer: the wallet with its realized gains, read inside the trade's transaction.
   * Not part of `finishTrade`, so an order's fill, which answers nobody, does not sum the wallet's trades.
   */
  async function withWallet(trx: Transaction<Database>, walletId: number, made: TradeMade): Promise<TradeDone> {
    const wallet = await trx
      .selectFrom('wallets')
      .select(WALLET_COLUMNS)
      .select((eb) =>
        eb
          .selectFrom('wallet_trades')
          .select(sql<number | string>`coalesce(sum(realized_gain_cents), 0)`.as('gain'))
          .where('wallet_trades.wallet_id', '=', walletId)
          .as('realized_gain_cents'),
      )
      .where('id', '=', walletId)
      .executeTakeFirstOrThrow();
    return { ...made, wallet: { ...wallet, realized_gain_cents: Number(wallet.realized_gain_cents ?? 0) } };
  }

  /**
   * Buys `quantity` shares for `costCents` inside `trx`. The first statement takes the cash only
   * if that much is not reserved by open buy orders (`cash − reserved ≥ cost`, counting an order's
   * own reservation, which it releases in the same statement), which also locks the wallet row
   * until commit on PostgreSQL.
   */
  async function buyWithin(trx: Transaction<Database>, input: BuyInput): Promise<TradeMade | BuyRefusal> {
    const release = input.releaseCents ?? 0;
    const wallet = await trx
      .updateTable('wallets')
      .set((eb) => ({
        cash_cents: eb('cash_cents', '-', input.costCents),
        reserved_cents: eb('reserved_cents', '-', release),
      }))
      .where('id', '=', input.walletId)
      .where('user_id', '=', input.userId)
      .where((eb) => eb(eb('cash_cents', '-', eb.ref('reserved_cents')), '>=', input.costCents - release))
      .returning('cash_cents')
      .executeTakeFirst();
    if (!wallet) {
      const current = await trx
        .selectFrom('wallets')
        .select(['cash_cents', 'reserved_cents'])
        .where('id', '=', input.walletId)
        .where('user_id', '=', input.userId)
        .executeTakeFirst();
      return current
        ? { kind: 'insufficient-cash', cashCents: current.cash_cents, reservedCents: current.reserved_cents - release }
        : { kind: 'missing' };
    }
    await trx
      .insertInto('wallet_holdings')
      .values({
        wallet_id: input.walletId,
        symbol: input.symbol,
        quantity: input.quantity,
        cost_cents: input.costCents,
      })
      .onConflict((oc) =>
        oc.columns(['wallet_id', 'symbol']).doUpdateSet((eb) => ({
          quantity: eb('wallet_holdings.quantity', '+', eb.ref('excluded.quantity')),
          cost_cents: eb('wallet_holdings.cost_cents', '+', eb.ref('excluded.cost_cents')),
        })),
      )
      .execute();
    return finishTrade(trx, input, 'buy', wallet.cash_cents, input.costCents, 0);
  }

  /**
   * Sells `quantity` shares inside `trx`. The wallet row is locked first (PostgreSQL), the holding
   * read, and the holding changed only if it still has exactly the values read (compare-and-set),
   * so the same shares can never be sold twice; shares reserved by open sell orders are not for
   * sale, except an order's own, which its fill releases. The cost basis leaves in proportion (money.ts).
   */
  async function sellWithin(trx: Transaction<Database>, input: SellInput): Promise<TradeMade | SellRefusal> {
    const release = input.releaseQuantity ?? 0;
    const wallet = await trx
      .selectFrom('wallets')
      .select('id')
      .where('id', '=', input.walletId)
      .where('user_id', '=', input.userId)
      .$if(dialect === 'postgres', (qb) => qb.forUpdate())
      .executeTakeFirst();
    if (!wallet) return { kind: 'missing' };
    const holding = await trx
      .selectFrom('wallet_holdings')
      .select(['quantity', 'cost_cents', 'reserved_quantity'])
      .where('wallet_id', '=', input.walletId)
      .where('symbol', '=', input.symbol)
      .executeTakeFirst();
    const reservedByOthers = (holding?.reserved_quantity ?? 0) - release;
    if (!holding || reservedByOthers < 0 || holding.quantity - reservedByOthers < input.quantity) {
      return { kind: 'insufficient-shares', held: holding?.quantity ?? 0, reserved: Math.max(0, reservedByOthers) };
    }
    const amounts = sellAmounts(input.priceE4, holding.cost_cents, holding.quantity, input.quantity);
    // docs/api.md#money: part of a holding is not given away for nothing; the whole always sells.
    if (amounts.proceedsCents === 0 && input.quantity < holding.quantity) {
      return { kind: 'below-a-cent', held: holding.quantity };
    }
    let changed: bigint;
    if (input.quantity === holding.quantity) {
      const result = await trx
        .deleteFrom('wallet_holdings')
        .where('wallet_id', '=', input.walletId)
        .where('symbol', '=', input.symbol)
        .where('quantity', '=', holding.quantity)
        .where('cost_cents', '=', holding.cost_cents)
        .where('reserved_quantity', '=', holding.reserved_quantity)
        .executeTakeFirst();
      changed = result.numDeletedRows;
    } else {
      const result = await trx
        .updateTable('wallet_holdings')
        .set((eb) => ({
          quantity: eb('quantity', '-', input.quantity),
          cost_cents: eb('cost_cents', '-', amounts.basisCents),
          reserved_quantity: eb('reserved_quantity', '-', release),
        }))
        .where('wallet_id', '=', input.walletId)
        .where('symbol', '=', input.symbol)
        .where('quantity', '=', holding.quantity)
        .where('cost_cents', '=', holding.cost_cents)
        .where('reserved_quantity', '=', holding.reserved_quantity)
        .executeTakeFirst();
      changed = result.numUpdatedRows;
    }
    if (Number(changed) !== 1) throw new ConcurrentChangeError();
    const updated = await trx
      .updateTable('wallets')
      .set((eb) => ({ cash_cents: eb('cash_cents', '+', amounts.proceedsCents) }))
      .where('id', '=', input.walletId)
      .returning('cash_cents')
      .executeTakeFirstOrThrow();
    return finishTrade(trx, input, 'sell', updated.cash_cents, amounts.proceedsCents, amounts.realizedGainCents);
  }

  return {
    /**
     * The user's wallets and their holdings, trades and history as the database holds them, for
     * 'Export my data' (docs/api.md#export); the ledgers through the user's wallets (a subquery,
     * so no list of ids is sent).
     */
    async exportRows(userId: number) {
      const ownWallets = db.selectFrom('wallets').select('id').where('user_id', '=', userId);
      const [wallets, holdings, trades, history] = await Promise.all([
        db.selectFrom('wallets').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
        db.selectFrom('wallet_holdings').selectAll().where('wallet_id', 'in', ownWallets).orderBy('id').execute(),
        db.selectFrom('wallet_trades').selectAll().where('wallet_id', 'in', ownWallets).orderBy('id').execute(),
        db.selectFrom('wallet_history').selectAll().where('wallet_id', 'in', ownWallets).orderBy('id').execute(),
      ]);
      return { wallets, holdings, trades, history };
    },

    /** The user's wallets, oldest first, each with its holdings. */
    async listWithHoldings(userId: number): Promise<WalletWithHoldings[]> {
      const rows = await selectWithHoldings(db)
        .where('wallets.user_id', '=', userId)
        .orderBy('wallets.id')
        .orderBy('wallet_holdings.symbol')
        .execute();
      return withHoldings(rows);
    },

    /** One wallet with its holdings and realized gains, in one statement; undefined if not the user's. */
    async findWithHoldings(
      userId: number,
      walletId: number,
    ): Promise<(WalletWithHoldings & { realized_gain_cents: number }) | undefined> {
      const rows = await walletDetailsQuery({ walletId, userId });
      const [wallet] = withHoldings(rows);
      if (!wallet) return undefined;
      return { ...wallet, realized_gain_cents: Number(rows[0]?.realized_gain_cents ?? 0) };
    },

    async find(userId: number, walletId: number): Promise<WalletRow | undefined> {
      return db
        .selectFrom('wallets')
        .select(WALLET_COLUMNS)
        .where('id', '=', walletId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Snapshots oldest first (the wallet is known to be the user's). */
    history: (walletId: number): Promise<HistoryRow[]> => historyQuery({ walletId }),

    /** Trades newest first (the wallet is known to be the user's). */
    trades(walletId: number, limit: number): Promise<TradeRow[]> {
      return db
        .selectFrom('wallet_trades')
        .selectAll()
        .where('wallet_id', '=', walletId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * A new wallet with `startCents` and its first history snapshot, unless the user already has a
     * wallet of that name (ignoring case) or `max` wallets. It is active when none of theirs is.
     */
    async create(userId: number, name: string, startCents: number, max: number, now: string): Promise<CreateResult> {
      try {
        return await db.transaction().execute(async (trx) => {
          await lockUser(trx, userId);
          const existing = await trx
            .selectFrom('wallets')
            .select(['name', 'is_active'])
            .where('user_id', '=', userId)
            .execute();
          const key = name.toLowerCase();
          if (existing.some((w) => w.name.toLowerCase() === key)) return { kind: 'duplicate' } as const;
          if (existing.length >= max) return { kind: 'full' } as const;
          const wallet = await trx
            .insertInto('wallets')
            .values({
              user_id: userId,
              name,
              cash_cents: startCents,
              is_active: existing.some((w) => w.is_active === 1) ? 0 : 1,
              created_at: now,
            })
            .returning(WALLET_COLUMNS)
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('wallet_history')
            .values({ wallet_id: wallet.id, created_at: now, balance_cents: startCents, stocks_value_cents: 0 })
            .execute();
          return { kind: 'created', wallet } as const;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { kind: 'duplicate' };
        throw error;
      }
    },

    async rename(userId: number, walletId: number, name: string): Promise<RenameResult> {
      try {
        return await db.transaction().execute(async (trx) => {
          await lockUser(trx, userId);
          const existing = await trx
            .selectFrom('wallets')
            .select(['id', 'name'])
            .where('user_id', '=', userId)
            .execute();
          if (!existing.some((w) => w.id === walletId)) return { kind: 'missing' } as const;
          const key = name.toLowerCase();
          if (existing.some((w) => w.id !== walletId && w.name.toLowerCase() === key)) {
            return { kind: 'duplicate' } as const;
          }
          const wallet = await trx
            .updateTable('wallets')
            .set({ name })
            .where('id', '=', walletId)
            .where('user_id', '=', userId)
            .returning(WALLET_COLUMNS)
            .executeTakeFirstOrThrow();
          return { kind: 'renamed', wallet } as const;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { kind: 'duplicate' };
        throw error;
      }
    },

    /** Deletes the wallet with its holdings, ledger and history; undefined when it is not the user's. */
    async delete(userId: number, walletId: number): Promise<WalletRow | undefined> {
      return db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        // PostgreSQL: the wallet's orders before the wallet, in the order a fill locks them
        // (order, then wallet), so a fill under way and this cascade cannot deadlock.
        if (dialect === 'postgres') {
          await trx
            .selectFrom('orders')
            .select('id')
            .where('wallet_id', '=', walletId)
            .where('user_id', '=', userId)
            .where('status', '=', 'open')
            .forUpdate()
            .execute();
        }
        return trx
          .deleteFrom('wallets')
          .where('id', '=', walletId)
          .where('user_id', '=', userId)
          .returning(WALLET_COLUMNS)
          .executeTakeFirst();
      });
    },

    /** Makes the wallet the user's only active one; undefined (and nothing changed) when it is not theirs. */
    async setActive(userId: number, walletId: number): Promise<WalletRow | undefined> {
      return db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const target = await trx
          .selectFrom('wallets')
          .select('id')
          .where('id', '=', walletId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!target) return undefined;
        await trx
          .updateTable('wallets')
          .set({ is_active: 0 })
          .where('user_id', '=', userId)
          .where('is_active', '=', 1)
          .where('id', '!=', walletId)
          .execute();
        return trx
          .updateTable('wallets')
          .set({ is_active: 1 })
          .where('id', '=', walletId)
          .where('user_id', '=', userId)
          .returning(WALLET_COLUMNS)
          .executeTakeFirstOrThrow();
      });
    },

    /** A market buy (docs/api.md#money): one transaction around `buyWithin`. */
    buy(input: BuyInput): Promise<BuyResult> {
      return db.transaction().execute(async (trx) => {
        await shareUserKey(trx, dialect, input.userId);
        const result = await buyWithin(trx, input);
        return result.kind === 'done' ? withWallet(trx, input.walletId, result) : result;
      });
    },

    /** A market sale: one transaction around `sellWithin`. */
    sell(input: SellInput): Promise<SellResult> {
      return db.transaction().execute(async (trx) => {
        await shareUserKey(trx, dialect, input.userId);
        const result = await sellWithin(trx, input);
        return result.kind === 'done' ? withWallet(trx, input.walletId, result) : result;
      });
    },

    /** The one buy and sell path, for an order's fill inside the order's own transaction (orders.repository.ts). */
    buyWithin,
    sellWithin,
  };
}
export type WalletsRepository = ReturnType<typeof walletsRepository>;
