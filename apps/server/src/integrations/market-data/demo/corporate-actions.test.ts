import { describe, expect, it } from 'vitest';
import { epochDayOf, isTradingDay, localClock, NEW_YORK, tradingIndexOnOrBefore } from '../calendar.js';
import { DEMO_DIVIDENDS, DEMO_SPLITS } from './corporate-actions.js';
import { DemoMarketDataProvider } from './demo-provider.js';
import { PriceSeries } from './price-series.js';
import { DEMO_UNIVERSE } from './universe.js';

/** Saturday 2025-03-15, noon in New York: every demo split is in the past. */
const SATURDAY = Date.parse('2025-03-15T16:00:00Z');
/** Friday 2020-08-28 after the close in New York: the last day before Apple's 4-for-1 split. */
const BEFORE_SPLIT = Date.parse('2020-08-28T21:00:00Z');
/** Monday 2020-08-31, the split's first day, after the close. */
const SPLIT_DAY = Date.parse('2020-08-31T21:00:00Z');

const at = (now: number) => new DemoMarketDataProvider({ now: () => now });
const nyDate = (ms: number) => new Date(localClock(NEW_YORK, ms).epochDay * 86_400_000).toISOString().slice(0, 10);
const symbols = DEMO_UNIVERSE.map((c) => c.symbol);

describe('demo corporate actions: the data', () => {
  it('names only listings of the universe, and real splits on trading days', () => {
    for (const symbol of [...Object.keys(DEMO_SPLITS), ...Object.keys(DEMO_DIVIDENDS)]) {
      expect(symbols).toContain(symbol);
    }
    const splits = Object.values(DEMO_SPLITS).flat();
    expect(splits.length).toBeGreaterThanOrEqual(2);
    expect(splits.map((s) => s.numerator / s.denominator)).toEqual(expect.arrayContaining([4, 20]));
    for (const split of splits) expect(isTradingDay(epochDayOf(split.date)), split.date).toBe(true);
  });

  it('gives payers a yield of 0.5–4 % and pays non-payers nothing', async () => {
    for (const policy of Object.values(DEMO_DIVIDENDS)) {
      expect(policy.yield).toBeGreaterThanOrEqual(0.005);
      expect(policy.yield).toBeLessThanOrEqual(0.04);
    }
    const p = at(SATURDAY);
    for (const symbol of ['AMZN', 'TSLA', 'NFLX', 'AMD', 'ADBE', 'NVDA']) {
      expect((await p.corporateActions(symbol, '2000-01-01', '2025-03-15')).dividends, symbol).toEqual([]);
    }
  });

  it('pays Johnson & Johnson quarterly, one amount a year, that year’s yield of last year’s close', async () => {
    const p = at(SATURDAY);
    const { dividends, currency } = await p.corporateActions('JNJ', '2024-01-01', '2024-12-31');
    expect(currency).toBe('USD');
    expect(dividends).toHaveLength(4);
    for (const d of dividends) {
      expect(isTradingDay(epochDayOf(d.exDate))).toBe(true);
      expect(d.payDate > d.exDate).toBe(true);
      expect(nyDate(d.exTime)).toBe(d.exDate);
      expect(nyDate(d.payTime)).toBe(d.payDate);
      expect(d.amount).toBe(dividends[0]?.amount);
    }
    const series = new PriceSeries(DEMO_UNIVERSE.find((c) => c.symbol === 'JNJ')!);
    const lastClose2023 = series.rawClose(tradingIndexOnOrBefore(epochDayOf('2023-12-31')));
    const annual = dividends.reduce((sum, d) => sum + d.amount, 0);
    // Declared to 3 decimals: within 4 × half a tenth of a cent of the policy's yield.
    expect(Math.abs(annual - DEMO_DIVIDENDS.JNJ!.yield * lastClose2023)).toBeLessThanOrEqual(0.002 + 1e-9);
    // And a plausible yield at the prices of the day.
    const close = (await p.getHistory('JNJ', '1y', '1d')).at(-1)!.close;
    expect(annual / close).toBeGreaterThan(0.01);
    expect(annual / close).toBeLessThan(0.06);
  });

  it('declares yen dividends in whole yen and pence ones to 2 decimals', async () => {
    const p = at(SATURDAY);
    const toyota = await p.corporateActions('7203.T', '2023-01-01', '2024-12-31');
    expect(toyota.currency).toBe('JPY');
    expect(toyota.dividends).toHaveLength(4);
    for (const d of toyota.dividends) expect(Number.isInteger(d.amount)).toBe(true);
    const shell = await p.corporateActions('SHEL.L', '2024-01-01', '2024-12-31');
    expect(shell.currency).toBe('GBp');
    expect(shell.dividends).toHaveLength(4);
    for (const d of shell.dividends) expect(Math.round(d.amount * 100) / 100).toBe(d.amount);
  });

  it('states a dividend before a split on the share count of its time: the ratio times one after it', async () => {
    const p = at(SATURDAY);
    const { dividends } = await p.corporateActions('AAPL', '2020-01-01', '2020-12-31');
    const before = dividends.find((d) => d.exDate === '2020-08-10');
    const after = dividends.find((d) => d.exDate === '2020-11-09');
    expect(before?.amount).toBeCloseTo(4 * (after?.amount ?? 0), 9);
    expect(after?.amount).toBeGreaterThan(0);
  });

  it('knows a split or an ex-date only once its day has begun', async () => {
    const before = await at(BEFORE_SPLIT).corporateActions('AAPL', '2020-08-01', '2020-09-30');
    expect(before.splits).toEqual([]);
    expect(before.dividends.map((d) => d.exDate)).toEqual(['2020-08-10']);
    const preMarket = await at(Date.parse('2020-08-31T12:00:00Z')).corporateActions('AAPL', '2020-08-01', '2020-09-30');
    expect(preMarket.splits).toEqual([]);
    const { splits } = await at(SPLIT_DAY).corporateActions('AAPL', '2020-08-01', '2020-09-30');
    expect(splits).toEqual([
      {
        date: '2020-08-31',
        time: Date.parse('2020-08-31T13:30:00Z'),
        numerator: 4,
        denominator: 1,
        price: (await at(SPLIT_DAY).getQuote('AAPL')).currentPrice,
      },
    ]);
    // `to` bounds the answer too.
    expect((await at(SATURDAY).corporateActions('AAPL', '2020-08-01', '2020-08-30')).splits).toEqual([]);
  });
});

describe('demo prices across a split', () => {
  it('quote before the split at the price of the time; after it, charts and the previous close on the new count', async () => {
    const friday = await at(BEFORE_SPLIT).getQuote('AAPL');
    const monday = await at(SPLIT_DAY).getQuote('AAPL');
    // The chart as of the split day puts Friday on the new share count; the quote's previous close is that bar.
    const days = await at(SPLIT_DAY).getHistory('AAPL', '5d', '1d');
    const fridayBar = days.find((bar) => nyDate(bar.time) === '2020-08-28');
    const adjusted = Math.round((friday.currentPrice / 4) * 10_000) / 10_000;
    expect(fridayBar?.close).toBe(adjusted);
    expect(monday.regularMarketPreviousClose).toBe(adjusted);
    expect(days.at(-1)?.close).toBe(monday.currentPrice);
    // No fourfold drop on the chart: a day's move, not the split.
    expect(Math.abs(Math.log(monday.currentPrice / adjusted))).toBeLessThan(0.25);
    expect(friday.currentPrice / monday.currentPrice).toBeGreaterThan(3);
    // The same chart seen before the split shows Friday as it traded.
    const fridayChart = await at(BEFORE_SPLIT).getHistory('AAPL', '5d', '1d');
    expect(fridayChart.at(-1)?.close).toBe(friday.currentPrice);
  });

  it('keeps intraday charts across the split on the new count, and volumes with them', async () => {
    const tuesday = at(Date.parse('2020-09-01T21:00:00Z'));
    const hours = await tuesday.getHistory('AAPL', '5d', '1h');
    for (let i = 1; i < hours.length; i++) {
      const move = Math.abs(Math.log((hours[i]?.open ?? 1) / (hours[i - 1]?.close ?? 1)));
      expect(move, new Date(hours[i]?.time ?? 0).toISOString()).toBeLessThan(0.1);
    }
    const asTraded = await at(BEFORE_SPLIT).getHistory('AAPL', '1d', '1d');
    const adjusted = (await tuesday.getHistory('AAPL', '5d', '1d')).find((bar) => bar.time === asTraded[0]?.time);
    expect(adjusted?.volume).toBe((asTraded[0]?.volume ?? 0) * 4);
  });

  it('lands today’s prices where they were before splits existed (the anchor is on today’s count)', async () => {
    const quote = await at(SATURDAY).getQuote('AAPL');
    const noSplits = await new DemoMarketDataProvider({ now: () => SATURDAY, splits: {} }).getQuote('AAPL');
    expect(quote.currentPrice).toBe(noSplits.currentPrice);
  });
});
