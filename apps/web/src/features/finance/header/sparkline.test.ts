import type { PriceHistory } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { nearestIndex, periodChangePercent, sparkGeometry, sparkPoints } from './sparkline';

/** Daily bars at 14:30 UTC on the given dates, closing at the given prices. */
function daily(closes: Record<string, number>): PriceHistory {
  return Object.fromEntries(
    Object.entries(closes).map(([date, close]) => [
      `${date}T14:30:00.000Z`,
      { Open: close, High: close, Low: close, Close: close, Volume: 1 },
    ]),
  );
}

describe('sparkPoints', () => {
  const history = daily({
    '2024-11-29': 90,
    '2025-02-27': 95,
    '2025-02-28': 100,
    '2025-03-03': 101,
    '2025-03-31': 110,
  });

  it('takes the last month, measured from the last close on or before the same day a month earlier', () => {
    // 2025-03-31 less a month is 2025-02-28 (February has no 31st): that close is the baseline.
    expect(sparkPoints(history, '1mo').map((p) => p.close)).toEqual([100, 101, 110]);
    expect(sparkPoints(history, '6mo').map((p) => p.close)).toEqual([90, 95, 100, 101, 110]);
  });

  it('sorts the bars, skips unreadable keys and answers nothing for no bars', () => {
    const shuffled = {
      ...daily({ '2025-03-03': 2, '2025-03-01': 1 }),
      'not a date': history['2024-11-29T14:30:00.000Z']!,
    };
    expect(sparkPoints(shuffled, '1y').map((p) => p.close)).toEqual([1, 2]);
    expect(sparkPoints({}, '1mo')).toEqual([]);
  });
});

describe('periodChangePercent', () => {
  it('is the change from the first close to the last, or null without two', () => {
    expect(
      periodChangePercent([
        { time: 1, close: 100 },
        { time: 2, close: 110 },
      ]),
    ).toBeCloseTo(10, 10);
    expect(periodChangePercent([{ time: 1, close: 100 }])).toBeNull();
    expect(
      periodChangePercent([
        { time: 1, close: 0 },
        { time: 2, close: 1 },
      ]),
    ).toBeNull();
  });
});

describe('sparkGeometry', () => {
  it('spreads the points evenly and scales the closes into the padded height', () => {
    const geometry = sparkGeometry(
      [
        { time: 1, close: 10 },
        { time: 2, close: 20 },
        { time: 3, close: 15 },
      ],
      200,
      100,
      0.1,
    );
    expect(geometry?.line).toBe('M0,90L100,10L200,50');
    expect(geometry?.area).toBe('M0,90L100,10L200,50L200,100L0,100Z');
    expect(geometry?.baseline).toBe(90);
    expect(geometry?.positions).toEqual([
      { x: 0, y: 0.9 },
      { x: 0.5, y: 0.1 },
      { x: 1, y: 0.5 },
    ]);
    expect([geometry?.low, geometry?.high]).toEqual([10, 20]);
  });

  it('draws a flat period through the middle, and nothing for fewer than two points', () => {
    const flat = sparkGeometry(
      [
        { time: 1, close: 5 },
        { time: 2, close: 5 },
      ],
      100,
      40,
    );
    expect(flat?.line).toBe('M0,20L100,20');
    expect(sparkGeometry([{ time: 1, close: 5 }], 100, 40)).toBeNull();
  });
});

describe('nearestIndex', () => {
  it('maps a fraction of the width to the nearest point, clamped', () => {
    expect(nearestIndex(0.49, 3)).toBe(1);
    expect(nearestIndex(-0.2, 3)).toBe(0);
    expect(nearestIndex(1.5, 3)).toBe(2);
    expect(nearestIndex(0.5, 1)).toBe(0);
  });
});
