import { MAX_TRADE_QUANTITY, STARTING_CASH_CENTS, type StockQuote } from '@site/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDollars } from '../../integrations/market-data/fx.js';
import {
  averagePriceE4,
  buyCostCents,
  centsToDollars,
  divRoundHalfUp,
  e4ToDollars,
  formatCents,
  formatPriceE4,
  gainPercent,
  priceToE4,
  proportionalBasisCents,
  saleProceedsCents,
  sellAmounts,
} from './money.js';

/** A small seeded generator so the random cases are the same on every run. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('divRoundHalfUp', () => {
  it.each([
    [5n, 2n, 3n],
    [4n, 2n, 2n],
    [149n, 100n, 1n],
    [150n, 100n, 2n],
    [-150n, 100n, -2n],
    [-149n, 100n, -1n],
    [0n, 7n, 0n],
  ])('%s / %s → %s', (n, d, expected) => {
    expect(divRoundHalfUp(n, d)).toBe(expected);
  });
});

describe('priceToE4 (half-up at 4 decimals, read as written)', () => {
  it.each([
    [187.4312, 1_874_312],
    [0.615, 6_150],
    [1.005, 10_050],
    [1.00005, 10_001],
    [1.00004, 10_000],
    [0.00005, 1],
    [187.43125, 1_874_313],
    [187.43124999, 1_874_312],
    [2.675, 26_750],
    [0.1 + 0.2, 3_000],
    [100, 1_000_000],
    [5000.1234, 50_001_234],
    [1e-3, 10],
    [1.5e-4, 2],
    [9_999_999.9999, 99_999_999_999],
  ])('%s → %s', (price, e4) => {
    expect(priceToE4(price)).toBe(e4);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, 0.00004, 1e-9, 1e7, 1e21])('refuses %s', (price) => {
    expect(priceToE4(price)).toBeUndefined();
  });
});

describe('trade amounts', () => {
  it('rounds a buy up and a sale down to the cent: against the trader', () => {
    expect(buyCostCents(1_874_312, 1)).toBe(18_744); // $187.4312 → $187.44
    expect(saleProceedsCents(1_874_312, 1)).toBe(18_743); // → $187.43
    expect(buyCostCents(1_874_350, 1)).toBe(18_744); // $187.435
    expect(saleProceedsCents(1_874_350, 1)).toBe(18_743);
    expect(buyCostCents(6_150, 3)).toBe(185); // 3 × $0.615 = $1.845 → $1.85
    expect(saleProceedsCents(6_150, 3)).toBe(184); // → $1.84
    expect(buyCostCents(1, 49)).toBe(1); // 49 × $0.0001 = $0.0049: a buy never costs nothing
    expect(saleProceedsCents(1, 49)).toBe(0);
    expect(buyCostCents(1, 1)).toBe(1);
    expect(saleProceedsCents(1, 100)).toBe(1); // $0.01
  });

  it('leaves whole cents alone either way', () => {
    expect(buyCostCents(1_874_300, 3)).toBe(56_229);
    expect(saleProceedsCents(1_874_300, 3)).toBe(56_229);
    expect(buyCostCents(10_050, 2)).toBe(201); // 2 × $1.005 = $2.01
    expect(saleProceedsCents(10_050, 2)).toBe(201);
  });

  it('is exact for the largest trades', () => {
    const e4 = priceToE4(5000.1234)!;
    expect(buyCostCents(e4, MAX_TRADE_QUANTITY)).toBe(500_012_340_000); // $5,000,123,400.00
    expect(saleProceedsCents(99_999_999_999, MAX_TRADE_QUANTITY)).toBe(999_999_999_990_000);
    // 999,999 × $123.4567 = $123,456,576.5433
    expect(buyCostCents(1_234_567, 999_999)).toBe(12_345_657_655);
    expect(saleProceedsCents(1_234_567, 999_999)).toBe(12_345_657_654);
  });

  it('averages cost per share to 4 decimals', () => {
    expect(averagePriceE4(30_000, 3)).toBe(1_000_000);
    expect(averagePriceE4(10_000, 3)).toBe(333_333); // $33.3333
    expect(averagePriceE4(20_000, 3)).toBe(666_667); // $66.6667
    expect(averagePriceE4(0, 0)).toBe(0);
  });
});

describe('proportional cost basis on sells', () => {
  it('takes the share rounded down, and everything on a full sell', () => {
    expect(proportionalBasisCents(10_000, 3, 1)).toBe(3_333);
    expect(proportionalBasisCents(10_000, 3, 2)).toBe(6_666); // 6666.67 → 6666: 3,334 stays with 1 share
    expect(proportionalBasisCents(10_001, 2, 1)).toBe(5_000); // 5000.5 → 5000
    expect(proportionalBasisCents(10_000, 3, 3)).toBe(10_000);
    expect(() => proportionalBasisCents(10_000, 3, 4)).toThrow(RangeError);
    expect(() => proportionalBasisCents(10_000, 3, 0)).toThrow(RangeError);
  });

  it('conserves the total basis exactly over any sequence of partial sells', () => {
    const random = mulberry32(7);
    for (let round = 0; round < 500; round++) {
      let held = 1 + Math.floor(random() * 1000);
      let cost = Math.floor(random() * 10_000_000);
      const original = cost;
      let removed = 0;
      while (held > 0) {
        const sold = 1 + Math.floor(random() * held);
        const basis = proportionalBasisCents(cost, held, sold);
        expect(basis).toBeGreaterThanOrEqual(0);
        expect(basis).toBeLessThanOrEqual(cost);
        removed += basis;
        cost -= basis;
        held -= sold;
      }
      expect(cost).toBe(0);
      expect(removed).toBe(original);
    }
  });

  it('realises proceeds minus basis', () => {
    expect(sellAmounts(1_200_000, 30_000, 3, 1)).toEqual({
      proceedsCents: 12_000,
      basisCents: 10_000,
      realizedGainCents: 2_000,
    });
    expect(sellAmounts(900_000, 10_000, 3, 2).realizedGainCents).toBe(18_000 - 6_666);
    // 3 × $0.615 = $1.845 → $1.84 (down).
    expect(sellAmounts(6_150, 200, 4, 3)).toEqual({ proceedsCents: 184, basisCents: 150, realizedGainCents: 34 });
  });
});

describe('formatting', () => {
  it('turns integers into dollars exactly', () => {
    expect(centsToDollars(STARTING_CASH_CENTS)).toBe(100000);
    expect(centsToDollars(123_456)).toBe(1234.56);
    expect(centsToDollars(10)).toBe(0.1);
    expect(centsToDollars(-5)).toBe(-0.05);
    expect(e4ToDollars(1_874_312)).toBe(187.4312);
    expect(e4ToDollars(6_150)).toBe(0.615);
    expect(JSON.stringify({ v: centsToDollars(700_000_000_001) })).toBe('{"v":7000000000.01}');
  });

  it('writes en-US currency text', () => {
    expect(formatCents(STARTING_CASH_CENTS)).toBe('$100,000.00');
    expect(formatCents(-123_456)).toBe('-$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatPriceE4(1_874_300)).toBe('$187.43');
    expect(formatPriceE4(1_874_312)).toBe('$187.4312');
    expect(formatPriceE4(50_001_234)).toBe('$5,000.1234');
    expect(formatPriceE4(10_000)).toBe('$1.00');
  });

  it('computes gain percentages to 2 decimals', () => {
    expect(gainPercent(2_000, 10_000)).toBe(20);
    expect(gainPercent(1, 3)).toBe(33.33);
    expect(gainPercent(2, 3)).toBe(66.67);
    expect(gainPercent(-2, 3)).toBe(-66.67);
    expect(gainPercent(500, 0)).toBe(0);
  });
});

describe('no float drift', () => {
  it('reconciles 10,000 random trades exactly: ledger cash moves, final cash, basis and gains', () => {
    const random = mulberry32(20_250_314);
    let cash = STARTING_CASH_CENTS * 1000; // a big wallet so most random buys go through
    const start = cash;
    const holdings = new Map<string, { quantity: number; cost: number }>();
    const ledger: { side: 'buy' | 'sell'; cash: number; gain: number; basis: number }[] = [];
    let floatCash = cash / 100;
    const symbols = ['AAA', 'BBB', 'CCC', 'DDD', 'EEE'];

    while (ledger.length < 10_000) {
      const symbol = symbols[Math.floor(random() * symbols.length)]!;
      // Prices with 1–6 decimals, as providers send them; the 5th and 6th are rounded away.
      const decimals = 1 + Math.floor(random() * 6);
      const price = Number((0.01 + random() * 2000).toFixed(decimals));
      const e4 = priceToE4(price)!;
      const held = holdings.get(symbol);
      if (held && random() < 0.45) {
        const sold = 1 + Math.floor(random() * held.quantity);
        const { proceedsCents, basisCents, realizedGainCents } = sellAmounts(e4, held.cost, held.quantity, sold);
        cash += proceedsCents;
        floatCash += sold * price;
        held.quantity -= sold;
        held.cost -= basisCents;
        if (held.quantity === 0) {
          expect(held.cost).toBe(0);
          holdings.delete(symbol);
        }
        ledger.push({ side: 'sell', cash: proceedsCents, gain: realizedGainCents, basis: basisCents });
      } else {
        const quantity = 1 + Math.floor(random() * 5000);
        const cost = buyCostCents(e4, quantity);
        if (cost > cash) continue;
        cash -= cost;
        floatCash -= quantity * price;
        const holding = holdings.get(symbol) ?? { quantity: 0, cost: 0 };
        holding.quantity += quantity;
        holding.cost += cost;
        holdings.set(symbol, holding);
        ledger.push({ side: 'buy', cash: cost, gain: 0, basis: 0 });
      }
      expect(Number.isSafeInteger(cash)).toBe(true);
    }

    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const bought = sum(ledger.filter((t) => t.side === 'buy').map((t) => t.cash));
    const sold = sum(ledger.filter((t) => t.side === 'sell').map((t) => t.cash));
    const basisRemoved = sum(ledger.map((t) => t.basis));
    const gains = sum(ledger.map((t) => t.gain));
    const heldCost = sum([...holdings.values()].map((h) => h.cost));

    expect(start - bought + sold).toBe(cash);
    expect(bought - basisRemoved).toBe(heldCost);
    expect(sold - basisRemoved).toBe(gains);
    expect(cash + heldCost).toBe(start + gains);
    // The same trades in float dollars no longer land on whole cents.
    expect(Math.abs(floatCash * 100 - cash)).toBeGreaterThan(0);
  });

  it('moves cash in whole cents from a converted price (¥2,893.50 × 0.0064 = $18.5184; 10 shares $185.184)', () => {
    const usd = toDollars({ currency: 'JPY', currentPrice: 2893.5 } as StockQuote, new Map([['JPY', 0.0064]]));
    const e4 = priceToE4(usd?.usdPrice ?? 0);
    expect(e4).toBe(185_184);
    expect(buyCostCents(e4 ?? 0, 10)).toBe(18_519);
    expect(saleProceedsCents(e4 ?? 0, 10)).toBe(18_518);
  });
});

describe('rounding never makes money (docs/api.md#money)', () => {
  it('property: trades at one price never raise cash + the shares at that price, nor cash + cost basis', () => {
    const trade = fc.record({ buy: fc.boolean(), quantity: fc.integer({ min: 1, max: 5_000 }) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), fc.array(trade, { maxLength: 40 }), (e4, trades) => {
        const start = STARTING_CASH_CENTS * 1000;
        let cash = start;
        let held = 0;
        let cost = 0;
        let realized = 0;
        for (const { buy, quantity } of trades) {
          if (buy) {
            const paid = buyCostCents(e4, quantity);
            cash -= paid;
            cost += paid;
            held += quantity;
          } else if (held > 0) {
            const sold = Math.min(quantity, held);
            const amounts = sellAmounts(e4, cost, held, sold);
            expect(amounts.realizedGainCents).toBeLessThanOrEqual(0);
            cash += amounts.proceedsCents;
            cost -= amounts.basisCents;
            realized += amounts.realizedGainCents;
            held -= sold;
          }
          // In 1/10,000 dollars, exactly: the held shares at the price plus cash never exceed the start.
          expect(BigInt(cash) * 100n + BigInt(e4) * BigInt(held)).toBeLessThanOrEqual(BigInt(start) * 100n);
          expect(cash + cost).toBe(start + realized);
          expect(realized).toBeLessThanOrEqual(0);
        }
        // Everything sold at the end: the cash is at most what it was.
        if (held > 0) cash += sellAmounts(e4, cost, held, held).proceedsCents;
        expect(cash).toBeLessThanOrEqual(start);
      }),
      { seed: 1704, numRuns: 2_000 },
    );
  });
});
