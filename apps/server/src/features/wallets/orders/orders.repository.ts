import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../../../db/database.js';
import type { Database, OrderStatus, OrdersTable } from '../../../db/schema.js';
import { shareUserKey } from '../../../db/user-lock.js';
import type { Listing } from '../../../integrations/market-data/fx.js';
import { buyCostCents } from '../money.js';
import type { Holding } from '../valuation.js';
import type { TradeRow, WalletsRepository } from '../wallets.repository.js';

/** An order as stored, with the cash its fill moved (from the ledger) when it filled. */
export type OrderRow = Selectable<OrdersTable> & { fill_cash_cents: number | null };
/** What the matcher reads of an open order. */
export type OpenOrder = Pick<
  Selectable<OrdersTable>,
  | 'id'
  | 'user_id'
  | 'wallet_id'
  | 'symbol'
  | 'side'
  | 'type'
  | 'quantity'
  | 'limit_price_e4'
  | 'stop_price_e4'
  | 'trail_amount_e4'
  | 'trail_percent_e2'
  | 'water_mark_e4'
  | 'triggered_at'
  | 'reserved_cents'
  | 'time_zone'
>;

/** What the matcher reads of an open order (the orders bench times the same SELECT as its baseline). */
export const OPEN_ORDER_COLUMNS = [
  'id',
  'user_id',
  'wallet_id',
  'symbol',
  'side',
  'type',
  'quantity',
  'limit_price_e4',
  'stop_price_e4',
  'trail_amount_e4',
  'trail_percent_e2',
  'water_mark_e4',
  'triggered_at',
  'reserved_cents',
  'time_zone',
] as const;

export type NewOrder = Omit<
  Insertable<OrdersTable>,
  'id' | 'status' | 'updated_at' | 'filled_at' | 'fill_price_e4' | 'fill_trade_id' | 'reason'
>;

export type PlaceResult =
  | { kind: 'placed'; order: OrderRow }
  | { kind: 'missing' }
  | { kind: 'too-many'; open: number }
  | { kind: 'insufficient-cash'; cashCents: number; reservedCents: number }
  | { kind: 'insufficient-shares'; held: number; reserved: number };

export type CloseResult =
  | { kind: 'closed'; order: OrderRow }
  | { kind: 'missing' }
  | { kind: 'not-open'; order: OrderRow };

export interface FillInput {
  priceE4: number;
  listing: Listing;
  now: string;
  stocksValueCents(holdings: readonly Holding[]): number;
  /** Why the order is rejected if the trade is refused (the wallet cannot pay, part of a share below a cent). */
  refusal(result: { kind: string; cashCents?: number; reservedCents?: number }): string;
}

export type FillResult =
  | { kind: 'filled'; trade: TradeRow }
  | { kind: 'rejected'; reason: string }
  /** Another matcher (or a cancel) closed it first. */
  | { kind: 'taken' };

/** Orders whose status is one of these are "closed" in lists. */
const CLOSED: OrderStatus[] = ['filled', 'cancelled', 'expired', 'rejected'];

/**
 * Order storage (docs/api.md#orders). Every change of an order's status is a conditional UPDATE
 * `… WHERE status = 'open'` that claims it: of two matchers, a matcher and a cancel, or a cancel
 * and an expiry, exactly one finds it open, so an order is filled (or released) exactly once. The
 * claim and what follows from it — the trade through the wallets' own buy/sell path, the release of
 * the reservation — commit together or not at all. Locks are taken order row, then wallet row,
 * then holding, everywhere, so two of these transactions cannot deadlock each other.
 */
export function ordersRepository({ db, dialect }: DatabaseHandle, wallets: WalletsRepository) {
  const selectOrders = (trx: Transaction<Database> | typeof db) =>
    trx
      .selectFrom('orders')
      .leftJoin('wallet_trades', 'wallet_trades.id', 'orders.fill_trade_id')
      .selectAll('orders')
      .select('wallet_trades.cash_cents as fill_cash_cents');

  const orderById = (trx: Transaction<Database> | typeof db, id: number) =>
    selectOrders(trx).where('orders.id', '=', id).executeTakeFirstOrThrow();

  /** A wallet's open orders (the per-wallet cap). */
  async function openCountOf(trx: Transaction<Database> | typeof db, walletId: number): Promise<number> {
    const { n } = await trx
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('wallet_id', '=', walletId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** Gives back what a claimed (no longer open) order held: cash to its wallet, shares to its holding. */
  async function release(
    trx: Transaction<Database>,
    order: Pick<OpenOrder, 'wallet_id' | 'side' | 'symbol' | 'quantity' | 'reserved_cents'>,
  ): Promise<void> {
    if (order.side === 'buy') {
      await trx
        .updateTable('wallets')
        .set((eb) => ({ reserved_cents: eb('reserved_cents', '-', order.reserved_cents) }))
        .where('id', '=', order.wallet_id)
        .execute();
      return;
    }
    if (dialect === 'postgres') {
      await trx.selectFrom('wallets').select('id').where('id', '=', order.wallet_id).forUpdate().execute();
    }
    await trx
      .updateTable('wallet_holdings')
      .set((eb) => ({ reserved_quantity: eb('reserved_quantity', '-', order.quantity) }))
      .where('wallet_id', '=', order.wallet_id)
      .where('symbol', '=', order.symbol)
      .execute();
  }

  /** Claims an open order for `status` and releases its reservation; undefined when it was not open. */
  async function closeWithin(
    trx: Transaction<Database>,
    where: { id: number; userId?: number },
    status: 'cancelled' | 'expired',
    now: string,
    reason: string | null,
  ): Promise<OpenOrder | undefined> {
    const claimed = await trx
      .updateTable('orders')
      .set({ status, updated_at: now, reason })
      .where('id', '=', where.id)
      .$if(where.userId !== undefined, (qb) => qb.where('user_id', '=', where.userId ?? 0))
      .where('status', '=', 'open')
      .returning(OPEN_ORDER_COLUMNS)
      .executeTakeFirst();
    if (claimed) await release(trx, claimed);
    return claimed;
  }

  return {
    /** The user's rows as the database holds them, for 'Export my data' (docs/api.md#export). */
    exportRows(userId: number): Promise<Selectable<OrdersTable>[]> {
      return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    /**
     * Stores an open order and its reservation in one transaction: the wallet row is locked, the
     * open orders counted against `maxOpen`, then cash (`cash − reserved ≥ R`) or shares
     * (`held − reserved ≥ quantity`) reserved by one conditional UPDATE each.
     */
    async place(order: NewOrder, maxOpen: number): Promise<PlaceResult> {
      return db.transaction().execute(async (trx): Promise<PlaceResult> => {
        // The user's row before the wallet's (db/user-lock.ts): the order's insert needs it.
        await shareUserKey(trx, dialect, order.user_id);
        const wallet = await trx
          .selectFrom('wallets')
          .select(['id', 'cash_cents', 'reserved_cents'])
          .where('id', '=', order.wallet_id)
          .where('user_id', '=', order.user_id)
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        if (!wallet) return { kind: 'missing' };
        const open = await openCountOf(trx, order.wallet_id);
        if (open >= maxOpen) return { kind: 'too-many', open };
        const reserve = order.reserved_cents ?? 0;
        if (order.side === 'buy') {
          const reserved = await trx
            .updateTable('wallets')
            .set((eb) => ({ reserved_cents: eb('reserved_cents', '+', reserve) }))
            .where('id', '=', order.wallet_id)
            .where((eb) => eb(eb('cash_cents', '-', eb.ref('reserved_cents')), '>=', reserve))
            .returning('id')
            .executeTakeFirst();
          if (!reserved) {
            return { kind: 'insufficient-cash', cashCents: wallet.cash_cents, reservedCents: wallet.reserved_cents };
          }
        } else {
          const reserved = await trx
            .updateTable('wallet_holdings')
            .set((eb) => ({ reserved_quantity: eb('reserved_quantity', '+', order.quantity) }))
            .where('wallet_id', '=', order.wallet_id)
            .where('symbol', '=', order.symbol)
            .where((eb) => eb(eb('quantity', '-', eb.ref('reserved_quantity')), '>=', order.quantity))
            .returning('id')
            .executeTakeFirst();
          if (!reserved) {
            const holding = await trx
              .selectFrom('wallet_holdings')
              .select(['quantity', 'reserved_quantity'])
              .where('wallet_id', '=', order.wallet_id)
              .where('symbol', '=', order.symbol)
              .executeTakeFirst();
            return {
              kind: 'insufficient-shares',
              held: holding?.quantity ?? 0,
              reserved: holding?.reserved_quantity ?? 0,
            };
          }
        }
        const { id } = await trx
          .insertInto('orders')
          .values({ ...order, status: 'open', updated_at: order.created_at })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { kind: 'placed', order: await orderById(trx, id) };
      });
    },

    /** Cancels the user's open order; `not-open` (with the order) once it filled or closed. */
    async cancel(userId: number, orderId: number, now: string): Promise<CloseResult> {
      return db.transaction().execute(async (trx): Promise<CloseResult> => {
        const claimed = await closeWithin(trx, { id: orderId, userId }, 'cancelled', now, null);
        const order = await selectOrders(trx)
          .where('orders.id', '=', orderId)
          .where('orders.user_id', '=', userId)
          .executeTakeFirst();
        if (!order) return { kind: 'missing' };
        return claimed ? { kind: 'closed', order } : { kind: 'not-open', order };
      });
    },

    /** Expires an open order (releasing its reservation); false when it was no longer open. */
    async expire(orderId: number, now: string, reason: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        return (await closeWithin(trx, { id: orderId }, 'expired', now, reason)) !== undefined;
      });
    },

    /** Open orders whose time is up at `now`, oldest first (the partial expiry index). */
    async dueForExpiry(now: string): Promise<{ id: number; time_in_force: 'day' | 'gtc' }[]> {
      return db
        .selectFrom('orders')
        .select(['id', 'time_in_force'])
        .where('status', '=', 'open')
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .execute();
    },

    /**
     * Open orders by symbol (the partial index on open orders), only those on exchanges that may
     * be open: listed in `openZones`, or in a zone outside `knownZones` (no calendar: the quote's
     * market state decides).
     */
    async openOrders(zones?: { openZones: readonly string[]; knownZones: readonly string[] }): Promise<OpenOrder[]> {
      return db
        .selectFrom('orders')
        .select(OPEN_ORDER_COLUMNS)
        .where('status', '=', 'open')
        .$if(zones !== undefined, (qb) =>
          qb.where((eb) => {
            const { openZones = [], knownZones = [] } = zones ?? {};
            const alternatives = [];
            if (openZones.length > 0) alternatives.push(eb('time_zone', 'in', openZones));
            alternatives.push(knownZones.length > 0 ? eb('time_zone', 'not in', knownZones) : eb.lit(true));
            return eb.or(alternatives);
          }),
        )
        .orderBy('symbol')
        .orderBy('id')
        .execute();
    },

    /**
     * The open trailing stops on `side` of the symbols in `prices` see those prices: a sale's
     * high-water mark rises to its symbol's price, a buy's low-water mark falls to it, never back
     * (several matchers may race). One statement for every symbol. Returns how many moved.
     */
    async moveWaterMarks(side: 'buy' | 'sell', prices: ReadonlyMap<string, number>): Promise<number> {
      if (prices.size === 0) return 0;
      const priceOf = sql<number>`case symbol ${sql.join(
        [...prices].map(([symbol, priceE4]) => sql`when ${symbol} then ${sql.lit(Math.trunc(priceE4))}`),
        sql` `,
      )} end`;
      const result = await db
        .updateTable('orders')
        .set({ water_mark_e4: priceOf })
        .where('status', '=', 'open')
        .where('symbol', 'in', [...prices.keys()])
        .where('type', '=', 'trailing_stop')
        .where('side', '=', side)
        .where('water_mark_e4', side === 'sell' ? '<' : '>', priceOf)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Stop-limit orders that reached their stop: limit orders from now on. One statement for all
     * of a run's; returns how many were still open and untriggered (another matcher may have been first).
     */
    async markTriggered(orderIds: readonly number[], now: string): Promise<number> {
      if (orderIds.length === 0) return 0;
      const result = await db
        .updateTable('orders')
        .set({ triggered_at: now, updated_at: now })
        .where('id', 'in', orderIds)
        .where('status', '=', 'open')
        .where('triggered_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Fills an open order at `priceE4` in ONE transaction: claim it (`status = 'open'` → 'filled',
     * and never outside its limit, whatever the caller computed), then the trade through the
     * wallets' buy/sell path, which releases the order's reservation in the statement that moves
     * the cash or shares. When the trade is refused (a stop buy that gapped beyond its reservation
     * and the free cash), the order is rejected with a reason and its reservation released instead.
     */
    async fill(order: OpenOrder, input: FillInput): Promise<FillResult> {
      return db.transaction().execute(async (trx): Promise<FillResult> => {
        // The lock order (db/user-lock.ts): the user's row, the order, then the wallet.
        await shareUserKey(trx, dialect, order.user_id);
        const claimed = await trx
          .updateTable('orders')
          .set((eb) => ({
            status: 'filled',
            filled_at: input.now,
            updated_at: input.now,
            fill_price_e4: input.priceE4,
            triggered_at: order.type === 'stop_limit' ? eb.fn.coalesce('triggered_at', eb.val(input.now)) : null,
          }))
          .where('id', '=', order.id)
          .where('status', '=', 'open')
          .where((eb) =>
            eb.or([
              eb('limit_price_e4', 'is', null),
              eb('limit_price_e4', order.side === 'buy' ? '>=' : '<=', input.priceE4),
            ]),
          )
          .returning('id')
          .executeTakeFirst();
        if (!claimed) return { kind: 'taken' };

        const trade = {
          userId: order.user_id,
          walletId: order.wallet_id,
          symbol: order.symbol,
          quantity: order.quantity,
          priceE4: input.priceE4,
          listing: input.listing,
          now: input.now,
          stocksValueCents: input.stocksValueCents,
        };
        const result =
          order.side === 'buy'
            ? await wallets.buyWithin(trx, {
                ...trade,
                costCents: buyCostCents(input.priceE4, order.quantity),
                releaseCents: order.reserved_cents,
              })
            : await wallets.sellWithin(trx, { ...trade, releaseQuantity: order.quantity });
        if (result.kind === 'done') {
          await trx.updateTable('orders').set({ fill_trade_id: result.trade.id }).where('id', '=', order.id).execute();
          return { kind: 'filled', trade: result.trade };
        }
        // The wallet went away with its orders (cascade): nothing to fill. Roll back the claim.
        if (result.kind === 'missing') throw new Error(`Order ${order.id}: its wallet is gone`);
        const reason = input.refusal(result);
        await trx
          .updateTable('orders')
          .set({ status: 'rejected', reason, filled_at: null, fill_price_e4: null })
          .where('id', '=', order.id)
          .execute();
        await release(trx, order);
        return { kind: 'rejected', reason };
      });
    },

    openCount: (walletId: number): Promise<number> => openCountOf(db, walletId),

    async find(userId: number, orderId: number): Promise<OrderRow | undefined> {
      return selectOrders(db).where('orders.id', '=', orderId).where('orders.user_id', '=', userId).executeTakeFirst();
    },

    /** A wallet's orders newest first: its open ones, its closed ones (at most `closedLimit`), or both. */
    async list(walletId: number, which: 'open' | 'closed' | 'all', closedLimit: number): Promise<OrderRow[]> {
      const open =
        which === 'closed'
          ? []
          : await selectOrders(db)
              .where('orders.wallet_id', '=', walletId)
              .where('orders.status', '=', 'open')
              .orderBy('orders.id', 'desc')
              .execute();
      const closed =
        which === 'open'
          ? []
          : await selectOrders(db)
              .where('orders.wallet_id', '=', walletId)
              .where('orders.status', 'in', CLOSED)
              .orderBy('orders.id', 'desc')
              .limit(closedLimit)
              .execute();
      return [...open, ...closed];
    },

    /** The symbols each wallet holds (to value its holdings in a fill's history snapshot). */
    async heldSymbols(walletIds: readonly number[]): Promise<string[]> {
      if (walletIds.length === 0) return [];
      const rows = await db
        .selectFrom('wallet_holdings')
        .select('symbol')
        .distinct()
        .where('wallet_id', 'in', walletIds)
        .execute();
      return rows.map((r) => r.symbol);
    },
  };
}
export type OrdersRepository = ReturnType<typeof ordersRepository>;
