import type { Order, OrderStatus, OrderType } from '@site/contract';
import { NO_VALUE } from '../../../lib/format';
import { madeOnce } from '../../../lib/made-once';

/** The order types as the ticket names them (docs/product.md#wallet-page-appsfinancewallet). */
export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  limit: 'Limit',
  stop: 'Stop',
  stop_limit: 'Stop limit',
  trailing_stop: 'Trailing stop',
};

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  open: 'blue',
  filled: 'teal',
  cancelled: 'gray',
  expired: 'yellow',
  rejected: 'red',
};

const price = madeOnce(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    }),
);

/** An order price in dollars with up to its 4 decimals: `$187.1234`, `$90.50`. */
export function formatOrderPrice(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? price().format(value) : NO_VALUE;
}

/** "Limit", "Trailing stop 2.5%", "Trailing stop $3.00". */
export function orderTypeLabel(order: Pick<Order, 'type' | 'trail_percent' | 'trail_amount'>): string {
  const label = ORDER_TYPE_LABELS[order.type];
  if (order.type !== 'trailing_stop') return label;
  return order.trail_percent !== null
    ? `${label} ${order.trail_percent}%`
    : `${label} ${formatOrderPrice(order.trail_amount)}`;
}

/** The prices the order was given: "Limit $180.00", "Stop $175.00 · Limit $174.50", "Trail 2.5%". */
export function orderPrices(
  order: Pick<Order, 'limit_price' | 'stop_price' | 'trail_amount' | 'trail_percent'>,
): string {
  const parts: string[] = [];
  if (order.stop_price !== null) parts.push(`Stop ${formatOrderPrice(order.stop_price)}`);
  if (order.limit_price !== null) parts.push(`Limit ${formatOrderPrice(order.limit_price)}`);
  if (order.trail_percent !== null) parts.push(`Trail ${order.trail_percent}%`);
  else if (order.trail_amount !== null) parts.push(`Trail ${formatOrderPrice(order.trail_amount)}`);
  return parts.length ? parts.join(' · ') : NO_VALUE;
}

export const timeInForceLabel = (tif: 'day' | 'gtc') => (tif === 'gtc' ? 'Good till cancelled' : 'Day');
