import { describe, expect, it } from 'vitest';
import { fixedAutoscale, formatCrosshairTime, formatTick, TICK_MARK, wallClockSeconds } from './time';

const NEW_YORK = 'America/New_York';

describe('wall-clock time', () => {
  it("gives the zone's wall-clock time as if it were UTC, summer and winter", () => {
    expect(wallClockSeconds(Date.parse('2025-07-01T13:30:00.000Z'), NEW_YORK)).toBe(
      Date.parse('2025-07-01T09:30:00Z') / 1000,
    );
    expect(wallClockSeconds(Date.parse('2025-01-02T14:30:00.000Z'), NEW_YORK)).toBe(
      Date.parse('2025-01-02T09:30:00Z') / 1000,
    );
    expect(wallClockSeconds(Date.parse('2025-01-02T14:30:05.000Z'), 'UTC')).toBe(
      Date.parse('2025-01-02T14:30:05Z') / 1000,
    );
  });
});

describe('fixed autoscale', () => {
  it('gives the same bounds whatever is visible, and none without data', () => {
    expect(fixedAutoscale({ minValue: 1, maxValue: 2 })()).toEqual({ priceRange: { minValue: 1, maxValue: 2 } });
    expect(fixedAutoscale(null)()).toBeNull();
  });
});

describe('time labels', () => {
  it('labels ticks by their kind', () => {
    const day = { year: 2026, month: 3, day: 3 };
    expect(formatTick(day, TICK_MARK.Year)).toBe('2026');
    expect(formatTick(day, TICK_MARK.Month)).toBe('Mar');
    expect(formatTick(day, TICK_MARK.DayOfMonth)).toBe('Mar 3');
    expect(formatTick('2026-03-03', TICK_MARK.DayOfMonth)).toBe('Mar 3');
    const wallClock = wallClockSeconds(Date.parse('2025-07-01T14:05:00.000Z'), NEW_YORK);
    expect(formatTick(wallClock, TICK_MARK.Time)).toBe('10:05');
    expect(formatTick((wallClock + 7) as typeof wallClock, TICK_MARK.TimeWithSeconds)).toBe('10:05:07');
  });

  it('labels the crosshair with the date, and the time for intraday bars', () => {
    expect(formatCrosshairTime({ year: 2026, month: 3, day: 3 })).toBe('Mar 3, 2026');
    expect(formatCrosshairTime(wallClockSeconds(Date.parse('2025-07-01T14:05:00.000Z'), NEW_YORK))).toBe(
      'Jul 1, 2025 10:05',
    );
  });
});
