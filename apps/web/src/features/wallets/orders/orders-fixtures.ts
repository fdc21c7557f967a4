import type { Order, OrderPreview, OrderRequest } from '@site/contract';

/** The ticket's request for a day limit buy of 10 AAPL at $180 in wallet 1: the order `order()` stands for. */
export const limitBuyRequest = {
  wallet_id: 1,
  symbol: 'AAPL',
  side: 'buy',
  type: 'limit',
  quantity: 10,
  limit_price: 180,
  time_in_force: 'day',
} as const satisfies OrderRequest;

/** An order as get_orders sends it; a limit buy of 10 AAPL at $180 holding $1,800 back unless told otherwise. */
export function order(id: number, overrides: Partial<Order> = {}): Order {
  return {
    order_id: id,
    ...limitBuyRequest,
    stop_price: null,
    trail_amount: null,
    trail_percent: null,
    water_mark: null,
    trigger_price: null,
    triggered: false,
    status: 'open',
    reserved_cash: 1800,
    reserved_cash_cents: 180_000,
    reserved_quantity: 0,
    created_at: '2025-01-06T15:00:00.000Z',
    updated_at: '2025-01-06T15:00:00.000Z',
    expires_at: '2025-01-06T21:00:00.000Z',
    filled_at: null,
    fill_price: null,
    fill_trade_id: null,
    fill_cash_amount: null,
    fill_cash_amount_cents: null,
    reason: null,
    ...overrides,
  };
}

export const ordersBody = (orders: Order[], reservedCents = 0, balanceCents = 10_000_000) => ({
  success: true,
  message: `${orders.length} orders`,
  wallet_id: 1,
  balance: balanceCents / 100,
  balance_cents: balanceCents,
  reserved_cash: reservedCents / 100,
  reserved_cash_cents: reservedCents,
  buying_power: (balanceCents - reservedCents) / 100,
  buying_power_cents: balanceCents - reservedCents,
  orders,
});

export function preview(overrides: Partial<OrderPreview> = {}): OrderPreview {
  return {
    symbol: 'AAPL',
    side: 'buy',
    type: 'limit',
    quantity: 10,
    time_in_force: 'day',
    current_price: 190.25,
    market_open: true,
    fills_now: false,
    trigger_price: null,
    estimated_price: 180,
    estimated_amount: 1800,
    estimated_amount_cents: 180_000,
    reserved_cash: 1800,
    reserved_cash_cents: 180_000,
    reserved_quantity: 0,
    balance: 100_000,
    balance_cents: 10_000_000,
    buying_power: 100_000,
    buying_power_cents: 10_000_000,
    buying_power_after: 98_200,
    buying_power_after_cents: 9_820_000,
    resulting_cash: 98_200,
    resulting_cash_cents: 9_820_000,
    available_quantity: 0,
    expires_at: '2025-01-06T21:00:00.000Z',
    can_place: true,
    problem: null,
    ...overrides,
  };
}
