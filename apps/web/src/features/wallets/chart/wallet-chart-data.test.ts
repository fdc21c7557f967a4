import { describe, expect, it } from 'vitest';
import { historyEntry } from '../test-fixtures';
import { toWalletChartPoints, toWalletSeriesData, valueBounds } from './wallet-chart-data';

const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('wallet chart data', () => {
  const history = [
    historyEntry('2025-01-02T15:00:00.000Z', 10_000_000, 0),
    historyEntry('2025-01-03T15:00:00.100Z', 7_701_300, 229_870),
    // A second trade in the same second: its snapshot wins.
    historyEntry('2025-01-03T15:00:00.900Z', 7_600_000, 331_170),
    historyEntry('2025-01-04T16:30:00.000Z', 7_600_000, 350_000, true),
  ];

  it('maps history to cash and cash-plus-stocks points in time order, one per second', () => {
    const points = toWalletChartPoints(history, 'UTC');
    expect(points.map((point) => point.time)).toEqual([
      seconds('2025-01-02T15:00:00Z'),
      seconds('2025-01-03T15:00:00Z'),
      seconds('2025-01-04T16:30:00Z'),
    ]);
    expect(points.map((point) => [point.balance, point.total])).toEqual([
      [100_000, 100_000],
      [76_000, 79_311.7],
      [76_000, 79_500],
    ]);
    expect(points.map((point) => point.isCurrent)).toEqual([false, false, true]);

    expect(toWalletSeriesData(points)).toEqual({
      balance: [
        { time: seconds('2025-01-02T15:00:00Z'), value: 100_000 },
        { time: seconds('2025-01-03T15:00:00Z'), value: 76_000 },
        { time: seconds('2025-01-04T16:30:00Z'), value: 76_000 },
      ],
      total: [
        { time: seconds('2025-01-02T15:00:00Z'), value: 100_000 },
        { time: seconds('2025-01-03T15:00:00Z'), value: 79_311.7 },
        { time: seconds('2025-01-04T16:30:00Z'), value: 79_500 },
      ],
    });
  });

  it("labels times in the viewer's zone and sorts entries that arrive out of order", () => {
    const points = toWalletChartPoints(history.slice(0, 2).reverse(), 'America/New_York');
    // 15:00 UTC in January is 10:00 in New York.
    expect(points.map((point) => point.time)).toEqual([
      seconds('2025-01-02T10:00:00Z'),
      seconds('2025-01-03T10:00:00.000Z'),
    ]);
    expect(points[0]?.timeMs).toBe(Date.parse('2025-01-02T15:00:00.000Z'));
  });

  it('keeps the wall-clock times strictly increasing when a clock goes back (DST ends)', () => {
    // 2025-11-02 in New York: 01:30 EDT (05:30Z), then 01:10 EST (06:10Z).
    const points = toWalletChartPoints(
      [
        historyEntry('2025-11-02T05:30:00.000Z', 100, 0),
        historyEntry('2025-11-02T06:10:00.000Z', 200, 0),
        historyEntry('2025-11-02T08:00:00.000Z', 300, 0),
      ],
      'America/New_York',
    );
    expect(points.map((point) => point.balance)).toEqual([2, 3]);
    const times = points.map((point) => point.time);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('pads the value axis: a tenth of the range, at least 1 % of the value, never below $0', () => {
    const points = toWalletChartPoints(history, 'UTC');
    // Values 76,000–100,000: range 24,000 → 2,400 either side.
    expect(valueBounds(points)).toEqual({ minValue: 73_600, maxValue: 102_400 });
    // A wallet that never traded: a flat $100,000.00 gets ±$1,000.00.
    const flat = toWalletChartPoints([historyEntry('2025-01-02T15:00:00.000Z', 10_000_000, 0)], 'UTC');
    expect(valueBounds(flat)).toEqual({ minValue: 99_000, maxValue: 101_000 });
    // All in stocks: cash at $0 keeps the axis at $0.
    const invested = toWalletChartPoints([historyEntry('2025-01-02T15:00:00.000Z', 0, 10_000_000)], 'UTC');
    expect(valueBounds(invested)).toEqual({ minValue: 0, maxValue: 110_000 });
    expect(valueBounds([])).toBeNull();
  });

  it('is empty for no history', () => {
    expect(toWalletChartPoints([], 'UTC')).toEqual([]);
    expect(toWalletSeriesData([])).toEqual({ balance: [], total: [] });
  });
});
