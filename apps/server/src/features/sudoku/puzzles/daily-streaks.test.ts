import type { SudokuDifficulty } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { type DailyGameRow, dailyResultLine, dailyStats, formatTime } from './daily-streaks.js';

const game = (
  daily_date: string,
  status: DailyGameRow['status'],
  difficulty: SudokuDifficulty = 'easy',
  time = 100,
  hints_used = 0,
) => ({
  daily_date,
  difficulty,
  status,
  time,
  hints_used,
});

describe('daily streaks', () => {
  it('count consecutive won days; today not yet won does not break the current streak', () => {
    const rows = [
      game('2026-11-20', 'won'),
      game('2026-11-21', 'won'),
      game('2026-11-22', 'won'),
      game('2026-11-23', 'won'),
      game('2026-11-24', 'playing'),
    ];
    const { easy } = dailyStats(rows, '2026-11-24').levels;
    expect(easy).toMatchObject({ current_streak: 4, longest_streak: 4, days_played: 5, days_won: 4 });
    expect(easy.today).toEqual({ status: 'playing', time: 100, result: null });
    // The next day without a win the streak is over; the longest stays.
    expect(dailyStats(rows, '2026-11-25').levels.easy).toMatchObject({
      current_streak: 0,
      longest_streak: 4,
      today: null,
    });
  });

  it('a lost day or a gap ends a run; the longest run is kept; levels are separate', () => {
    const rows = [
      game('2026-10-30', 'won'),
      game('2026-10-31', 'won'),
      game('2026-11-01', 'won'), // across a month end
      game('2026-11-02', 'lost'),
      game('2026-11-03', 'won'),
      game('2026-11-05', 'won'),
      game('2026-11-06', 'won', 'easy', 462, 1),
      game('2026-11-06', 'won', 'hard', 30),
    ];
    const { easy, medium, hard } = dailyStats(rows, '2026-11-06').levels;
    expect(easy).toMatchObject({ current_streak: 2, longest_streak: 3, days_played: 7, days_won: 6 });
    expect(easy.today).toEqual({ status: 'won', time: 462, result: 'Sudoku daily 2026-11-06 · Easy · 7:42 · 1 hint' });
    expect(medium).toEqual({ current_streak: 0, longest_streak: 0, days_played: 0, days_won: 0, today: null });
    expect(hard).toMatchObject({ current_streak: 1, longest_streak: 1 });
  });

  it('the result line has the date, level, time and hints, nothing of the puzzle', () => {
    expect(dailyResultLine('2026-11-24', 'medium', 462, 0)).toBe('Sudoku daily 2026-11-24 · Medium · 7:42 · 0 hints');
    expect(dailyResultLine('2026-11-24', 'hard', 3725, 2)).toBe('Sudoku daily 2026-11-24 · Hard · 1:02:05 · 2 hints');
    expect(formatTime(5)).toBe('0:05');
    expect(formatTime(3725)).toBe('1:02:05');
  });
});
