import {
  type CancelOrderResponse,
  CLOSED_ORDERS_LISTED,
  type GetOrdersResponse,
  OPEN_ORDERS_MAX,
  ORDER_GTC_DAYS,
  type Order,
  type OrderPreview,
  type ParsedOrderRequest,
  type PlaceOrderResponse,
  type PreviewOrderResponse,
} from '@site/contract';
import { badRequest, conflict, type HttpError, notFound } from '../../../core/http-errors.js';
import { isoNow } from '../../../core/time.js';
import { calendarOfTimeZone, DAY_MS, nextSessionClose } from '../../../integrations/market-data/calendar.js';
import type { MarketDataProvider } from '../../../integrations/market-data/types.js';
import { centsToDollars, e4ToDollars, formatCents, formatPriceE4, plural, priceToE4 } from '../money.js';
import { dollarPrices, noPrice } from '../pricing.js';
import { walletSummary } from '../valuation.js';
import type { WalletsRepository } from '../wallets.repository.js';
import { insufficientShares } from '../wallets.service.js';
import { marketOpen, type OrderMatcher } from './order-matcher.js';
import {
  buyReserveCents,
  decide,
  estimatedPriceE4,
  fillAmountCents,
  initialStopE4,
  type OrderTerms,
  trailingStopE4,
} from './order-rules.js';
import type { NewOrder, OrderRow, OrdersRepository, PlaceResult } from './orders.repository.js';

const WALLET_NOT_FOUND = 'Wallet not found';
const ORDER_NOT_FOUND = 'Order not found';
/** Listings whose quote names no exchange zone are taken to trade in New York hours. */
const DEFAULT_ZONE = 'America/New_York';

const TYPE_LABELS = { limit: 'Limit', stop: 'Stop', stop_limit: 'Stop-limit', trailing_stop: 'Trailing-stop' } as const;
const nullableDollars = (e4: number | null) => (e4 === null ? null : e4ToDollars(e4));

/** The order's own terms in a sentence: "Limit order to buy 10 shares of AAPL at $150.00". */
function describe(order: {
  type: OrderRow['type'];
  side: OrderRow['side'];
  quantity: number;
  symbol: string;
  limit_price_e4: number | null;
  stop_price_e4: number | null;
  trail_amount_e4: number | null;
  trail_percent_e2: number | null;
}): string {
  const price = (e4: number | null) => formatPriceE4(e4 ?? 0);
  const head = `${TYPE_LABELS[order.type]} order to ${order.side} ${plural(order.quantity, 'share')} of ${order.symbol}`;
  switch (order.type) {
    case 'limit':
      return `${head} at ${price(order.limit_price_e4)}`;
    case 'stop':
      return `${head} with a stop at ${price(order.stop_price_e4)}`;
    case 'stop_limit':
      return `${head} with a stop at ${price(order.stop_price_e4)} and a limit of ${price(order.limit_price_e4)}`;
    case 'trailing_stop':
      return order.trail_amount_e4 !== null
        ? `${head} trailing by ${price(order.trail_amount_e4)}`
        : `${head} trailing by ${(order.trail_percent_e2 ?? 0) / 100}%`;
  }
}

/** An order as the API answers it (docs/api.md#orders). */
export function toOrder(row: OrderRow): Order {
  const open = row.status === 'open';
  const reservedCents = open && row.side === 'buy' ? row.reserved_cents : 0;
  let trigger: number | null = null;
  if (row.type === 'stop' || row.type === 'stop_limit') trigger = row.stop_price_e4;
  if (row.type === 'trailing_stop' && row.water_mark_e4 !== null) {
    trigger = trailingStopE4(row.side, row.water_mark_e4, {
      amountE4: row.trail_amount_e4,
      percentE2: row.trail_percent_e2,
    });
  }
  return {
    order_id: row.id,
    wallet_id: row.wallet_id,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    quantity: row.quantity,
    limit_price: nullableDollars(row.limit_price_e4),
    stop_price: nullableDollars(row.stop_price_e4),
    trail_amount: nullableDollars(row.trail_amount_e4),
    trail_percent: row.trail_percent_e2 === null ? null : row.trail_percent_e2 / 100,
    water_mark: nullableDollars(row.water_mark_e4),
    trigger_price: trigger === null ? null : e4ToDollars(Math.max(0, trigger)),
    triggered: row.triggered_at !== null,
    time_in_force: row.time_in_force,
    status: row.status,
    reserved_cash: centsToDollars(reservedCents),
    reserved_cash_cents: reservedCents,
    reserved_quantity: open && row.side === 'sell' ? row.quantity : 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
    expires_at: row.expires_at,
    filled_at: row.filled_at,
    fill_price: nullableDollars(row.fill_price_e4),
    fill_trade_id: row.fill_trade_id,
    fill_cash_amount: row.fill_cash_cents === null ? null : centsToDollars(row.fill_cash_cents),
    fill_cash_amount_cents: row.fill_cash_cents,
    reason: row.reason,
  };
}

/** When an order placed at `now` expires: a day order at its exchange's next close, GTC after ORDER_GTC_DAYS. */
export function expiresAt(timeInForce: 'day' | 'gtc', timeZone: string, now: number): string {
  if (timeInForce === 'gtc') return isoNow(now + ORDER_GTC_DAYS * DAY_MS);
  return isoNow(nextSessionClose(calendarOfTimeZone(timeZone), now));
}

export interface OrdersServiceOptions {
  orders: OrdersRepository;
  wallets: WalletsRepository;
  market: MarketDataProvider;
  matcher: OrderMatcher;
  clock: () => number;
}

/**
 * docs/api.md#orders: placing, previewing, listing and cancelling orders. The owner comes from the
 * session; a wallet or order that is not theirs is not found. Prices come from the app's one
 * market-data provider in one batched call per request, never inside a transaction.
 */
export function ordersService({ orders, wallets, market, matcher, clock }: OrdersServiceOptions) {
  /** The wallet, the order's terms in price units, and the prices of its symbol and the wallet's holdings. */
  async function prepare(userId: number, request: ParsedOrderRequest) {
    const wallet = await wallets.findWithHoldings(userId, request.wallet_id);
    if (!wallet) throw notFound(WALLET_NOT_FOUND);
    const prices = await dollarPrices(market, [request.symbol, ...wallet.holdings.map((h) => h.symbol)], true);
    const priceE4 = prices.get(request.symbol);
    const quote = prices.quotes.get(request.symbol);
    if (priceE4 === undefined || quote === undefined) throw noPrice(prices, request.symbol);
    const e4 = (dollars: number | null | undefined) => (dollars == null ? null : (priceToE4(dollars) ?? null));
    const terms: OrderTerms = {
      side: request.side,
      type: request.type,
      limitE4: e4(request.limit_price),
      stopE4: e4(request.stop_price),
      trailAmountE4: e4(request.trail_amount),
      trailPercentE2: request.trail_percent == null ? null : Math.round(request.trail_percent * 100),
      waterMarkE4: request.type === 'trailing_stop' ? priceE4 : null,
      triggered: false,
    };
    const now = clock();
    const timeZone = quote.exchangeTimezoneName || DEFAULT_ZONE;
    const reserveCents = buyReserveCents(terms, priceE4, request.quantity);
    const holding = wallet.holdings.find((h) => h.symbol === request.symbol);
    return {
      wallet,
      prices,
      priceE4,
      terms,
      now,
      timeZone,
      reserveCents,
      open: marketOpen(quote, now),
      held: holding?.quantity ?? 0,
      heldReserved: holding?.reserved_quantity ?? 0,
    };
  }

  type Prepared = Awaited<ReturnType<typeof prepare>>;

  function insufficientBuyingPower(reserve: number, cashCents: number, reservedCents: number): HttpError {
    return badRequest(
      `Insufficient buying power: this order reserves ${formatCents(reserve)}, but the wallet's buying power is ` +
        `${formatCents(cashCents - reservedCents)} (${formatCents(cashCents)} cash, ${formatCents(reservedCents)} ` +
        'reserved by open buy orders).',
    );
  }
  const tooMany = () =>
    badRequest(`A wallet can have at most ${OPEN_ORDERS_MAX} open orders; cancel one or wait for one to fill`);

  /** Why placing would be refused now, or undefined (preview; placement checks again in SQL). */
  async function problemOf(request: ParsedOrderRequest, p: Prepared): Promise<HttpError | undefined> {
    if ((await orders.openCount(request.wallet_id)) >= OPEN_ORDERS_MAX) return tooMany();
    if (request.side === 'buy' && p.wallet.cash_cents - p.wallet.reserved_cents < p.reserveCents) {
      return insufficientBuyingPower(p.reserveCents, p.wallet.cash_cents, p.wallet.reserved_cents);
    }
    if (request.side === 'sell' && p.held - p.heldReserved < request.quantity) {
      return insufficientShares(request.symbol, p.held, p.heldReserved, request.quantity);
    }
    return undefined;
  }

  function refusal(result: Exclude<PlaceResult, { kind: 'placed' }>, request: ParsedOrderRequest, reserve: number) {
    switch (result.kind) {
      case 'missing':
        return notFound(WALLET_NOT_FOUND);
      case 'too-many':
        return tooMany();
      case 'insufficient-cash':
        return insufficientBuyingPower(reserve, result.cashCents, result.reservedCents);
      case 'insufficient-shares':
        return insufficientShares(request.symbol, result.held, result.reserved, request.quantity);
    }
  }

  return {
    async preview(userId: number, request: ParsedOrderRequest): Promise<PreviewOrderResponse> {
      const p = await prepare(userId, request);
      const fillsNow = p.open && decide(p.terms, p.priceE4).fill;
      const estimateE4 = estimatedPriceE4(p.terms, p.priceE4, fillsNow);
      const amount = fillAmountCents(request.side, estimateE4, request.quantity);
      const buyingPower = p.wallet.cash_cents - p.wallet.reserved_cents;
      const resultingCash = request.side === 'buy' ? p.wallet.cash_cents - amount : p.wallet.cash_cents + amount;
      const problem = await problemOf(request, p);
      const stop = initialStopE4(p.terms, p.priceE4);
      const preview: OrderPreview = {
        symbol: request.symbol,
        side: request.side,
        type: request.type,
        quantity: request.quantity,
        time_in_force: request.time_in_force,
        current_price: e4ToDollars(p.priceE4),
        market_open: p.open,
        fills_now: fillsNow,
        trigger_price: stop === null ? null : e4ToDollars(Math.max(0, stop)),
        estimated_price: e4ToDollars(estimateE4),
        estimated_amount: centsToDollars(amount),
        estimated_amount_cents: amount,
        reserved_cash: centsToDollars(p.reserveCents),
        reserved_cash_cents: p.reserveCents,
        reserved_quantity: request.side === 'sell' ? request.quantity : 0,
        balance: centsToDollars(p.wallet.cash_cents),
        balance_cents: p.wallet.cash_cents,
        buying_power: centsToDollars(buyingPower),
        buying_power_cents: buyingPower,
        buying_power_after: centsToDollars(buyingPower - p.reserveCents),
        buying_power_after_cents: buyingPower - p.reserveCents,
        resulting_cash: centsToDollars(resultingCash),
        resulting_cash_cents: resultingCash,
        available_quantity: p.held - p.heldReserved,
        expires_at: expiresAt(request.time_in_force, p.timeZone, p.now),
        can_place: problem === undefined,
        problem: problem?.message ?? null,
      };
      const verb = request.side === 'buy' ? 'cost' : 'bring';
      return {
        success: true,
        message: `${describe(orderFields(request, p))} would ${verb} about ${formatCents(amount)}${fillsNow ? ' and fill now' : ''}`,
        preview,
      };
    },

    async place(userId: number, request: ParsedOrderRequest): Promise<PlaceOrderResponse> {
      const p = await prepare(userId, request);
      const nowIso = isoNow(p.now);
      const row: NewOrder = {
        ...orderFields(request, p),
        user_id: userId,
        wallet_id: request.wallet_id,
        water_mark_e4: p.terms.waterMarkE4,
        triggered_at: null,
        time_in_force: request.time_in_force,
        expires_at: expiresAt(request.time_in_force, p.timeZone, p.now),
        time_zone: p.timeZone,
        reserved_cents: p.reserveCents,
        created_at: nowIso,
      };
      const result = await orders.place(row, OPEN_ORDERS_MAX);
      if (result.kind !== 'placed') throw refusal(result, request, p.reserveCents);
      // Marketable now: it fills now, through the matcher's own claim (docs/api.md#orders).
      if (p.open) await matcher.matchPlaced(result.order, p.prices);
      const order = (await orders.find(userId, result.order.id)) ?? result.order;
      const wallet = await wallets.findWithHoldings(userId, request.wallet_id);
      if (!wallet) throw notFound(WALLET_NOT_FOUND);
      const what = describe(order);
      let message: string;
      if (order.status === 'filled') {
        message = `${what} filled at ${formatPriceE4(order.fill_price_e4 ?? 0)} for ${formatCents(order.fill_cash_cents ?? 0)}`;
      } else if (order.status === 'rejected') {
        message = `${what} was rejected: ${order.reason ?? ''}`;
      } else {
        const held =
          order.side === 'buy'
            ? `${formatCents(order.reserved_cents)} reserved`
            : `${plural(order.quantity, 'share')} reserved`;
        const tif = order.time_in_force === 'day' ? 'for the day' : `good till cancelled, up to ${ORDER_GTC_DAYS} days`;
        message = `${what} placed (${tif}; ${held})${p.open ? '' : '; it can fill once the market opens'}`;
      }
      return {
        success: true,
        message,
        order: toOrder(order),
        wallet: walletSummary(wallet, wallet.holdings, p.prices),
      };
    },

    async list(userId: number, walletId: number, which: 'open' | 'closed' | 'all'): Promise<GetOrdersResponse> {
      const wallet = await wallets.find(userId, walletId);
      if (!wallet) throw notFound(WALLET_NOT_FOUND);
      const rows = await orders.list(walletId, which, CLOSED_ORDERS_LISTED);
      const open = rows.filter((row) => row.status === 'open').length;
      const buyingPower = wallet.cash_cents - wallet.reserved_cents;
      return {
        success: true,
        message:
          rows.length === 0
            ? 'No orders yet'
            : `${plural(open, 'open order')}, ${plural(rows.length - open, 'closed order')} listed`,
        wallet_id: walletId,
        balance: centsToDollars(wallet.cash_cents),
        balance_cents: wallet.cash_cents,
        reserved_cash: centsToDollars(wallet.reserved_cents),
        reserved_cash_cents: wallet.reserved_cents,
        buying_power: centsToDollars(buyingPower),
        buying_power_cents: buyingPower,
        orders: rows.map(toOrder),
      };
    },

    async cancel(userId: number, orderId: number): Promise<CancelOrderResponse> {
      const result = await orders.cancel(userId, orderId, isoNow(clock()));
      if (result.kind === 'missing') throw notFound(ORDER_NOT_FOUND);
      if (result.kind === 'not-open')
        throw conflict(`This order is already ${result.order.status}; only an open order can be cancelled`);
      const { order } = result;
      const released =
        order.side === 'buy' ? formatCents(order.reserved_cents) : plural(order.quantity, `${order.symbol} share`);
      return { success: true, message: `${describe(order)} cancelled; ${released} released`, order: toOrder(order) };
    },
  };
}

/** The stored terms of a requested order (prices in units of 1/10,000 dollar). */
function orderFields(request: ParsedOrderRequest, p: { terms: OrderTerms }) {
  return {
    symbol: request.symbol,
    side: request.side,
    type: request.type,
    quantity: request.quantity,
    limit_price_e4: p.terms.limitE4,
    stop_price_e4: p.terms.stopE4,
    trail_amount_e4: p.terms.trailAmountE4,
    trail_percent_e2: p.terms.trailPercentE2,
  };
}
export type OrdersService = ReturnType<typeof ordersService>;
