import type { PriceHistory } from '@site/contract';
import type { Time } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { fixedAutoscale, formatTick, TICK_MARK, wallClockSeconds } from '../../../lib/charts/time';
import {
  type ChartBar,
  clampLogicalRange,
  constrainView,
  DAY_MS,
  DEFAULT_EXCHANGE_TIME_ZONE,
  formatBarTime,
  MAX_VISIBLE_SPAN_MS,
  priceAutoscale,
  priceBounds,
  spanLimits,
  timeAtLogical,
  toChartBars,
  toSeriesData,
  volumeBounds,
} from './chart-data';

const bar = (open: number, high: number, low: number, close: number, volume: number) => ({
  Open: open,
  High: high,
  Low: low,
  Close: close,
  Volume: volume,
});

const daily: PriceHistory = {
  // Deliberately out of order: the mapping sorts.
  '2025-01-03T14:30:00.000Z': bar(102, 110, 100, 108, 2_000),
  '2025-01-02T14:30:00.000Z': bar(100, 105, 95, 101, 1_000),
  '2025-01-06T14:30:00.000Z': bar(108, 120, 90, 95, 5_000),
};

/** Minute bars every `stepMin` minutes from a New York market open. */
function intraday(count: number, stepMin: number, startIso = '2025-07-01T13:30:00.000Z'): PriceHistory {
  const start = Date.parse(startIso);
  const history: PriceHistory = {};
  for (let i = 0; i < count; i += 1) {
    history[new Date(start + i * stepMin * 60_000).toISOString()] = bar(10, 11, 9, 10, 100);
  }
  return history;
}

describe('toChartBars', () => {
  it('orders daily bars and uses the trading date as a business day', () => {
    const bars = toChartBars(daily, '1d');
    expect(bars.map((b) => b.time)).toEqual([
      { year: 2025, month: 1, day: 2 },
      { year: 2025, month: 1, day: 3 },
      { year: 2025, month: 1, day: 6 },
    ]);
    expect(bars[0]).toMatchObject({ open: 100, high: 105, low: 95, close: 101, volume: 1_000 });
    expect(bars[0]?.timeMs).toBe(Date.parse('2025-01-02T14:30:00.000Z'));
  });

  it('draws intraday bars at New York wall-clock time, summer and winter', () => {
    const [summer] = toChartBars({ '2025-07-01T13:30:00.000Z': bar(1, 1, 1, 1, 1) }, '5m');
    const [winter] = toChartBars({ '2025-01-02T14:30:00.000Z': bar(1, 1, 1, 1, 1) }, '1m');
    expect(summer?.time).toBe(Date.parse('2025-07-01T09:30:00.000Z') / 1000);
    expect(winter?.time).toBe(Date.parse('2025-01-02T09:30:00.000Z') / 1000);
    expect(wallClockSeconds(Date.parse('2025-03-10T13:30:00.000Z'), DEFAULT_EXCHANGE_TIME_ZONE)).toBe(
      Date.parse('2025-03-10T09:30:00Z') / 1000,
    );
  });

  it('skips unparsable keys and duplicate chart times', () => {
    const bars = toChartBars(
      {
        nonsense: bar(1, 1, 1, 1, 1),
        '2025-01-02T14:30:00.000Z': bar(1, 1, 1, 1, 1),
        '2025-01-02T15:30:00.000Z': bar(2, 2, 2, 2, 2),
      },
      '1d',
    );
    expect(bars).toHaveLength(1);
  });
});

describe('toSeriesData', () => {
  it('maps bars to a line per price, candles and coloured volume', () => {
    const data = toSeriesData(toChartBars(daily, '1d'), { volumeUp: 'up', volumeDown: 'down' });
    const day = { year: 2025, month: 1, day: 2 };
    expect(data.close[0]).toEqual({ time: day, value: 101 });
    expect(data.open[0]).toEqual({ time: day, value: 100 });
    expect(data.high[0]).toEqual({ time: day, value: 105 });
    expect(data.low[0]).toEqual({ time: day, value: 95 });
    expect(data.candles[0]).toEqual({ time: day, open: 100, high: 105, low: 95, close: 101 });
    expect(data.volume.map((v) => [v.value, v.color])).toEqual([
      [1_000, 'up'],
      [2_000, 'up'],
      [5_000, 'down'],
    ]);
  });
});

describe('scale bounds', () => {
  it('runs the price axis from 0.9 × lowest low to 1.1 × highest high', () => {
    const bounds = priceBounds(toChartBars(daily, '1d'));
    expect(bounds?.minValue).toBeCloseTo(81);
    expect(bounds?.maxValue).toBeCloseTo(132);
    expect(fixedAutoscale(bounds)()).toEqual({ priceRange: bounds });
  });

  it('runs the volume axis from 0 to 1.2 × the highest volume', () => {
    expect(volumeBounds(toChartBars(daily, '1d'))).toEqual({ minValue: 0, maxValue: 6_000 });
  });

  it('has no bounds without data', () => {
    expect(priceBounds([])).toBeNull();
    expect(volumeBounds([])).toBeNull();
    expect(fixedAutoscale(null)()).toBeNull();
  });
});

describe('price axis fit', () => {
  /** A day of 5-minute bars drifting between 430 and 443, as AAPL's Day chart had them. */
  function day(): ChartBar[] {
    const history: PriceHistory = {};
    const start = Date.parse('2025-07-01T13:30:00.000Z');
    for (let i = 0; i < 78; i += 1) {
      const mid = 431 + (11 * i) / 77;
      history[new Date(start + i * 5 * 60_000).toISOString()] = bar(mid, mid + 1, mid - 1, mid + 0.5, 1_000);
    }
    return toChartBars(history, '5m');
  }
  /** What the chart library's own autoscale gives: the lowest low and highest high of the bars in view. */
  const inView = (bars: ChartBar[], from: number, to: number) => () => {
    const shown = bars.slice(Math.max(0, Math.ceil(from)), Math.floor(to) + 1);
    return {
      priceRange: { minValue: Math.min(...shown.map((b) => b.low)), maxValue: Math.max(...shown.map((b) => b.high)) },
    };
  };
  const whole = (bars: ChartBar[]) => ({ from: -0.5, to: bars.length - 0.5 });

  it('fits a Day chart to its bars, not to 0.9 × / 1.1 ×', () => {
    const bars = day();
    const axis = priceAutoscale(bars, '1d', '5m', () => whole(bars));
    const range = axis(inView(bars, -0.5, bars.length - 0.5))?.priceRange;
    expect(range?.minValue).toBeCloseTo(430);
    expect(range?.maxValue).toBeCloseTo(443);
  });

  it('keeps the seed’s bounds on the default year of daily bars while all of it is in view', () => {
    const bars = toChartBars(daily, '1d');
    const axis = priceAutoscale(bars, '1y', '1d', () => whole(bars));
    expect(axis(inView(bars, 0, 2))?.priceRange).toEqual(priceBounds(bars));
  });

  it('fits the bars in view once the default view is zoomed, and other daily ranges always', () => {
    const bars = toChartBars(daily, '1d');
    let view = { from: 0, to: 1 };
    const axis = priceAutoscale(bars, '1y', '1d', () => view);
    expect(axis(inView(bars, view.from, view.to))?.priceRange).toEqual({ minValue: 95, maxValue: 110 });
    view = whole(bars);
    expect(axis(inView(bars, view.from, view.to))?.priceRange).toEqual(priceBounds(bars));
    const month = priceAutoscale(bars, '1mo', '1d', () => whole(bars));
    expect(month(inView(bars, -0.5, 2.5))?.priceRange).toEqual({ minValue: 90, maxValue: 120 });
  });
});

describe('visible span limits', () => {
  it('applies to intraday charts only, with a minimum of one day or the whole data', () => {
    expect(spanLimits(toChartBars(daily, '1d'))).toEqual({ minMs: DAY_MS, maxMs: MAX_VISIBLE_SPAN_MS });
    expect(spanLimits(toChartBars(daily, '1d').slice(0, 1))).toBeNull();
    const dayOfMinutes = toChartBars(intraday(390, 1), '1m');
    expect(spanLimits(dayOfMinutes)).toEqual({ minMs: 389 * 60_000, maxMs: MAX_VISIBLE_SPAN_MS });
    const fiveDays = toChartBars(intraday(2000, 5), '5m');
    expect(spanLimits(fiveDays)).toEqual({ minMs: DAY_MS, maxMs: MAX_VISIBLE_SPAN_MS });
  });

  it('interpolates and extrapolates logical indexes to times', () => {
    const times = [0, 10, 20, 40];
    expect(timeAtLogical(times, 1.5)).toBe(15);
    expect(timeAtLogical(times, 2.5)).toBe(30);
    expect(timeAtLogical(times, -1)).toBe(-10);
    expect(timeAtLogical(times, 4)).toBe(60);
  });

  const hourly = (count: number) => Array.from({ length: count }, (_, i) => i * 3_600_000);

  it('leaves a range inside the limits alone', () => {
    const times = hourly(24 * 40);
    expect(clampLogicalRange({ from: 100, to: 200 }, times, { minMs: DAY_MS, maxMs: MAX_VISIBLE_SPAN_MS })).toBeNull();
  });

  it('narrows a range wider than 30 days, keeping the right edge', () => {
    const times = hourly(24 * 40);
    const limits = { minMs: DAY_MS, maxMs: MAX_VISIBLE_SPAN_MS };
    const clamped = clampLogicalRange({ from: 0, to: 959 }, times, limits);
    expect(clamped?.to).toBe(959);
    const span = timeAtLogical(times, clamped?.to ?? 0) - timeAtLogical(times, clamped?.from ?? 0);
    expect(span).toBeCloseTo(MAX_VISIBLE_SPAN_MS, -3);
  });

  it('widens a range shorter than a day, moving the right edge when the left one hits the first bar', () => {
    const times = hourly(24 * 5);
    const limits = { minMs: DAY_MS, maxMs: MAX_VISIBLE_SPAN_MS };
    const widened = clampLogicalRange({ from: 50, to: 54 }, times, limits);
    expect(widened?.to).toBe(54);
    expect(widened?.from).toBeCloseTo(30);
    const pinned = clampLogicalRange({ from: 2, to: 6 }, times, limits);
    expect(pinned?.from).toBe(0);
    expect(pinned?.to).toBeCloseTo(24);
  });

  it('copes with the overnight gaps of intraday data', () => {
    // Two sessions of 5-minute bars, 17.5 h apart.
    const bars: ChartBar[] = [
      ...toChartBars(intraday(78, 5, '2025-07-01T13:30:00.000Z'), '5m'),
      ...toChartBars(intraday(78, 5, '2025-07-02T13:30:00.000Z'), '5m'),
    ];
    const times = bars.map((b) => b.timeMs);
    const limits = { minMs: DAY_MS, maxMs: MAX_VISIBLE_SPAN_MS };
    const clamped = clampLogicalRange({ from: 100, to: 150 }, times, limits);
    expect(clamped).not.toBeNull();
    const span = timeAtLogical(times, clamped?.to ?? 0) - timeAtLogical(times, clamped?.from ?? 0);
    expect(span).toBeCloseTo(DAY_MS, -3);
  });
});

describe('formatBarTime', () => {
  it('shows the date for daily bars and the exchange time for intraday ones', () => {
    const [day] = toChartBars(daily, '1d');
    expect(formatBarTime(day as ChartBar, '1d')).toBe('Jan 2, 2025');
    const [minute] = toChartBars(intraday(1, 1), '1m');
    // ICU versions differ in the space before AM (U+202F or U+0020).
    expect(formatBarTime(minute as ChartBar, '1m').replace(/\s/g, ' ')).toBe('Jul 1, 2025, 9:30 AM EDT');
  });

  it('draws another exchange’s bars in its own time and on its own trading dates', () => {
    // Tokyo opens at 09:00 JST = 00:00 UTC; Sydney at 10:00 AEDT = 23:00 UTC the day before.
    const tokyo = toChartBars({ '2025-01-15T00:05:00.000Z': bar(1, 2, 1, 2, 10) }, '5m', 'Asia/Tokyo');
    expect(formatTick(tokyo[0]?.time as Time, TICK_MARK.Time)).toBe('09:05');
    expect(formatBarTime(tokyo[0] as ChartBar, '5m', 'Asia/Tokyo').replace(/\s/g, ' ')).toBe(
      'Jan 15, 2025, 9:05 AM GMT+9',
    );
    const sydney = toChartBars({ '2025-01-14T23:00:00.000Z': bar(1, 2, 1, 2, 10) }, '1d', 'Australia/Sydney');
    expect(sydney[0]?.time).toEqual({ year: 2025, month: 1, day: 15 });
    expect(formatBarTime(sydney[0] as ChartBar, '1d', 'Australia/Sydney')).toBe('Jan 15, 2025');
    // The same bar read in New York time would be the 14th.
    expect(toChartBars({ '2025-01-14T23:00:00.000Z': bar(1, 2, 1, 2, 10) }, '1d')[0]?.time).toEqual({
      year: 2025,
      month: 1,
      day: 14,
    });
  });

  describe('constrainView', () => {
    // A year of daily bars, one a day.
    const days = Array.from({ length: 365 }, (_, i) => i * DAY_MS);
    const limits = { minMs: DAY_MS, maxMs: MAX_VISIBLE_SPAN_MS };
    const spanOf = (range: { from: number; to: number }) =>
      timeAtLogical(days, range.to) - timeAtLogical(days, range.from);

    it('leaves the whole view alone, however long the range (first view and reset)', () => {
      expect(constrainView({ from: -0.4, to: 364.4 }, days, limits)).toEqual({ zoomed: false, next: null });
      expect(constrainView({ from: 0, to: 364 }, days, limits)).toEqual({ zoomed: false, next: null });
    });

    it('narrows a zoom that still shows more than 30 days to 30, keeping the right edge', () => {
      const change = constrainView({ from: 20, to: 364 }, days, limits);
      expect(change.zoomed).toBe(true);
      expect(change.next?.to).toBe(364);
      expect(spanOf(change.next ?? { from: 0, to: 0 })).toBeCloseTo(MAX_VISIBLE_SPAN_MS, -3);
    });

    it('widens a zoom to less than a day to one day', () => {
      const change = constrainView({ from: 100, to: 100.25 }, days, limits);
      expect(change.zoomed).toBe(true);
      expect(spanOf(change.next ?? { from: 0, to: 0 })).toBeCloseTo(DAY_MS, -3);
    });

    it('accepts any span from 1 to 30 days', () => {
      expect(constrainView({ from: 100, to: 101 }, days, limits)).toEqual({ zoomed: true, next: null });
      expect(constrainView({ from: 100, to: 115 }, days, limits)).toEqual({ zoomed: true, next: null });
      expect(constrainView({ from: 300, to: 330 }, days, limits)).toEqual({ zoomed: true, next: null });
    });

    it('keeps a pan inside the data', () => {
      const left = constrainView({ from: -10, to: 10 }, days, limits);
      expect(left.next).toEqual({ from: 0, to: 20 });
      const right = constrainView({ from: 350, to: 370 }, days, limits);
      expect(right.next).toEqual({ from: 344, to: 364 });
    });

    it('cannot zoom into a Day chart shorter than the one-day minimum', () => {
      const minutes = Array.from({ length: 78 }, (_, i) => i * 300_000);
      const dayLimits = spanLimits(toChartBars(intraday(78, 5), '5m'));
      expect(dayLimits?.minMs).toBe(77 * 300_000);
      const change = constrainView({ from: 30, to: 50 }, minutes, dayLimits);
      expect(change.zoomed).toBe(false);
      expect(change.next?.from).toBeCloseTo(0);
      expect(change.next?.to).toBeCloseTo(77);
    });

    it('does nothing without limits (fewer than two bars)', () => {
      expect(constrainView({ from: 5, to: 6 }, days, null)).toEqual({ zoomed: false, next: null });
    });
  });
});
