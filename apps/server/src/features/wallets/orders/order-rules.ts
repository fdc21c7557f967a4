import { STOP_BUY_RESERVE_BUFFER_PERCENT } from '@site/contract';
import type { OrderSide, OrderType } from '../../../db/schema.js';
import { buyCostCents, saleProceedsCents, toSafeNumber } from '../money.js';

/*
 * When an order fills, and at what price (docs/api.md#orders), as pure functions of the order and
 * one observed market price. Modelled on Alpaca's order semantics:
 *
 * - limit: a buy fills when the price is at or below its limit, a sale at or above; at that price
 *   (the limit or better).
 * - stop: a buy triggers when the price is at or above its stop, a sale at or below; it then fills
 *   at that market price.
 * - stop-limit: triggers like a stop and is a limit order from then on (the trigger is remembered).
 * - trailing stop: a sale's stop trails the highest price seen (high-water mark) by an amount or a
 *   percentage, a buy's the lowest (low-water mark); it triggers like a stop and fills at market.
 *
 * The matcher sees one price per check, so "triggers, then fills at market" happens at the price
 * that triggered it. All prices are integer 1/10,000 dollar units.
 */

/** The part of an order its rules read. */
export interface OrderTerms {
  side: OrderSide;
  type: OrderType;
  limitE4: number | null;
  stopE4: number | null;
  trailAmountE4: number | null;
  /** Hundredths of a percent. */
  trailPercentE2: number | null;
  /** Trailing stops: the water mark so far. */
  waterMarkE4: number | null;
  /** Stop-limit: the stop was reached at an earlier check. */
  triggered: boolean;
}

export interface Decision {
  /** Fill now, at the observed price. */
  fill: boolean;
  /** Stop-limit: the stop is reached (now or before). */
  triggered: boolean;
  /** Trailing stops: the water mark including this price (else the order's, unchanged). */
  waterMarkE4: number | null;
  /** Stops and trailing stops: the price that triggers (trailing: from the new water mark). */
  stopE4: number | null;
}

const TEN_THOUSAND = 10_000n;

/**
 * A trailing stop's trigger price from its water mark: a sale's is below the high-water mark, a
 * buy's above the low-water mark. A percentage is rounded toward the mark (down for a sale's stop
 * from a fraction of a unit, up for a buy's), so the order never triggers earlier than its trail says.
 */
export function trailingStopE4(
  side: OrderSide,
  waterMarkE4: number,
  trail: { amountE4: number | null; percentE2: number | null },
): number {
  if (trail.amountE4 !== null) return side === 'sell' ? waterMarkE4 - trail.amountE4 : waterMarkE4 + trail.amountE4;
  const percent = BigInt(trail.percentE2 ?? 0);
  const mark = BigInt(waterMarkE4);
  if (side === 'sell') return toSafeNumber((mark * (TEN_THOUSAND - percent)) / TEN_THOUSAND);
  return toSafeNumber((mark * (TEN_THOUSAND + percent) + TEN_THOUSAND - 1n) / TEN_THOUSAND);
}

/** Whether `priceE4` satisfies a limit: at or below it for a buy, at or above for a sale. */
export const withinLimit = (side: OrderSide, limitE4: number, priceE4: number) =>
  side === 'buy' ? priceE4 <= limitE4 : priceE4 >= limitE4;

/** Whether `priceE4` reaches a stop: at or above it for a buy, at or below for a sale. */
export const reachesStop = (side: OrderSide, stopE4: number, priceE4: number) =>
  side === 'buy' ? priceE4 >= stopE4 : priceE4 <= stopE4;

/** What an open order does at one observed price. */
export function decide(order: OrderTerms, priceE4: number): Decision {
  const { side } = order;
  switch (order.type) {
    case 'limit': {
      const limit = required(order.limitE4, 'limit');
      return { fill: withinLimit(side, limit, priceE4), triggered: false, waterMarkE4: null, stopE4: null };
    }
    case 'stop': {
      const stop = required(order.stopE4, 'stop');
      return { fill: reachesStop(side, stop, priceE4), triggered: false, waterMarkE4: null, stopE4: stop };
    }
    case 'stop_limit': {
      const stop = required(order.stopE4, 'stop');
      const limit = required(order.limitE4, 'limit');
      const triggered = order.triggered || reachesStop(side, stop, priceE4);
      return { fill: triggered && withinLimit(side, limit, priceE4), triggered, waterMarkE4: null, stopE4: stop };
    }
    case 'trailing_stop': {
      const previous = order.waterMarkE4 ?? priceE4;
      const waterMarkE4 = side === 'sell' ? Math.max(previous, priceE4) : Math.min(previous, priceE4);
      const stopE4 = trailingStopE4(side, waterMarkE4, {
        amountE4: order.trailAmountE4,
        percentE2: order.trailPercentE2,
      });
      return { fill: reachesStop(side, stopE4, priceE4), triggered: false, waterMarkE4, stopE4 };
    }
  }
}

function required(value: number | null, what: string): number {
  if (value === null) throw new Error(`The order has no ${what} price`);
  return value;
}

/** x plus STOP_BUY_RESERVE_BUFFER_PERCENT, rounded up. */
const withBuffer = (priceE4: number) =>
  toSafeNumber((BigInt(priceE4) * BigInt(100 + STOP_BUY_RESERVE_BUFFER_PERCENT) + 99n) / 100n);

/** The trigger price an order starts with at the current price (null for a limit order). */
export function initialStopE4(order: OrderTerms, priceE4: number): number | null {
  return decide({ ...order, waterMarkE4: order.type === 'trailing_stop' ? priceE4 : order.waterMarkE4 }, priceE4)
    .stopE4;
}

/**
 * Cash a buy order reserves while open (docs/api.md#orders): a limit or stop-limit buy its limit ×
 * quantity, which no fill can exceed; a stop or trailing-stop buy fills at whatever the market is
 * when triggered, so it reserves its trigger price — or the current price when that is higher — plus
 * STOP_BUY_RESERVE_BUFFER_PERCENT; a fill that costs more than the reservation and the wallet's
 * free cash together is rejected.
 */
export function buyReserveCents(order: OrderTerms, priceE4: number, quantity: number): number {
  if (order.side !== 'buy') return 0;
  if (order.type === 'limit' || order.type === 'stop_limit') {
    return buyCostCents(required(order.limitE4, 'limit'), quantity);
  }
  const stop = required(initialStopE4(order, priceE4), 'stop');
  return buyCostCents(withBuffer(Math.max(stop, priceE4)), quantity);
}

/**
 * The price a preview estimates with: the current price when the order would fill now, else the
 * worst price it may fill at that is known — its limit (limit, stop-limit) or trigger (stop,
 * trailing stop, which fill at market once there).
 */
export function estimatedPriceE4(order: OrderTerms, priceE4: number, fillsNow: boolean): number {
  if (fillsNow) return priceE4;
  if (order.type === 'limit' || order.type === 'stop_limit') return required(order.limitE4, 'limit');
  return Math.max(1, required(initialStopE4(order, priceE4), 'stop'));
}

/** Cash a fill at `priceE4` moves: a buy's cost (rounded up), a sale's proceeds (rounded down). */
export const fillAmountCents = (side: OrderSide, priceE4: number, quantity: number) =>
  side === 'buy' ? buyCostCents(priceE4, quantity) : saleProceedsCents(priceE4, quantity);
