import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buyCostCents } from '../money.js';
import {
  buyReserveCents,
  decide,
  estimatedPriceE4,
  initialStopE4,
  type OrderTerms,
  trailingStopE4,
} from './order-rules.js';

/** Dollars as price units (1/10,000 $). */
const $ = (dollars: number) => Math.round(dollars * 10_000);

const base: OrderTerms = {
  side: 'buy',
  type: 'limit',
  limitE4: null,
  stopE4: null,
  trailAmountE4: null,
  trailPercentE2: null,
  waterMarkE4: null,
  triggered: false,
};
const order = (terms: Partial<OrderTerms>): OrderTerms => ({ ...base, ...terms });

/** docs/api.md#orders: each order type's trigger and fill rules, at one observed price. */
describe('order rules', () => {
  describe('limit', () => {
    const buy = order({ side: 'buy', type: 'limit', limitE4: $(100) });
    const sell = order({ side: 'sell', type: 'limit', limitE4: $(100) });

    it('buys at the limit or below, never above', () => {
      expect(decide(buy, $(100.01)).fill).toBe(false);
      expect(decide(buy, $(100)).fill).toBe(true);
      expect(decide(buy, $(99.5)).fill).toBe(true);
    });

    it('sells at the limit or above, never below', () => {
      expect(decide(sell, $(99.9999)).fill).toBe(false);
      expect(decide(sell, $(100)).fill).toBe(true);
      expect(decide(sell, $(150)).fill).toBe(true);
    });

    it('reserves limit × quantity for a buy (rounded up to the cent) and nothing for a sale', () => {
      expect(buyReserveCents(order({ ...buy, limitE4: $(10.0001) }), $(9), 3)).toBe(3001);
      expect(buyReserveCents(sell, $(90), 3)).toBe(0);
    });
  });

  describe('stop', () => {
    const buy = order({ side: 'buy', type: 'stop', stopE4: $(110) });
    const sell = order({ side: 'sell', type: 'stop', stopE4: $(90) });

    it('buys once the price reaches the stop from below', () => {
      expect(decide(buy, $(109.99)).fill).toBe(false);
      expect(decide(buy, $(110))).toMatchObject({ fill: true, stopE4: $(110) });
      expect(decide(buy, $(125)).fill).toBe(true);
    });

    it('sells once the price falls to the stop', () => {
      expect(decide(sell, $(90.01)).fill).toBe(false);
      expect(decide(sell, $(90)).fill).toBe(true);
      expect(decide(sell, $(70)).fill).toBe(true);
    });

    it('reserves the stop (or the price when it is higher) plus 5 % for a buy', () => {
      // 110 × 1.05 = 115.50 a share.
      expect(buyReserveCents(buy, $(100), 10)).toBe(115_500);
      // Already above the stop: it will fill near the price, so the price is the basis.
      expect(buyReserveCents(buy, $(120), 10)).toBe(126_000);
    });
  });

  describe('stop-limit', () => {
    const buy = order({ side: 'buy', type: 'stop_limit', stopE4: $(110), limitE4: $(112) });
    const sell = order({ side: 'sell', type: 'stop_limit', stopE4: $(90), limitE4: $(88) });

    it('does nothing before the stop, even at a price inside the limit', () => {
      expect(decide(buy, $(105))).toEqual({ fill: false, triggered: false, waterMarkE4: null, stopE4: $(110) });
      expect(decide(sell, $(95)).triggered).toBe(false);
    });

    it('triggers at the stop and fills only inside the limit', () => {
      expect(decide(buy, $(111))).toMatchObject({ fill: true, triggered: true });
      // Gapped past the limit: triggered, not filled.
      expect(decide(buy, $(113))).toMatchObject({ fill: false, triggered: true });
      expect(decide(sell, $(89))).toMatchObject({ fill: true, triggered: true });
      expect(decide(sell, $(87))).toMatchObject({ fill: false, triggered: true });
    });

    it('is a limit order once triggered: it fills back inside the limit though the stop is no longer reached', () => {
      const triggered = { ...buy, triggered: true };
      expect(decide(triggered, $(100)).fill).toBe(true); // Below the stop, inside the limit.
      expect(decide(triggered, $(112.0001)).fill).toBe(false);
      expect(decide({ ...sell, triggered: true }, $(95)).fill).toBe(true);
    });

    it('reserves its limit', () => {
      expect(buyReserveCents(buy, $(100), 10)).toBe(112_000);
    });
  });

  describe('trailing stop', () => {
    it('sells when the price falls the trail amount below its high-water mark', () => {
      const sell = order({ side: 'sell', type: 'trailing_stop', trailAmountE4: $(5), waterMarkE4: $(100) });
      // A new high raises the mark (and the stop) without filling.
      expect(decide(sell, $(104))).toEqual({ fill: false, triggered: false, waterMarkE4: $(104), stopE4: $(99) });
      // A dip keeps the mark.
      expect(decide(sell, $(96))).toMatchObject({ fill: false, waterMarkE4: $(100), stopE4: $(95) });
      expect(decide(sell, $(95))).toMatchObject({ fill: true, stopE4: $(95) });
      expect(decide({ ...sell, waterMarkE4: $(110) }, $(105))).toMatchObject({ fill: true, stopE4: $(105) });
    });

    it('buys when the price rises the trail percentage above its low-water mark', () => {
      const buy = order({ side: 'buy', type: 'trailing_stop', trailPercentE2: 250, waterMarkE4: $(100) });
      expect(decide(buy, $(90))).toMatchObject({ fill: false, waterMarkE4: $(90), stopE4: $(92.25) });
      expect(decide(buy, $(102.4999))).toMatchObject({ fill: false, waterMarkE4: $(100), stopE4: $(102.5) });
      expect(decide(buy, $(102.5)).fill).toBe(true);
    });

    it('rounds a percentage stop toward the mark, so it never triggers before its trail', () => {
      // 3 % of 33.3333 is 0.999999: a sale's stop rounds down, a buy's up.
      expect(trailingStopE4('sell', $(33.3333), { amountE4: null, percentE2: 300 })).toBe(323_333);
      expect(trailingStopE4('buy', $(33.3333), { amountE4: null, percentE2: 300 })).toBe(343_333);
    });

    it('starts its mark at the price it was placed at, and reserves the first stop plus 5 % for a buy', () => {
      const buy = order({ side: 'buy', type: 'trailing_stop', trailAmountE4: $(2) });
      expect(initialStopE4(buy, $(50))).toBe($(52));
      expect(buyReserveCents(buy, $(50), 100)).toBe(546_000); // 52 × 1.05 × 100
    });
  });

  it('estimates with the price when it fills now, else its limit or first trigger', () => {
    const limit = order({ side: 'buy', type: 'limit', limitE4: $(90) });
    expect(estimatedPriceE4(limit, $(95), false)).toBe($(90));
    expect(estimatedPriceE4(limit, $(85), true)).toBe($(85));
    const trailing = order({ side: 'sell', type: 'trailing_stop', trailPercentE2: 1000 });
    expect(estimatedPriceE4(trailing, $(50), false)).toBe($(45));
  });

  const sideArb = fc.constantFrom<'buy' | 'sell'>('buy', 'sell');
  const priceArb = fc.integer({ min: 1, max: $(5000) });

  it('property: a limit or stop-limit order never fills outside its limit', () => {
    fc.assert(
      fc.property(
        sideArb,
        fc.constantFrom<'limit' | 'stop_limit'>('limit', 'stop_limit'),
        priceArb,
        priceArb,
        priceArb,
        fc.boolean(),
        (side, type, limitE4, stopE4, priceE4, triggered) => {
          const terms = order({ side, type, limitE4, stopE4, triggered });
          if (decide(terms, priceE4).fill) {
            expect(side === 'buy' ? priceE4 <= limitE4 : priceE4 >= limitE4).toBe(true);
          }
        },
      ),
    );
  });

  it('property: a stop or trailing stop fills exactly when the price is at or beyond its trigger', () => {
    fc.assert(
      fc.property(
        sideArb,
        priceArb,
        priceArb,
        fc.integer({ min: 1, max: $(100) }),
        fc.integer({ min: 1, max: 5000 }),
        fc.boolean(),
        (side, markE4, priceE4, amountE4, percentE2, byAmount) => {
          const trail = byAmount ? { trailAmountE4: amountE4 } : { trailPercentE2: percentE2 };
          const terms = order({ side, type: 'trailing_stop', waterMarkE4: markE4, ...trail });
          const decision = decide(terms, priceE4);
          const mark = side === 'sell' ? Math.max(markE4, priceE4) : Math.min(markE4, priceE4);
          expect(decision.waterMarkE4).toBe(mark);
          // The stop by the trail's own arithmetic (as a person would compute it, in dollars).
          const stop = byAmount
            ? mark + (side === 'sell' ? -amountE4 : amountE4)
            : (mark * (10_000 + (side === 'sell' ? -percentE2 : percentE2))) / 10_000;
          expect(Math.abs((decision.stopE4 ?? 0) - stop)).toBeLessThan(1);
          expect(decision.fill).toBe(
            side === 'sell' ? priceE4 <= (decision.stopE4 ?? 0) : priceE4 >= (decision.stopE4 ?? 0),
          );
        },
      ),
    );
  });

  it('property: a limit buy’s reservation always covers its fill', () => {
    fc.assert(
      fc.property(priceArb, priceArb, fc.integer({ min: 1, max: 1_000_000 }), (limitE4, priceE4, quantity) => {
        const terms = order({ side: 'buy', type: 'limit', limitE4 });
        if (decide(terms, priceE4).fill) {
          expect(buyCostCents(priceE4, quantity)).toBeLessThanOrEqual(buyReserveCents(terms, priceE4, quantity));
        }
      }),
    );
  });
});
