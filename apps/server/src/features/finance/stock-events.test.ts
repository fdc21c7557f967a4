import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoMarketDataProvider } from '../../integrations/market-data/demo/demo-provider.js';
import { type MarketDataProvider, upstreamUnavailable } from '../../integrations/market-data/types.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Friday 2025-03-14, 11:00 in New York: the market is open. */
const NOW = Date.parse('2025-03-14T15:00:00Z');

/**
 * docs/api.md#corporate-actions: get_full_stock carries the dividends and splits within its
 * history for the chart's markers, stamped like the bars they fall on. No database behaviour is
 * involved (one SQLite app).
 */
describe('chart events in get_full_stock', () => {
  let t: TestApp;
  let down: TestApp;
  const demo = new DemoMarketDataProvider({ now: () => NOW });

  beforeAll(async () => {
    t = await createTestApp('sqlite', { FULL_STOCK_CACHE: 'off' }, undefined, { marketData: demo });
    // A source whose corporate actions fail like an unreachable upstream.
    const failing: MarketDataProvider = Object.assign(Object.create(demo) as DemoMarketDataProvider, {
      corporateActions: async () => {
        throw upstreamUnavailable('The market data provider is unavailable');
      },
    });
    down = await createTestApp('sqlite', { FULL_STOCK_CACHE: 'off' }, undefined, { marketData: failing });
  });
  afterAll(async () => {
    await t.close();
    await down.close();
  });

  const fullStock = async (app: TestApp, query: string) => {
    const res = await app.app.inject({ url: `/api/finance/get_full_stock?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('marks each dividend and split on the daily bar of its day, oldest first', async () => {
    const answer = await fullStock(t, 'symbol=AAPL&range=5y&interval=1d');
    const { events, history } = answer;
    expect(events.currency).toBe('USD');
    expect(events.splits).toEqual([
      { date: '2020-08-31', time: '2020-08-31T13:30:00.000Z', numerator: 4, denominator: 1 },
    ]);
    // Five years of quarterly dividends, each on a bar of the chart.
    expect(events.dividends.length).toBeGreaterThanOrEqual(19);
    expect(events.dividends.length).toBeLessThanOrEqual(21);
    const keys = Object.keys(history);
    for (const dividend of events.dividends) {
      expect(keys).toContain(dividend.time);
      expect(dividend.time.slice(0, 10)).toBe(dividend.exDate);
      expect(dividend.payDate > dividend.exDate).toBe(true);
    }
    const times = events.dividends.map((d: { time: string }) => d.time);
    expect(times).toEqual([...times].sort());
    expect(times[0] >= keys[0]!).toBe(true);
    // The history is adjusted for the split: no fourfold step on its day.
    const before = history['2020-08-28T13:30:00.000Z'].Close;
    const after = history['2020-08-31T13:30:00.000Z'].Close;
    expect(Math.abs(Math.log(after / before))).toBeLessThan(0.25);
  });

  it('gives a listing that pays nothing its splits only, and a short range what falls in it', async () => {
    expect((await fullStock(t, 'symbol=TSLA&range=5y&interval=1wk')).events).toMatchObject({
      dividends: [],
      splits: [{ date: '2020-08-31' }, { date: '2022-08-25', numerator: 3, denominator: 1 }],
    });
    const quarter = await fullStock(t, 'symbol=AAPL&range=3mo&interval=1d');
    expect(quarter.events).toEqual({
      currency: 'USD',
      dividends: [expect.objectContaining({ exDate: '2025-02-10' })],
      splits: [],
    });
    expect((await fullStock(t, 'symbol=AAPL&range=5d&interval=1d')).events).toEqual({
      currency: 'USD',
      dividends: [],
      splits: [],
    });
  });

  it('leaves the events out, not the chart, when the source cannot say', async () => {
    const answer = await fullStock(down, 'symbol=AAPL&range=1y&interval=1d');
    expect(answer).not.toHaveProperty('events');
    expect(Object.keys(answer.history).length).toBeGreaterThan(200);
  });
});
