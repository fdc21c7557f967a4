import { ORDER_GTC_DAYS, type StockQuote } from '@site/contract';
import { isoNow } from '../../../core/time.js';
import {
  calendarOfTimeZone,
  isRegularSession,
  KNOWN_EXCHANGE_ZONES,
} from '../../../integrations/market-data/calendar.js';
import type { MarketDataProvider } from '../../../integrations/market-data/types.js';
import { formatCents, formatPriceE4, plural } from '../money.js';
import { dollarPrices, type Prices } from '../pricing.js';
import { type PriceMap, stocksValueCents } from '../valuation.js';
import { decide, fillAmountCents, type OrderTerms } from './order-rules.js';
import type { OpenOrder, OrdersRepository } from './orders.repository.js';

/** What one run of the matcher did. */
export interface MatchReport {
  /** Open orders checked against a price in market hours. */
  checked: number;
  filled: number;
  rejected: number;
  expired: number;
  /** Stop-limit orders that reached their stop without filling yet. */
  triggered: number;
  /** Trailing stops whose water mark moved. */
  waterMarks: number;
  /** Open orders on exchanges that are closed now, or without a price. */
  waiting: number;
  /** Fills that failed (the order stays open and is tried again next run). */
  failed: number;
}

export const termsOf = (order: OpenOrder): OrderTerms => ({
  side: order.side,
  type: order.type,
  limitE4: order.limit_price_e4,
  stopE4: order.stop_price_e4,
  trailAmountE4: order.trail_amount_e4,
  trailPercentE2: order.trail_percent_e2,
  waterMarkE4: order.water_mark_e4,
  triggered: order.triggered_at !== null,
});

/**
 * Whether a listing trades now: its quote says the regular session is on and, for an exchange
 * whose calendar we know, the calendar agrees (a lunch break is not trading; docs/api.md#orders).
 */
export function marketOpen(quote: StockQuote | undefined, now: number): boolean {
  if (quote?.marketState !== 'REGULAR') return false;
  const zone = quote.exchangeTimezoneName;
  if (!zone || !KNOWN_EXCHANGE_ZONES.includes(zone)) return true;
  return isRegularSession(calendarOfTimeZone(zone), now);
}

/** Why a fill was refused, for the rejected order's `reason`. */
function refusalReason(order: OpenOrder, priceE4: number) {
  return (result: { kind: string; cashCents?: number; reservedCents?: number }): string => {
    const what = `${plural(order.quantity, 'share')} of ${order.symbol} at ${formatPriceE4(priceE4)}`;
    if (result.kind === 'insufficient-cash') {
      const free = (result.cashCents ?? 0) - (result.reservedCents ?? 0);
      return (
        `Not enough cash when the order triggered: ${what} cost ${formatCents(fillAmountCents('buy', priceE4, order.quantity))}, ` +
        `but the wallet had ${formatCents(Math.max(0, free))} not reserved by its other orders`
      );
    }
    if (result.kind === 'below-a-cent') return `The sale of ${what} was worth less than a cent`;
    return `The shares for the sale of ${what} were no longer in the wallet`;
  };
}

export interface OrderMatcherOptions {
  orders: OrdersRepository;
  market: MarketDataProvider;
  /** Epoch ms; tests pin it with the demo market's. */
  clock: () => number;
  /** Told of each fill (metrics). */
  onFill?: (side: 'buy' | 'sell') => void;
  /** Told of a fill that failed (a database error): the run goes on with the other orders. */
  onError?: (error: unknown, orderId: number) => void;
  /**
   * Wallets whose fills run at once (PostgreSQL: a pool of connections; SQLite has one writer,
   * so 1). A wallet's own fills always run one after another, oldest order first.
   */
  fillConcurrency?: number;
}

/**
 * The order matcher (docs/api.md#orders). `matchOnce()` expires the orders whose time is up, then
 * checks every open order on an exchange in its regular session against the current price — one
 * batched quote call for all their symbols (the provider's cache keeps live polling within its
 * limits) — and fills those the rules fill, each in its own transaction that first claims the
 * order (`status = 'open'` → 'filled'), so any number of matchers on one database fill each order
 * exactly once. It keeps no state between runs: after a restart the next run simply works from the
 * current prices (crossings while no matcher ran are not reconstructed).
 */
export function orderMatcher({ orders, market, clock, onFill, onError, fillConcurrency = 1 }: OrderMatcherOptions) {
  async function expireDue(nowIso: string): Promise<number> {
    let expired = 0;
    for (const due of await orders.dueForExpiry(nowIso)) {
      const reason =
        due.time_in_force === 'day'
          ? 'Day order: expired at the close of its trading day'
          : `Good-till-cancelled order: expired after ${ORDER_GTC_DAYS} days`;
      if (await orders.expire(due.id, nowIso, reason)) expired++;
    }
    return expired;
  }

  /**
   * Fills `due` at their prices, one transaction each: a wallet's oldest order first, up to
   * `fillConcurrency` wallets at a time. A fill's history snapshot values all of its wallet's
   * holdings, so the symbols they hold that `prices` lacks are priced in one more batched call.
   */
  async function fillAll(due: { order: OpenOrder; priceE4: number }[], prices: Prices, nowIso: string) {
    let filled = 0;
    let rejected = 0;
    let failed = 0;
    if (due.length === 0) return { filled, rejected, failed };
    const byWallet = new Map<number, { order: OpenOrder; priceE4: number }[]>();
    for (const item of [...due].sort((a, b) => a.order.id - b.order.id)) {
      const list = byWallet.get(item.order.wallet_id) ?? [];
      list.push(item);
      byWallet.set(item.order.wallet_id, list);
    }
    const held = await orders.heldSymbols([...byWallet.keys()]);
    const missing = held.filter((symbol) => !prices.has(symbol));
    const valuation: PriceMap = missing.length
      ? new Map([...prices, ...(await dollarPrices(market, missing))])
      : prices;
    const queue = [...byWallet.values()];
    const worker = async () => {
      for (let group = queue.shift(); group; group = queue.shift()) {
        for (const { order, priceE4 } of group) {
          const listing = prices.listings.get(order.symbol);
          if (!listing) continue;
          let result: Awaited<ReturnType<OrdersRepository['fill']>>;
          try {
            result = await orders.fill(order, {
              priceE4,
              listing,
              now: nowIso,
              stocksValueCents: (holdings) => stocksValueCents(holdings, valuation),
              refusal: refusalReason(order, priceE4),
            });
          } catch (error) {
            // Rolled back whole: the order is still open, with its reservation, for the next run.
            failed++;
            onError?.(error, order.id);
            continue;
          }
          if (result.kind === 'filled') {
            filled++;
            onFill?.(order.side);
          } else if (result.kind === 'rejected') {
            rejected++;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(fillConcurrency, queue.length)) }, worker));
    return { filled, rejected, failed };
  }

  /** Checks `open` against `prices` at `now`: moves water marks, marks triggers, fills. */
  async function check(open: readonly OpenOrder[], prices: Prices, now: number): Promise<Omit<MatchReport, 'expired'>> {
    const nowIso = isoNow(now);
    const report = { checked: 0, triggered: 0, waterMarks: 0, waiting: 0 };
    const due: { order: OpenOrder; priceE4: number }[] = [];
    const tradingBySymbol = new Map<string, boolean>();
    /** Symbols (with their price) whose trailing sells (buys) have a water mark to move. */
    const marks = { sell: new Map<string, number>(), buy: new Map<string, number>() };
    /** Stop-limit orders that reached their stop now. */
    const triggered: number[] = [];
    for (const order of open) {
      const priceE4 = prices.get(order.symbol);
      let trading = tradingBySymbol.get(order.symbol);
      if (trading === undefined) {
        trading = marketOpen(prices.quotes.get(order.symbol), now);
        tradingBySymbol.set(order.symbol, trading);
      }
      if (priceE4 === undefined || !trading) {
        report.waiting++;
        continue;
      }
      report.checked++;
      const decision = decide(termsOf(order), priceE4);
      if (decision.fill) {
        due.push({ order, priceE4 });
        continue;
      }
      if (order.type === 'trailing_stop' && decision.waterMarkE4 !== order.water_mark_e4) {
        marks[order.side].set(order.symbol, priceE4);
      }
      if (order.type === 'stop_limit' && decision.triggered && order.triggered_at === null) triggered.push(order.id);
    }
    report.triggered = await orders.markTriggered(triggered, nowIso);
    // One statement per side: every trailing stop of a symbol sees the same price, so its new
    // water mark is that price wherever the price is beyond its mark.
    for (const side of ['sell', 'buy'] as const) report.waterMarks += await orders.moveWaterMarks(side, marks[side]);
    return { ...report, ...(await fillAll(due, prices, nowIso)) };
  }

  return {
    /** One run: expiry, then every open order in market hours against the current prices. */
    async matchOnce(): Promise<MatchReport> {
      const now = clock();
      const expired = await expireDue(isoNow(now));
      const openZones = KNOWN_EXCHANGE_ZONES.filter((zone) => isRegularSession(calendarOfTimeZone(zone), now));
      const open = await orders.openOrders({ openZones, knownZones: KNOWN_EXCHANGE_ZONES });
      if (open.length === 0)
        return { checked: 0, filled: 0, rejected: 0, failed: 0, triggered: 0, waterMarks: 0, waiting: 0, expired };
      // An outage of the quotes gives no prices: nothing fills, and the next run tries again.
      const prices = await dollarPrices(market, new Set(open.map((order) => order.symbol)));
      return { ...(await check(open, prices, now)), expired };
    },

    /**
     * A just-placed order checked at once at the prices it was placed with (which include its
     * wallet's holdings), so an order that is marketable now fills now, through the same claim.
     */
    async matchPlaced(order: OpenOrder, prices: Prices): Promise<Omit<MatchReport, 'expired'>> {
      return check([order], prices, clock());
    },
  };
}
export type OrderMatcher = ReturnType<typeof orderMatcher>;
