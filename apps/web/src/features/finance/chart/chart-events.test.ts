import type { PriceHistory, StockEvents } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { toChartBars } from './chart-data';
import {
  chartEvents,
  DIVIDEND_COLOR,
  eventMarkers,
  eventsKey,
  eventsSummary,
  formatPerShare,
  SPLIT_COLOR,
} from './chart-events';

const bar = { Open: 1, High: 1, Low: 1, Close: 1, Volume: 1 };
/** Daily bars at the New York open, 2020-08-26 to 2020-09-01 (a weekend in between). */
const daily: PriceHistory = Object.fromEntries(
  ['2020-08-26', '2020-08-27', '2020-08-28', '2020-08-31', '2020-09-01'].map((d) => [`${d}T13:30:00.000Z`, bar]),
);

const events: StockEvents = {
  currency: 'USD',
  dividends: [
    // Before the chart's first bar: not shown.
    { exDate: '2020-05-08', time: '2020-05-08T13:30:00.000Z', payDate: '2020-05-14', amount: 0.82 },
    { exDate: '2020-08-27', time: '2020-08-27T13:30:00.000Z', payDate: '2020-09-10', amount: 0.205 },
  ],
  splits: [{ date: '2020-08-31', time: '2020-08-31T13:30:00.000Z', numerator: 4, denominator: 1 }],
};

describe('chart events', () => {
  it('puts each event on the bar of its day, in time order, with a sentence for the legend', () => {
    const bars = toChartBars(daily, '1d');
    expect(chartEvents(events, bars)).toEqual([
      {
        kind: 'dividend',
        barIndex: 1,
        text: 'D',
        description: 'Dividend $0.205 a share, ex-date Aug 27, 2020, paid Sep 10, 2020',
      },
      { kind: 'split', barIndex: 3, text: '4:1', description: 'Split 4-for-1 on Aug 31, 2020' },
    ]);
    expect(eventMarkers(chartEvents(events, bars), bars)).toEqual([
      { time: bars[1]?.time, position: 'belowBar', shape: 'circle', color: DIVIDEND_COLOR, text: 'D' },
      { time: bars[3]?.time, position: 'aboveBar', shape: 'square', color: SPLIT_COLOR, text: '4:1' },
    ]);
    expect(eventsSummary(chartEvents(events, bars))).toBe('1 dividend and 1 split marked');
    expect(eventsKey(chartEvents(events, bars))).toBe(
      'D marks a dividend’s ex-date, 4:1 marks a split. Point at a marker for details.',
    );
    const dividendsOnly = chartEvents({ ...events, splits: [] }, bars);
    expect(eventsKey(dividendsOnly)).toBe('D marks a dividend’s ex-date. Point at a marker for details.');
  });

  it('puts an event on the week or month bar it falls in', () => {
    const weekly = toChartBars({ '2020-08-24T13:30:00.000Z': bar, '2020-08-31T13:30:00.000Z': bar }, '1wk');
    expect(chartEvents(events, weekly).map((e) => [e.kind, e.barIndex])).toEqual([
      ['dividend', 0],
      ['split', 1],
    ]);
  });

  it('has nothing to mark without events or bars', () => {
    expect(chartEvents(undefined, toChartBars(daily, '1d'))).toEqual([]);
    expect(chartEvents(events, [])).toEqual([]);
    expect(eventsSummary([])).toBe('');
  });

  it('writes a reverse split and amounts in other currencies as declared', () => {
    const bars = toChartBars(daily, '1d');
    const reverse = chartEvents(
      {
        currency: 'GBp',
        dividends: [],
        splits: [{ date: '2020-08-28', time: '2020-08-28T13:30:00.000Z', numerator: 1, denominator: 10 }],
      },
      bars,
    );
    expect(reverse[0]).toMatchObject({ text: '1:10', description: 'Reverse split 1-for-10 on Aug 28, 2020' });
    expect(formatPerShare(22.31, 'GBp')).toBe('22.31 GBp');
    expect(formatPerShare(45, 'JPY')).toBe('¥45');
    expect(formatPerShare(1.5, 'EUR')).toBe('€1.50');
  });
});
