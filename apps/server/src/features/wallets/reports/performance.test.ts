import { describe, expect, it } from 'vitest';
import { epochDayOf } from '../../../integrations/market-data/calendar.js';
import type { LedgerEntry } from './ledger.js';
import {
  allocationByHolding,
  allocationBySector,
  annualizedVolatility,
  benchmarkSeries,
  closeOnOrBefore,
  type DailyCloses,
  maxDrawdown,
  percent4,
  periodReturns,
  toDollarCloses,
  tradingDays,
  valueSeries,
} from './performance.js';

/*
 * The pure parts of docs/api.md#wallet-performance on small cases worked out by hand; the whole
 * call is checked against a ten-day example in wallet-performance.test.ts.
 */

const day = (date: string) => epochDayOf(date);
const closes = (points: Record<string, number>): DailyCloses => ({
  days: Object.keys(points).map(day),
  closes: Object.values(points),
});

function entry(partial: Partial<LedgerEntry> & Pick<LedgerEntry, 'kind' | 'at' | 'symbol'>): LedgerEntry {
  return {
    quantity: 0,
    sharesDelta: 0,
    cashDeltaCents: 0,
    priceE4: null,
    currency: 'USD',
    localPrice: null,
    fxRate: null,
    realizedGainCents: 0,
    ...partial,
  };
}
const buy = (at: string, symbol: string, quantity: number, price: number): LedgerEntry =>
  entry({
    kind: 'buy',
    at,
    symbol,
    quantity,
    sharesDelta: quantity,
    cashDeltaCents: -quantity * price * 100,
    priceE4: price * 10_000,
  });

describe('closeOnOrBefore', () => {
  it('takes the last close on or before the day, nothing before the first', () => {
    const series = closes({ '2025-01-06': 10, '2025-01-08': 12 });
    expect(closeOnOrBefore(series, day('2025-01-05'))).toBeUndefined();
    expect(closeOnOrBefore(series, day('2025-01-06'))).toBe(10);
    expect(closeOnOrBefore(series, day('2025-01-07'))).toBe(10);
    expect(closeOnOrBefore(series, day('2025-01-09'))).toBe(12);
  });
});

describe('tradingDays', () => {
  it('keeps weekdays, drops a weekday the benchmark did not trade before its last bar (a holiday)', () => {
    // Wednesday 2025-01-01 has no SPY bar; Friday 2025-01-10 is after the last bar (today, not yet traded).
    const spy = closes({ '2024-12-31': 1, '2025-01-02': 1, '2025-01-03': 1, '2025-01-06': 1, '2025-01-09': 1 });
    expect(tradingDays(day('2024-12-31'), day('2025-01-10'), spy)).toEqual(
      ['2024-12-31', '2025-01-02', '2025-01-03', '2025-01-06', '2025-01-07', '2025-01-08', '2025-01-09', '2025-01-10']
        .map(day)
        .filter((d) => d !== day('2025-01-07') && d !== day('2025-01-08')),
    );
  });

  it('gives a wallet made on a Saturday and seen on Sunday the Friday before', () => {
    const spy = closes({ '2025-01-10': 1 });
    expect(tradingDays(day('2025-01-11'), day('2025-01-12'), spy)).toEqual([day('2025-01-10')]);
  });
});

describe('toDollarCloses', () => {
  it('converts yen at each day’s rate, carrying the last rate over days without one', () => {
    // ¥2,000 × 0.0065 = $13.00; ¥2,100 × 0.0065 (Friday's rate carried to Monday) = $13.65.
    const yen = closes({ '2025-01-03': 2000, '2025-01-06': 2100 });
    const rates = closes({ '2025-01-02': 0.0064, '2025-01-03': 0.0065 });
    expect(toDollarCloses(yen, 'JPY', rates)).toEqual({
      days: [day('2025-01-03'), day('2025-01-06')],
      closes: [130_000, 136_500],
    });
  });

  it('reads pence as hundredths of the pound, and leaves a day without any rate unpriced', () => {
    // 2,550p = £25.50 × 1.25 = $31.875.
    expect(toDollarCloses(closes({ '2025-01-03': 2550 }), 'GBp', closes({ '2025-01-03': 1.25 })).closes).toEqual([
      318_750,
    ]);
    expect(toDollarCloses(closes({ '2025-01-03': 2550 }), 'GBp', undefined)).toEqual({ days: [], closes: [] });
    expect(toDollarCloses(closes({ '2025-01-03': 187.4312 }), 'USD', undefined).closes).toEqual([1_874_312]);
  });
});

describe('valueSeries', () => {
  const days = ['2025-01-09', '2025-01-10', '2025-01-13'].map(day);

  it('counts an entry on its New York date, a weekend one on the next trading day, later ones on the last day', () => {
    const prices = new Map([
      ['AAPL', toDollarCloses(closes({ '2025-01-09': 10, '2025-01-13': 20 }), 'USD', undefined)],
    ]);
    const entries = [
      // Thursday 23:30 in New York is still Thursday (04:30 UTC on Friday).
      buy('2025-01-10T04:30:00.000Z', 'AAPL', 1, 10),
      // Saturday: counted on Monday.
      buy('2025-01-11T15:00:00.000Z', 'AAPL', 2, 10),
      // After the last day (the clock's today is Monday): counted on it.
      buy('2025-01-14T15:00:00.000Z', 'AAPL', 4, 20),
    ];
    const series = valueSeries(days, entries, 100_000, prices);
    // Thu: 1000 − 10 + 1 × 10 (its close) = 1000.00 → 100,000¢; Fri: no close, Thursday's carried: same;
    // Mon: cash 1000 − 10 − 20 − 80 = 890, shares 7 × 20 = 140 → 1,030.00.
    expect(series.values).toEqual([100_000, 100_000, 103_000]);
    expect(series.cashCents).toBe(89_000);
    expect([...series.holdings]).toEqual([['AAPL', 7]]);
    expect(series.unpriced.size).toBe(0);
  });

  it('values a holding without closes at its last trade price and says so', () => {
    const series = valueSeries(days, [buy('2025-01-09T15:00:00.000Z', 'GONE', 3, 5)], 100_000, new Map());
    expect(series.values).toEqual([100_000, 100_000, 100_000]);
    expect([...series.unpriced]).toEqual(['GONE']);
  });

  it('plugs in dividends and splits as ledger entries: cash for one, shares for the other', () => {
    const prices = new Map([['KO', toDollarCloses(closes({ '2025-01-09': 60, '2025-01-13': 30 }), 'USD', undefined)]]);
    const entries = [
      buy('2025-01-09T15:00:00.000Z', 'KO', 10, 60),
      // $0.50 a share on 10 shares.
      entry({ kind: 'dividend', at: '2025-01-10T12:00:00.000Z', symbol: 'KO', quantity: 10, cashDeltaCents: 500 }),
      // Two for one: 10 more shares, at half the price.
      entry({ kind: 'split', at: '2025-01-13T12:00:00.000Z', symbol: 'KO', quantity: 10, sharesDelta: 10 }),
    ];
    // Thu 400 + 600; Fri 405 + 600; Mon 405 + 20 × 30.
    expect(valueSeries(days, entries, 100_000, prices).values).toEqual([100_000, 100_500, 100_500]);
  });
});

describe('returns and risk', () => {
  const days = ['2025-01-06', '2025-01-07', '2025-01-08', '2025-01-09'].map(day);

  it('chain-links daily returns: the same as end ÷ start − 1 without flows', () => {
    // 100 → 110 → 99 → 108.9: ALL from 100 = 8.9 %; 1D 108.9 ÷ 99 − 1 = 10 %.
    const values = [10_000, 11_000, 9_900, 10_890];
    const [oneDay, , , , , all] = periodReturns(days, values, values, 10_000, ['1D', '1W', '1M', 'YTD', '1Y', 'ALL']);
    expect(percent4(oneDay?.wallet ?? Number.NaN)).toBe(10);
    expect(percent4(all?.wallet ?? Number.NaN)).toBe(8.9);
  });

  it('measures a benchmark from the first day’s close', () => {
    expect(benchmarkSeries(days, closes({ '2025-01-03': 400, '2025-01-06': 500, '2025-01-08': 550 }), 10_000)).toEqual([
      10_000, 10_000, 11_000, 11_000,
    ]);
  });

  it('finds the deepest fall after a peak, and none in a rising series', () => {
    // Peak 120 (day 1), trough 90 (day 3): −25 %; the later fall from 130 to 110 (−15.4 %) is smaller.
    expect(maxDrawdown([100, 120, 100, 90, 130, 110])).toEqual({ ratio: 90 / 120 - 1, peakIndex: 1, troughIndex: 3 });
    expect(maxDrawdown([100, 100, 101])).toEqual({ ratio: 0, peakIndex: null, troughIndex: null });
  });

  it('annualises the sample standard deviation of close-to-close returns by √252', () => {
    // Returns +10 % and −10 %: mean 0, sample variance (0.01 + 0.01) ÷ 1 = 0.02, stdev 0.141421 × 15.874508 = 2.244994.
    expect(annualizedVolatility([100, 110, 99]).ratio).toBeCloseTo(Math.sqrt(0.02) * Math.sqrt(252), 12);
    expect(percent4(annualizedVolatility([100, 110, 99]).ratio ?? 0)).toBe(224.4994);
    expect(annualizedVolatility([100, 110])).toEqual({ ratio: null, count: 1 });
  });
});

describe('allocation', () => {
  it('splits today’s value by holding and by sector, unknown sectors apart, cash last', () => {
    const series = valueSeries(
      [day('2025-01-09')],
      [
        buy('2025-01-09T15:00:00.000Z', 'AAPL', 1, 100),
        buy('2025-01-09T15:00:00.000Z', 'MSFT', 2, 100),
        buy('2025-01-09T15:00:00.000Z', 'ODD', 1, 50),
      ],
      100_000,
      new Map(),
    );
    const byHolding = allocationByHolding(series);
    expect(byHolding).toEqual([
      { label: 'MSFT', symbol: 'MSFT', cents: 20_000 },
      { label: 'AAPL', symbol: 'AAPL', cents: 10_000 },
      { label: 'ODD', symbol: 'ODD', cents: 5_000 },
      { label: 'Cash', symbol: null, cents: 65_000 },
    ]);
    expect(
      allocationBySector(
        byHolding,
        new Map([
          ['AAPL', 'Technology'],
          ['MSFT', 'Technology'],
          ['ODD', null],
        ]),
      ),
    ).toEqual([
      { label: 'Technology', symbol: null, cents: 30_000 },
      { label: 'Unclassified', symbol: null, cents: 5_000 },
      { label: 'Cash', symbol: null, cents: 65_000 },
    ]);
  });
});
