import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { corporateActionsFromChart, YAHOO_PAY_AFTER_TRADING_DAYS } from './yahoo-corporate-actions.js';
import { mapChart, mapChartEvents } from './yahoo-mappers.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
/** NVDA's chart with `events=div,split`: two splits (4:1 in 2021, 10:1 in 2024) and three dividends. */
const nvda = () =>
  JSON.parse(fs.readFileSync(path.join(fixtures, 'chart-nvda-1d-events.json'), 'utf8')).chart.result[0];
const NOW = Date.parse('2025-01-15T16:00:00Z');

describe('Yahoo chart events', () => {
  it('maps dividends and splits from the chart answer, oldest first, in epoch milliseconds', () => {
    expect(mapChartEvents(nvda())).toEqual({
      dividends: [
        { time: Date.parse('2021-06-09T13:30:00Z'), amount: 0.004 },
        { time: Date.parse('2021-08-31T13:30:00Z'), amount: 0.004 },
        { time: Date.parse('2024-06-11T13:30:00Z'), amount: 0.01 },
      ],
      splits: [
        { time: Date.parse('2021-07-20T13:30:00Z'), numerator: 4, denominator: 1 },
        { time: Date.parse('2024-06-10T13:30:00Z'), numerator: 10, denominator: 1 },
      ],
    });
  });

  it('drops what it cannot use and reads the ratio text when the numbers are missing', () => {
    const events = mapChartEvents({
      events: {
        dividends: {
          '1700000000': { amount: 0, date: 1700000000 },
          '1700100000': { amount: 'x', date: 1700100000 },
          '1700200000': { amount: 0.5 },
          bogus: { amount: 0.5 },
        },
        splits: {
          '1700300000': { date: 1700300000, splitRatio: '1:10' },
          '1700400000': { date: 1700400000, numerator: 0, denominator: 1 },
          '1700500000': { date: 1700500000, splitRatio: 'garbage' },
        },
      },
    });
    expect(events).toEqual({
      dividends: [{ time: 1700200000_000, amount: 0.5 }],
      splits: [{ time: 1700300000_000, numerator: 1, denominator: 10 }],
    });
    expect(mapChartEvents({})).toEqual({ dividends: [], splits: [] });
  });

  it('turns amounts and split-day prices back to the share count of their day, dates in New York', () => {
    const result = nvda();
    const actions = corporateActionsFromChart({
      symbol: 'NVDA',
      currency: 'USD',
      timeZone: 'America/New_York',
      events: mapChartEvents(result),
      bars: mapChart(result, '1d'),
      from: '2021-01-01',
      to: '2025-01-15',
      now: NOW,
    });
    expect(actions.splits).toEqual([
      // 18.66 on today's count was 186.60 on the day of the 4:1 split (before the 10:1 one).
      { date: '2021-07-20', time: Date.parse('2021-07-20T13:30:00Z'), numerator: 4, denominator: 1, price: 186.6 },
      { date: '2024-06-10', time: Date.parse('2024-06-10T13:30:00Z'), numerator: 10, denominator: 1, price: 121.79 },
    ]);
    expect(actions.dividends.map((d) => [d.exDate, d.amount, d.payDate])).toEqual([
      ['2021-06-09', 0.16, '2021-06-23'],
      ['2021-08-31', 0.04, '2021-09-14'],
      ['2024-06-11', 0.01, '2024-06-25'],
    ]);
    const first = actions.dividends[0];
    expect(first?.exTime).toBe(Date.parse('2021-06-09T13:30:00Z'));
    // YAHOO_PAY_AFTER_TRADING_DAYS weekdays later, at the same time of day in New York.
    expect(YAHOO_PAY_AFTER_TRADING_DAYS).toBe(10);
    expect(first?.payTime).toBe(Date.parse('2021-06-23T13:30:00Z'));
  });

  it('keeps only what falls between from and to and has happened by now', () => {
    const result = nvda();
    const input = {
      symbol: 'NVDA',
      currency: 'USD',
      timeZone: 'America/New_York',
      events: mapChartEvents(result),
      bars: mapChart(result, '1d'),
    };
    const between = corporateActionsFromChart({ ...input, from: '2021-07-01', to: '2021-07-31', now: NOW });
    expect(between.dividends).toEqual([]);
    expect(between.splits.map((s) => s.date)).toEqual(['2021-07-20']);
    const early = corporateActionsFromChart({
      ...input,
      from: '2021-01-01',
      to: '2025-01-15',
      now: Date.parse('2024-06-10T13:00:00Z'),
    });
    expect(early.splits.map((s) => s.date)).toEqual(['2021-07-20']);
    expect(early.dividends.map((d) => d.exDate)).toEqual(['2021-06-09', '2021-08-31']);
  });
});
