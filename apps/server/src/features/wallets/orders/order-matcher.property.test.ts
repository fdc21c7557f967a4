import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import type { OrderMatcher } from './order-matcher.js';
import { newTrader, type OrdersHarness, ordersHarness, reconcileOrders } from './orders.test-support.js';

/*
 * docs/api.md#orders, as properties over random price paths: whatever the prices do, whatever is
 * placed, cancelled, bought and sold in between, and with two matchers running at the same time,
 * no order fills twice, none fills outside its limit or before its trigger, no wallet is ever
 * overdrawn or oversold, reservations are always exactly what the open orders hold (so they are
 * released on fill, cancel, rejection and expiry), day orders expire at the close, and every order
 * the price fills while the market is open is filled by the next run. The oracle below is the
 * rules written again in the test's own words, from the prices the test chose.
 */

const RUNS = Number.parseInt(process.env.ORDER_PROPERTY_RUNS ?? '', 10) || 12;
const MINUTE = 60_000;
/** Friday 2025-03-14, 09:45 in New York (EDT, UTC−4 from 9 March). */
const START = Date.parse('2025-03-14T13:45:00Z');

/** New York's regular session in March–April 2025: weekdays 13:30–20:00 UTC. */
function nyOpen(ms: number): boolean {
  const d = new Date(ms);
  const minutes = d.getUTCHours() * 60 + d.getUTCMinutes();
  return d.getUTCDay() >= 1 && d.getUTCDay() <= 5 && minutes >= 13 * 60 + 30 && minutes < 20 * 60;
}
/** The close a day order placed at `ms` expires at: today's 20:00 UTC on a weekday before it, else the next weekday's. */
function dayOrderClose(ms: number): number {
  const d = new Date(ms);
  let day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const weekday = (t: number) => new Date(t).getUTCDay() >= 1 && new Date(t).getUTCDay() <= 5;
  if (!weekday(day) || ms >= day + 20 * 60 * MINUTE) {
    do day += 24 * 60 * MINUTE;
    while (!weekday(day));
  }
  return day + 20 * 60 * MINUTE;
}

interface OrderSpec {
  side: 'buy' | 'sell';
  type: 'limit' | 'stop' | 'stop_limit' | 'trailing_stop';
  quantity: number;
  /** Offsets from the current price in basis points. */
  firstBps: number;
  secondBps: number;
  byPercent: boolean;
  trailBps: number;
  gtc: boolean;
}
type Action =
  | { kind: 'place'; order: OrderSpec }
  | { kind: 'cancel'; pick: number }
  | { kind: 'buy'; quantity: number }
  | { kind: 'sell'; quantity: number };
interface Step {
  /** Price move in basis points. */
  moveBps: number;
  advanceMinutes: number;
  actions: Action[];
}

const orderArb: fc.Arbitrary<OrderSpec> = fc.record({
  side: fc.constantFrom('buy', 'sell'),
  type: fc.constantFrom('limit', 'stop', 'stop_limit', 'trailing_stop'),
  // Or 0: as many as the buying power allows (a buy that a gap can leave short of cash).
  quantity: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 100, max: 3000 }), fc.constant(0)),
  firstBps: fc.integer({ min: -1500, max: 1500 }),
  secondBps: fc.integer({ min: -1500, max: 1500 }),
  byPercent: fc.boolean(),
  trailBps: fc.integer({ min: 10, max: 1500 }),
  gtc: fc.boolean(),
});
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 5, arbitrary: orderArb.map((order) => ({ kind: 'place' as const, order })) },
  // A stop buy just above the price for all the buying power: a gap up leaves it short of cash.
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0, max: 200 }).map((firstBps) => ({
      kind: 'place' as const,
      order: {
        side: 'buy',
        type: 'stop',
        quantity: 0,
        firstBps,
        secondBps: 0,
        byPercent: false,
        trailBps: 0,
        gtc: true,
      } as const,
    })),
  },
  { weight: 2, arbitrary: fc.nat(50).map((pick) => ({ kind: 'cancel' as const, pick })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 300 }).map((quantity) => ({ kind: 'buy' as const, quantity })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 100 }).map((quantity) => ({ kind: 'sell' as const, quantity })) },
);
const stepArb: fc.Arbitrary<Step> = fc.record({
  // Mostly small moves, sometimes a gap (through stops, past a stop buy's reserve buffer).
  moveBps: fc.oneof(fc.integer({ min: -300, max: 300 }), fc.integer({ min: -2500, max: 2500 })),
  advanceMinutes: fc.constantFrom(1, 1, 7, 45, 180, 3 * 24 * 60),
  actions: fc.array(actionArb, { maxLength: 4 }),
});
const scenarioArb = fc.record({
  startCents: fc.integer({ min: 500, max: 40_000 }),
  steps: fc.array(stepArb, { minLength: 3, maxLength: 12 }),
});

/** Dollars with at most 4 decimals from price units. */
const dollars = (e4: number) => e4 / 10_000;
const bpsOf = (priceE4: number, bps: number) => Math.max(1, Math.round((priceE4 * (10_000 + bps)) / 10_000));

/** A trailing stop's trigger from its mark, by its own definition (a percentage rounded toward the mark). */
function trailStop(side: 'buy' | 'sell', mark: number, amountE4: number | null, percentE2: number | null): number {
  if (amountE4 !== null) return side === 'sell' ? mark - amountE4 : mark + amountE4;
  const p = percentE2 ?? 0;
  return side === 'sell' ? Math.floor((mark * (10_000 - p)) / 10_000) : Math.ceil((mark * (10_000 + p)) / 10_000);
}

describe.each(testDatabaseKinds)('order matcher properties on %s', (kind) => {
  let h: OrdersHarness;
  let a: OrderMatcher;
  let b: OrderMatcher;
  let run = 0;

  beforeAll(async () => {
    h = await ordersHarness(kind);
    a = await h.matcher();
    b = await h.secondMatcher();
  });
  afterAll(() => h.close());

  it('random price paths never fill twice, outside a limit or early, never overdraw, and release every reservation', {
    timeout: 600_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ startCents, steps }) => {
        const symbol = `ZP${kind === 'sqlite' ? 'S' : 'P'}${++run}`;
        let priceE4 = startCents * 100;
        let now = START;
        h.setNow(now);
        h.setPrice(symbol, dollars(priceE4));
        const me = await newTrader(h.t);
        const wallet = await me.wallet();
        await me.buy(wallet, symbol, Math.max(1, Math.floor(2_000_000 / startCents)));

        /** The test's own record: each order's trailing mark (extreme of the prices it has seen) and its fill. */
        const marks = new Map<number, number>();
        const fills = new Map<number, number>();
        const triggered = new Set<number>();
        const placedIds: number[] = [];

        for (const step of steps) {
          now += step.advanceMinutes * MINUTE;
          priceE4 = Math.max(100, bpsOf(priceE4, step.moveBps));
          h.setNow(now);
          h.setPrice(symbol, dollars(priceE4));
          const open = nyOpen(now);

          const act = async (action: Action) => {
            if (action.kind === 'buy' || action.kind === 'sell') {
              const res = await me.post(action.kind === 'buy' ? 'add_stock_to_wallet' : 'sell_stock_from_wallet', {
                wallet_id: wallet,
                symbol,
                quantity: action.quantity,
              });
              expect([200, 400], res.body).toContain(res.statusCode);
              return;
            }
            if (action.kind === 'cancel') {
              const id = placedIds[action.pick % Math.max(1, placedIds.length)];
              if (id === undefined) return;
              const res = await me.post('cancel_order', { order_id: id });
              expect([200, 409], res.body).toContain(res.statusCode);
              return;
            }
            const o = action.order;
            let quantity = o.quantity;
            if (quantity === 0) {
              const row = await h
                .db()
                .selectFrom('wallets')
                .selectAll()
                .where('id', '=', wallet)
                .executeTakeFirstOrThrow();
              const perShareE4 = bpsOf(priceE4, Math.max(0, o.firstBps) + 600);
              quantity = Math.max(1, Math.floor(((row.cash_cents - row.reserved_cents) * 100) / perShareE4));
            }
            const first = dollars(bpsOf(priceE4, o.firstBps));
            const second = dollars(bpsOf(priceE4, o.secondBps));
            const payload = {
              wallet_id: wallet,
              symbol,
              side: o.side,
              type: o.type,
              quantity,
              time_in_force: o.gtc ? 'gtc' : 'day',
              ...(o.type === 'limit' ? { limit_price: first } : {}),
              ...(o.type === 'stop' ? { stop_price: first } : {}),
              ...(o.type === 'stop_limit' ? { stop_price: first, limit_price: second } : {}),
              ...(o.type === 'trailing_stop'
                ? o.byPercent
                  ? { trail_percent: o.trailBps / 100 }
                  : { trail_amount: dollars(Math.max(1, Math.round((priceE4 * o.trailBps) / 10_000))) }
                : {}),
            };
            const res = await me.place(payload);
            // Refused only for want of buying power or shares (the reservations), never a 5xx.
            if (res.statusCode === 400) {
              expect(res.json().message).toMatch(/^(Insufficient buying power|Insufficient stock quantity)/);
              return;
            }
            expect(res.statusCode, res.body).toBe(200);
            const id = res.json().order.order_id as number;
            placedIds.push(id);
            marks.set(id, priceE4);
            expect(res.json().order.expires_at).toBe(
              new Date(o.gtc ? now + 90 * 24 * 60 * MINUTE : dayOrderClose(now)).toISOString(),
            );
          };

          // Actions and both matchers at once; then one more run settles this price.
          await Promise.all([...step.actions.map(act), a.matchOnce(), b.matchOnce()]);
          await (step.actions.length % 2 === 0 ? a : b).matchOnce();

          const { orders } = await reconcileOrders(h, wallet);
          const p = priceE4;
          for (const order of orders) {
            const limitOk = (limit: number | null) =>
              limit !== null && (order.side === 'buy' ? p <= limit : p >= limit);
            const stopHit = (stop: number | null) => stop !== null && (order.side === 'buy' ? p >= stop : p <= stop);
            // Marks and stop-limit triggers move only while the market is open (no price is checked otherwise).
            if (open && order.type === 'trailing_stop' && fills.get(order.id) === undefined) {
              const seen = marks.get(order.id) ?? p;
              marks.set(order.id, order.side === 'sell' ? Math.max(seen, p) : Math.min(seen, p));
            }
            if (open && order.type === 'stop_limit' && stopHit(order.stop_price_e4)) triggered.add(order.id);

            // Never filled twice: once filled, it stays filled by the same trade.
            const before = fills.get(order.id);
            if (before !== undefined) {
              expect(order.status, `order ${order.id} stays filled`).toBe('filled');
              expect(order.fill_trade_id, `order ${order.id} filled once`).toBe(before);
            }
            if (order.status === 'filled') fills.set(order.id, order.fill_trade_id ?? -1);
            // Only a stop or trailing buy can be rejected: its cost at the market beyond what it could reserve.
            if (order.status === 'rejected') {
              expect(order.side).toBe('buy');
              expect(['stop', 'trailing_stop']).toContain(order.type);
              expect(order.reason).toMatch(/^Not enough cash when the order triggered/);
            }
            if (order.status === 'open') {
              expect(Date.parse(order.expires_at), `order ${order.id} is past its expiry`).toBeGreaterThan(now);
            }
            if (order.status === 'expired') expect(Date.parse(order.expires_at)).toBeLessThanOrEqual(now);
            // A filled trailing stop filled at or beyond the stop of its water mark (the limit and stop
            // checks of the other types are in reconcileOrders).
            if (order.status === 'filled' && order.type === 'trailing_stop') {
              const stop = trailStop(
                order.side,
                order.water_mark_e4 ?? 0,
                order.trail_amount_e4,
                order.trail_percent_e2,
              );
              const fill = order.fill_price_e4 ?? 0;
              expect(
                order.side === 'sell' ? fill <= stop : fill >= stop,
                `trailing order ${order.id} filled early`,
              ).toBe(true);
            }
            // Liveness: while the market is open, nothing left open is fillable at this price.
            if (open && order.status === 'open') {
              let fillable = false;
              if (order.type === 'limit') fillable = limitOk(order.limit_price_e4);
              if (order.type === 'stop') fillable = stopHit(order.stop_price_e4);
              if (order.type === 'stop_limit') {
                expect(order.triggered_at !== null, `order ${order.id} triggered`).toBe(triggered.has(order.id));
                fillable = triggered.has(order.id) && limitOk(order.limit_price_e4);
              }
              if (order.type === 'trailing_stop') {
                const mark = marks.get(order.id) ?? p;
                expect(order.water_mark_e4, `order ${order.id} water mark`).toBe(mark);
                fillable = stopHit(trailStop(order.side, mark, order.trail_amount_e4, order.trail_percent_e2));
              }
              expect(fillable, `open order ${order.id} (${order.side} ${order.type}) is fillable at ${p}`).toBe(false);
            }
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
