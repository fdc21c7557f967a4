import type { OrderRequest, OrderSide, OrderType, TimeInForce } from '@site/contract';
import { zodLoaded } from '../../../lib/contract-schemas';
import { onDemand } from '../../../lib/on-demand';

/** The contract's request schema, loaded with the first focus in the ticket (lib/on-demand.ts). */
// zod in a task of its own first, as for the response schemas (lib/contract-schemas.ts).
export const orderRules = onDemand(() => zodLoaded().then(() => import('./order-rules')));
export type OrderRules = Awaited<ReturnType<typeof orderRules.load>>;

/** The ticket's fields as typed (NumberInput gives numbers or, while typing, text). */
export interface TicketValues {
  symbol: string;
  side: OrderSide;
  type: OrderType;
  trailUnit: 'amount' | 'percent';
  quantity: string | number;
  limitPrice: string | number;
  stopPrice: string | number;
  trail: string | number;
  timeInForce: TimeInForce;
}

export const EMPTY_TICKET: TicketValues = {
  symbol: '',
  side: 'buy',
  type: 'limit',
  trailUnit: 'percent',
  quantity: '',
  limitPrice: '',
  stopPrice: '',
  trail: '',
  timeInForce: 'day',
};

export type TicketField =
  | 'symbol'
  | 'quantity'
  | 'limit_price'
  | 'stop_price'
  | 'trail_amount'
  | 'trail_percent'
  | 'side'
  | 'type'
  | 'time_in_force';
export type TicketErrors = Partial<Record<TicketField, string>>;

const given = (value: string | number) => (typeof value === 'string' ? value.trim() || undefined : value);

/** Which price fields a type shows (docs/api.md#orders): the others are not sent at all. */
export const usesLimit = (type: OrderType) => type === 'limit' || type === 'stop_limit';
export const usesStop = (type: OrderType) => type === 'stop' || type === 'stop_limit';

/** The body of place_order / preview_order from the ticket: only the type's own price fields. */
export function toOrderRequest(walletId: number, values: TicketValues): OrderRequest {
  const trailing = values.type === 'trailing_stop';
  return {
    wallet_id: walletId,
    symbol: values.symbol.trim(),
    side: values.side,
    type: values.type,
    quantity: given(values.quantity) ?? '',
    limit_price: usesLimit(values.type) ? given(values.limitPrice) : undefined,
    stop_price: usesStop(values.type) ? given(values.stopPrice) : undefined,
    trail_amount: trailing && values.trailUnit === 'amount' ? given(values.trail) : undefined,
    trail_percent: trailing && values.trailUnit === 'percent' ? given(values.trail) : undefined,
    time_in_force: values.timeInForce,
  };
}

/**
 * The contract's own validation of the request (the server runs the same schema), as one message
 * per field: the first issue each field has.
 */
export function validateOrder(request: OrderRequest, { orderRequestSchema }: OrderRules): TicketErrors {
  const parsed = orderRequestSchema.safeParse(request);
  if (parsed.success) return {};
  const errors: TicketErrors = request.quantity === '' ? { quantity: 'Quantity is required' } : {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as TicketField | undefined;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** Before Place order is pressed, only the fields already typed in show their problems. */
export function visibleErrors(errors: TicketErrors, request: OrderRequest, all: boolean): TicketErrors {
  if (all) return errors;
  const shown: TicketErrors = {};
  for (const [field, message] of Object.entries(errors) as [TicketField, string][]) {
    const value = request[field as keyof OrderRequest];
    if (value !== undefined && value !== '' && value !== null) shown[field] = message;
  }
  return shown;
}
