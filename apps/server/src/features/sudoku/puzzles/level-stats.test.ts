import { describe, expect, it } from 'vitest';
import { type FinishedGameRow, levelStats } from './level-stats.js';

let minute = 0;
const game = (status: 'won' | 'lost', time: number, difficulty: FinishedGameRow['difficulty'] = 'medium') => ({
  difficulty,
  status,
  time,
  finished_at: new Date(Date.UTC(2026, 10, 1, 0, minute++)).toISOString(),
});

describe('statistics per level', () => {
  it('count games, wins, win rate, best and average winning time, and win streaks', () => {
    const rows = [
      game('won', 300),
      game('won', 200),
      game('won', 400),
      game('lost', 50),
      game('won', 250),
      game('won', 251),
      game('won', 900, 'hard'),
    ];
    const stats = levelStats(rows);
    expect(stats.medium).toMatchObject({
      games: 6,
      won: 5,
      lost: 1,
      win_rate: 5 / 6,
      best_time: 200,
      average_time: 280, // (300 + 200 + 400 + 250 + 251) / 5 = 280.2
      current_streak: 2,
      longest_streak: 3,
    });
    expect(stats.medium.history.map((h) => h.time)).toEqual([300, 200, 400, 50, 250, 251]);
    expect(stats.hard).toMatchObject({ games: 1, won: 1, current_streak: 1, best_time: 900 });
    expect(stats.easy).toEqual({
      games: 0,
      won: 0,
      lost: 0,
      win_rate: null,
      best_time: null,
      average_time: null,
      current_streak: 0,
      longest_streak: 0,
      history: [],
    });
  });

  it('a loss last means no current streak; the history keeps the latest 20 games', () => {
    const rows = [...Array.from({ length: 25 }, (_, i) => game('won', i + 1)), game('lost', 7)];
    const { medium } = levelStats(rows);
    expect(medium).toMatchObject({ current_streak: 0, longest_streak: 25 });
    expect(medium.history).toHaveLength(20);
    expect(medium.history.at(-1)).toMatchObject({ status: 'lost', time: 7 });
    expect(medium.history[0]?.time).toBe(7); // games 7..25 and the loss
  });
});
