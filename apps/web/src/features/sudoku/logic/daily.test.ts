import { describe, expect, it } from 'vitest';
import { dailyDayOf, formatDailyDay, formatDailyDayShort, shareLink } from './daily';

describe('daily puzzle dates', () => {
  it('shows a daily day as the UTC day it is, in any time zone', () => {
    expect(formatDailyDay('2026-11-24')).toBe('Tuesday, November 24, 2026');
    expect(formatDailyDayShort('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDailyDay('not a day')).toBe('not a day');
  });

  it('finds the day of a daily game from when it was started, and none for other games', () => {
    expect(dailyDayOf({ source: 'daily', created_at: '2026-11-24T23:59:59.999Z' })).toBe('2026-11-24');
    expect(dailyDayOf({ source: 'daily', created_at: '2026-11-25T00:00:00.000Z' })).toBe('2026-11-25');
    expect(dailyDayOf({ source: 'custom', created_at: '2026-11-24T10:00:00.000Z' })).toBeNull();
    expect(dailyDayOf({ source: undefined, created_at: '2026-11-24T10:00:00.000Z' })).toBeNull();
    expect(dailyDayOf({ source: 'daily', created_at: 'garbage' })).toBeNull();
  });

  it('builds the share link of a puzzle', () => {
    expect(shareLink('https://site.test', '53..7')).toBe('https://site.test/apps/sudoku/game?p=53..7');
  });
});
