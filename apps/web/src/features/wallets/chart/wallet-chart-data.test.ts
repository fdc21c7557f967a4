import { describe, expect, it } from 'vitest';
import { historyEntry } from '../test-fixtures';
import {
  GRID_STEPS,
  gridStep,
  MAX_SLOTS,
  pointAtSlot,
  toTimeGrid,
  toWalletChartPoints,
  toWalletSeriesData,
  valueBounds,
} from './wallet-chart-data';

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
  });

  it('places points by their times: the gaps between them are whitespace in proportion', () => {
    // 23:04:05, 23:04:20 and 23:04:50 (three trades in one minute), then "now" at 23:10:00.
    const grid = toTimeGrid(
      toWalletChartPoints(
        [
          historyEntry('2025-01-02T23:04:05.000Z', 10_000_000, 0),
          historyEntry('2025-01-02T23:04:20.000Z', 9_000_000, 1_000_000),
          historyEntry('2025-01-02T23:04:50.000Z', 8_000_000, 2_000_000),
          historyEntry('2025-01-02T23:10:00.000Z', 8_000_000, 2_100_000, true),
        ],
        'UTC',
      ),
    );
    // A span of 355 s fits one-second slots.
    expect(grid.step).toBe(1);
    expect(grid.slotOf).toEqual([0, 15, 45, 355]);
    const data = toWalletSeriesData(grid);
    expect(data.total).toHaveLength(356);
    expect(data.total.filter((item) => 'value' in item)).toEqual([
      { time: seconds('2025-01-02T23:04:05Z'), value: 100_000 },
      { time: seconds('2025-01-02T23:04:20Z'), value: 100_000 },
      { time: seconds('2025-01-02T23:04:50Z'), value: 100_000 },
      { time: seconds('2025-01-02T23:10:00Z'), value: 101_000 },
    ]);
    // Every slot's time is one step after the last: strictly increasing, evenly spaced in time.
    const times = data.total.map((item) => item.time);
    expect(times.every((time, index) => index === 0 || time - (times[index - 1] as number) === 1)).toBe(true);
    expect(data.balance[16]).toEqual({ time: seconds('2025-01-02T23:04:21Z') });
    // Hovering a gap shows the wallet as the last trade left it.
    expect(pointAtSlot(grid, 30)?.balance).toBe(90_000);
    expect(pointAtSlot(grid, 355)?.isCurrent).toBe(true);
  });

  it('merges points that share a slot of a long history, keeping the latest', () => {
    const points = toWalletChartPoints(history, 'UTC');
    // 2 days and 1.5 hours: 2-minute slots would be too many; 5-minute slots fit.
    const grid = toTimeGrid(points);
    expect(grid.step).toBe(300);
    expect(grid.slots).toBeLessThanOrEqual(MAX_SLOTS);
    expect(grid.points.map((point) => point.total)).toEqual([100_000, 79_311.7, 79_500]);
    const months = toTimeGrid(
      toWalletChartPoints(
        [
          historyEntry('2025-01-02T15:00:00.000Z', 10_000_000, 0),
          historyEntry('2025-03-03T15:00:01.000Z', 9_000_000, 1_000_000),
          historyEntry('2025-03-03T15:00:02.000Z', 8_000_000, 2_000_000),
          historyEntry('2025-03-03T15:00:03.000Z', 7_000_000, 3_000_000, true),
        ],
        'UTC',
      ),
    );
    // Two months in 1-hour slots: the three last points share one, the latest ("now") stands for them.
    expect(months.step).toBe(3600);
    expect(months.points.map((point) => [point.balance, point.isCurrent])).toEqual([
      [100_000, false],
      [70_000, true],
    ]);
    expect(toWalletSeriesData(months).total.filter((item) => 'value' in item)).toHaveLength(2);
  });

  it('picks the shortest step that keeps the grid small', () => {
    expect(gridStep(0)).toBe(1);
    expect(gridStep(MAX_SLOTS - 1)).toBe(1);
    expect(gridStep(MAX_SLOTS)).toBe(5);
    expect(gridStep(400 * 86_400)).toBe(21_600);
    for (const span of [10, 10_000, 1e6, 1e8, 1e10]) {
      expect(span / gridStep(span)).toBeLessThan(MAX_SLOTS + 1);
    }
    expect(GRID_STEPS).toContain(gridStep(1e6));
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
    expect(toWalletSeriesData(toTimeGrid([]))).toEqual({ balance: [], total: [] });
  });
});
