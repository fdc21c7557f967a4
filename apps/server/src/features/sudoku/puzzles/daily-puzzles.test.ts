import { describe, expect, it } from 'vitest';
import { countSolutions, DIFFICULTIES, gradePuzzle } from '../engine/index.js';
import { DailyPuzzles, makeDailyPuzzle, utcDate } from './daily-puzzles.js';

describe('daily puzzles', () => {
  it('are a function of the date and level alone', () => {
    for (const level of DIFFICULTIES) {
      expect(makeDailyPuzzle('2026-11-24', level)).toEqual(makeDailyPuzzle('2026-11-24', level));
    }
    expect(makeDailyPuzzle('2026-11-24', 'medium').puzzle).not.toEqual(makeDailyPuzzle('2026-11-25', 'medium').puzzle);
    expect(makeDailyPuzzle('2026-11-24', 'easy').puzzle).not.toEqual(makeDailyPuzzle('2026-11-24', 'hard').puzzle);
  });

  it('grade to their level and have exactly one solution, day after day', () => {
    for (let day = 1; day <= 10; day++) {
      const date = `2026-12-${String(day).padStart(2, '0')}`;
      for (const level of DIFFICULTIES) {
        const { puzzle } = makeDailyPuzzle(date, level);
        expect(gradePuzzle(puzzle).difficulty, `${date} ${level}`).toBe(level);
        expect(countSolutions(puzzle, 2)).toBe(1);
      }
    }
  });

  it('are made once per date and level, then served from memory', () => {
    const made: string[] = [];
    const daily = new DailyPuzzles((date, level) => {
      made.push(`${date}:${level}`);
      return makeDailyPuzzle(date, level);
    });
    const first = daily.get('2026-11-24', 'hard');
    expect(daily.get('2026-11-24', 'hard')).toBe(first);
    expect(made).toEqual(['2026-11-24:hard']);
  });

  it('are prepared one level per event-loop turn, and a stopped preparation makes no more', async () => {
    const made: string[] = [];
    const daily = new DailyPuzzles((date, level) => {
      made.push(level);
      return makeDailyPuzzle(date, level);
    });
    const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
    daily.prepare('2026-11-24');
    expect(made).toEqual([]);
    await turn();
    expect(made).toEqual(['easy']);
    daily.stop();
    for (let i = 0; i < 5; i++) await turn();
    expect(made).toEqual(['easy']);
    daily.prepare('2026-11-24');
    for (let i = 0; i < 5; i++) await turn();
    // 'easy' was kept: only the two levels still missing are made.
    expect(made).toEqual(['easy', 'medium', 'hard']);
  });

  it('date by UTC, whatever the server time zone', () => {
    expect(utcDate(Date.parse('2026-11-24T23:59:59Z'))).toBe('2026-11-24');
    expect(utcDate(Date.parse('2026-11-25T00:00:00+01:00'))).toBe('2026-11-24');
  });
});
