import { SUDOKU_GRADES, SUDOKU_HISTORY_GAMES, type SudokuGrade, type SudokuLevelStatsResponse } from '@site/contract';

export interface FinishedGameRow {
  difficulty: SudokuGrade;
  status: 'won' | 'lost';
  time: number;
  finished_at: string;
}

/**
 * Statistics per level from a user's finished games, given in the order they finished
 * (docs/api.md#sudoku-statistics-per-level). A win streak is wins in a row; a loss ends it. The
 * definition: the app answers from the kept summary (`levelStatsFromSummary`), and the tests hold
 * that to this.
 */
export function levelStats(rows: readonly FinishedGameRow[]): SudokuLevelStatsResponse {
  const result = {} as SudokuLevelStatsResponse;
  for (const difficulty of SUDOKU_GRADES) {
    const games = rows.filter((r) => r.difficulty === difficulty);
    const wins = games.filter((g) => g.status === 'won').map((g) => g.time);
    let run = 0;
    let longest = 0;
    for (const game of games) {
      run = game.status === 'won' ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    result[difficulty] = {
      games: games.length,
      won: wins.length,
      lost: games.length - wins.length,
      win_rate: games.length ? wins.length / games.length : null,
      best_time: wins.length ? wins.reduce((a, b) => Math.min(a, b)) : null,
      average_time: wins.length ? Math.round(wins.reduce((a, b) => a + b, 0) / wins.length) : null,
      current_streak: run,
      longest_streak: longest,
      history: games
        .slice(-SUDOKU_HISTORY_GAMES)
        .map(({ finished_at, status, time }) => ({ finished_at, status, time })),
    };
  }
  return result;
}

/** One of a level's latest finished games, with the statistics kept for that level (migration 027). */
export interface LevelSummaryRow extends FinishedGameRow {
  games: number;
  won: number;
  best_time: number | null;
  /** The sum of the level's winning times. */
  won_time: number;
  current_streak: number;
  longest_streak: number;
}

const NO_GAMES = {
  games: 0,
  won: 0,
  best_time: null,
  won_time: 0,
  current_streak: 0,
  longest_streak: 0,
};

/**
 * What `levelStats` answers, from each level's kept statistics and latest games (oldest first), so
 * its cost does not grow with the games played: the same fields, in the same order, by the same
 * arithmetic (the average rounds the same sum divided by the same count).
 */
export function levelStatsFromSummary(rows: readonly LevelSummaryRow[]): SudokuLevelStatsResponse {
  const result = {} as SudokuLevelStatsResponse;
  for (const difficulty of SUDOKU_GRADES) {
    const latest = rows.filter((r) => r.difficulty === difficulty);
    const level = latest[0] ?? NO_GAMES;
    const { games, won } = level;
    result[difficulty] = {
      games,
      won,
      lost: games - won,
      win_rate: games ? won / games : null,
      best_time: won ? level.best_time : null,
      average_time: won ? Math.round(level.won_time / won) : null,
      current_streak: level.current_streak,
      longest_streak: level.longest_streak,
      history: latest
        .slice(-SUDOKU_HISTORY_GAMES)
        .map(({ finished_at, status, time }) => ({ finished_at, status, time })),
    };
  }
  return result;
}
