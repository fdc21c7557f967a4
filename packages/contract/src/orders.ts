import { z } from 'zod';
import { claimedUserField, idSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { symbolSchema } from './finance.js';
import { routes } from './routes.js';
import { tradeQuantitySchema, walletSummarySchema } from './wallets.js';

/*
 * Paper-trading orders (docs/api.md#orders): limit, stop, stop-limit and trailing-stop orders on a
 * wallet, filled by the server's matcher when the market price crosses their trigger in market
 * hours. Open buy orders reserve cash and open sell orders reserve shares, so open orders can
 * never overdraw a wallet or sell shares twice. Prices are US dollars with at most 4 decimals, like
 * the trades'; every call needs a signed-in user and another user's wallet or order answers 404.
 */

// ---------------------------------------------------------------------------------------------
// Constants (docs/api.md#orders)
// ---------------------------------------------------------------------------------------------

export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_TYPES = ['limit', 'stop', 'stop_limit', 'trailing_stop'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const TIMES_IN_FORCE = ['day', 'gtc'] as const;
export type TimeInForce = (typeof TIMES_IN_FORCE)[number];
export const ORDER_STATUSES = ['open', 'filled', 'cancelled', 'expired', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A good-till-cancelled order expires this many days after it was placed. */
export const ORDER_GTC_DAYS = 90;
/** Open orders one wallet may have at once. */
export const OPEN_ORDERS_MAX = 100;
/** get_orders lists every open order and at most this many closed ones (newest first). */
export const CLOSED_ORDERS_LISTED = 100;
/**
 * A stop or trailing-stop buy fills at the market price once triggered, which may gap above its
 * stop: it reserves its trigger price (or the current price, if higher) plus this percentage.
 */
export const STOP_BUY_RESERVE_BUFFER_PERCENT = 5;
/** A trailing stop's trail in percent: from 0.01 to this. */
export const TRAIL_PERCENT_MAX = 50;
/** Prices (limits, stops, trail amounts) are below this many dollars, like any price (docs/api.md#money). */
export const ORDER_PRICE_MAX = 10_000_000;

// ---------------------------------------------------------------------------------------------
// Request fields
// ---------------------------------------------------------------------------------------------

/** A JSON number, or numeric text (form inputs give text); null is "not given". */
const numeric = (label: string) =>
  z.union(
    [
      z.number({ error: `${label} must be a number` }),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, `${label} must be a number`)
        .transform(Number),
    ],
    { error: `${label} must be a number` },
  );

/** Whether `n` has at most `decimals` decimals (as the decimal a person typed). */
const hasAtMostDecimals = (n: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.round(n * scale) / scale === n;
};

/** A price in dollars: more than 0, below ORDER_PRICE_MAX, at most 4 decimals. */
export const orderPriceSchema = (label: string) =>
  numeric(label)
    .pipe(
      z
        .number()
        .positive(`${label} must be more than 0`)
        .lt(ORDER_PRICE_MAX, `${label} must be below $${ORDER_PRICE_MAX.toLocaleString('en-US')}`)
        .refine((n) => hasAtMostDecimals(n, 4), `${label} may have at most 4 decimals`),
    )
    .nullish();

/** A trailing stop's trail in percent: 0.01 to TRAIL_PERCENT_MAX, at most 2 decimals. */
export const trailPercentSchema = numeric('Trail percent')
  .pipe(
    z
      .number()
      .min(0.01, 'Trail percent must be at least 0.01')
      .max(TRAIL_PERCENT_MAX, `Trail percent must be at most ${TRAIL_PERCENT_MAX}`)
      .refine((n) => hasAtMostDecimals(n, 2), 'Trail percent may have at most 2 decimals'),
  )
  .nullish();

/** Which price fields each type takes (docs/api.md#orders); the others must be absent. */
const NEEDS: Record<OrderType, readonly ('limit_price' | 'stop_price' | 'trail')[]> = {
  limit: ['limit_price'],
  stop: ['stop_price'],
  stop_limit: ['stop_price', 'limit_price'],
  trailing_stop: ['trail'],
};
const TYPE_NAMES: Record<OrderType, string> = {
  limit: 'a limit order',
  stop: 'a stop order',
  stop_limit: 'a stop-limit order',
  trailing_stop: 'a trailing stop',
};

/**
 * POST /api/finance/place_order and /api/finance/preview_order. `limit_price` for limit and
 * stop-limit orders, `stop_price` for stop and stop-limit orders, exactly one of `trail_amount`
 * (dollars) and `trail_percent` for trailing stops; a field the type does not use is refused.
 */
export const orderRequestSchema = z
  .object({
    user_id: claimedUserField,
    wallet_id: idSchema,
    symbol: symbolSchema,
    side: z.enum(ORDER_SIDES, { error: 'Side must be buy or sell' }),
    type: z.enum(ORDER_TYPES, { error: 'Type must be limit, stop, stop_limit or trailing_stop' }),
    quantity: tradeQuantitySchema,
    limit_price: orderPriceSchema('Limit price'),
    stop_price: orderPriceSchema('Stop price'),
    trail_amount: orderPriceSchema('Trail amount'),
    trail_percent: trailPercentSchema,
    time_in_force: z.enum(TIMES_IN_FORCE, { error: 'Time in force must be day or gtc' }).default('day'),
  })
  .superRefine((order, ctx) => {
    const needs = NEEDS[order.type];
    const what = TYPE_NAMES[order.type];
    for (const field of ['limit_price', 'stop_price'] as const) {
      const given = order[field] !== undefined && order[field] !== null;
      const label = field === 'limit_price' ? 'Limit price' : 'Stop price';
      if (needs.includes(field) && !given)
        ctx.addIssue({ code: 'custom', path: [field], message: `${label} is required for ${what}` });
      if (!needs.includes(field) && given)
        ctx.addIssue({ code: 'custom', path: [field], message: `${label} is not used by ${what}` });
    }
    const amount = order.trail_amount !== undefined && order.trail_amount !== null;
    const percent = order.trail_percent !== undefined && order.trail_percent !== null;
    if (needs.includes('trail')) {
      if (amount === percent) {
        ctx.addIssue({
          code: 'custom',
          path: ['trail_amount'],
          message: 'A trailing stop takes either a trail amount or a trail percent',
        });
      }
    } else {
      if (amount)
        ctx.addIssue({ code: 'custom', path: ['trail_amount'], message: `Trail amount is not used by ${what}` });
      if (percent)
        ctx.addIssue({ code: 'custom', path: ['trail_percent'], message: `Trail percent is not used by ${what}` });
    }
  });
export type OrderRequest = z.input<typeof orderRequestSchema>;
export type ParsedOrderRequest = z.output<typeof orderRequestSchema>;

/** GET /api/finance/get_orders?wallet_id=&status= — `open`, `closed` or `all` (the default). */
export const getOrdersQuerySchema = z.object({
  user_id: claimedUserField,
  wallet_id: idSchema,
  status: z.enum(['open', 'closed', 'all'], { error: 'Status must be open, closed or all' }).default('all'),
});
export type GetOrdersQuery = z.input<typeof getOrdersQuerySchema>;

/** POST /api/finance/cancel_order — an open order of yours; 409 once it is filled or closed. */
export const cancelOrderRequestSchema = z.object({ user_id: claimedUserField, order_id: idSchema });
export type CancelOrderRequest = z.input<typeof cancelOrderRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Response shapes
// ---------------------------------------------------------------------------------------------

const dollars = z.number();
const cents = z.number().int();

/** One order as it stands. Dollars with a `_cents` twin for cash; prices in dollars (≤ 4 decimals). */
export const orderSchema = z.object({
  order_id: z.number().int(),
  wallet_id: z.number().int(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  quantity: z.number().int(),
  limit_price: dollars.nullable(),
  stop_price: dollars.nullable(),
  trail_amount: dollars.nullable(),
  trail_percent: z.number().nullable(),
  /** Trailing stops: the highest (sell) or lowest (buy) price seen while open. */
  water_mark: dollars.nullable(),
  /** Stop, stop-limit and trailing stops: the price that triggers it now (null for a limit order). */
  trigger_price: dollars.nullable(),
  /** True once a stop-limit order's stop was reached (it is a limit order from then on). */
  triggered: z.boolean(),
  time_in_force: z.enum(TIMES_IN_FORCE),
  status: z.enum(ORDER_STATUSES),
  /** Cash an open buy holds back (0 for sells and once closed). */
  reserved_cash: dollars,
  reserved_cash_cents: cents,
  /** Shares an open sell holds back (0 for buys and once closed). */
  reserved_quantity: z.number().int(),
  /** ISO-8601 UTC. */
  created_at: z.string(),
  updated_at: z.string(),
  /** When an open order expires: a day order at its exchange's close, a GTC one after ORDER_GTC_DAYS. */
  expires_at: z.string(),
  filled_at: z.string().nullable(),
  fill_price: dollars.nullable(),
  /** The trade in the wallet's ledger (get_wallet_ledger) the fill made. */
  fill_trade_id: z.number().int().nullable(),
  /** Cash the fill moved (paid for a buy, received for a sale). */
  fill_cash_amount: dollars.nullable(),
  fill_cash_amount_cents: cents.nullable(),
  /** Why a rejected or expired order closed, for people. */
  reason: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** place_order: the order as placed (it may already be filled) and the wallet after the reservation. */
export const placeOrderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: orderSchema,
  wallet: walletSummarySchema,
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

/** preview_order: what placing the order would do now; nothing is stored. */
export const orderPreviewSchema = z.object({
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  quantity: z.number().int(),
  time_in_force: z.enum(TIMES_IN_FORCE),
  /** The server's price now, dollars. */
  current_price: dollars,
  /** Whether the listing's exchange is in its regular session now (orders fill only then). */
  market_open: z.boolean(),
  /** Whether the order would fill at once at the current price (only while the market is open). */
  fills_now: z.boolean(),
  /** The trigger price the order starts with (stops and trailing stops). */
  trigger_price: dollars.nullable(),
  /** The price the estimate uses: the current price if it fills now, else its limit or trigger. */
  estimated_price: dollars,
  /** Estimated cost of a buy or proceeds of a sale at that price. */
  estimated_amount: dollars,
  estimated_amount_cents: cents,
  reserved_cash: dollars,
  reserved_cash_cents: cents,
  reserved_quantity: z.number().int(),
  /** The wallet's cash now. */
  balance: dollars,
  balance_cents: cents,
  buying_power: dollars,
  buying_power_cents: cents,
  /** Buying power once the order is placed (its reservation taken). */
  buying_power_after: dollars,
  buying_power_after_cents: cents,
  /** Cash after a fill at the estimate. */
  resulting_cash: dollars,
  resulting_cash_cents: cents,
  /** Shares of the symbol free to sell now (held − reserved by open sells). */
  available_quantity: z.number().int(),
  expires_at: z.string(),
  /** False when placing it would be refused now (buying power, shares, open-order cap). */
  can_place: z.boolean(),
  /** Why it cannot be placed; null when it can. */
  problem: z.string().nullable(),
});
export type OrderPreview = z.infer<typeof orderPreviewSchema>;

export const previewOrderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  preview: orderPreviewSchema,
});
export type PreviewOrderResponse = z.infer<typeof previewOrderResponseSchema>;

/** get_orders: open orders first (newest first), then closed ones; with the wallet's buying power. */
export const getOrdersResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  wallet_id: z.number().int(),
  balance: dollars,
  balance_cents: cents,
  reserved_cash: dollars,
  reserved_cash_cents: cents,
  buying_power: dollars,
  buying_power_cents: cents,
  orders: z.array(orderSchema),
});
export type GetOrdersResponse = z.infer<typeof getOrdersResponseSchema>;

export const cancelOrderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: orderSchema,
});
export type CancelOrderResponse = z.infer<typeof cancelOrderResponseSchema>;

const orderErrors = [400, 401, 403, 404, 409, 413, 415, 502, 503] as const;
const tags = ['orders'];

/** docs/api.md#orders: the order calls, under /api/finance beside the wallet calls. */
export const ordersEndpoints = {
  place: endpoint(routes.orders.place, {
    tags,
    summary: 'Place a limit, stop, stop-limit or trailing-stop order (reserves cash or shares)',
    body: orderRequestSchema,
    response: placeOrderResponseSchema,
    errors: orderErrors,
  }),
  preview: endpoint(routes.orders.preview, {
    tags,
    summary: 'What an order would do now: estimated cost, reservation, buying power after; stores nothing',
    body: orderRequestSchema,
    response: previewOrderResponseSchema,
    errors: orderErrors,
  }),
  list: endpoint(routes.orders.list, {
    tags,
    summary: 'A wallet’s open orders and its most recent closed ones, newest first',
    query: getOrdersQuerySchema,
    response: getOrdersResponseSchema,
    errors: orderErrors,
  }),
  cancel: endpoint(routes.orders.cancel, {
    tags,
    summary: 'Cancel an open order and release its reservation (409 once filled or closed)',
    body: cancelOrderRequestSchema,
    response: cancelOrderResponseSchema,
    errors: orderErrors,
  }),
};
