import { SUDOKU_GRADES, SUDOKU_HISTORY_GAMES, type SudokuGrade, type SudokuLevelStatsResponse } from '@site/contract';

export interface FinishedGameRow {
  difficulty: SudokuGrade;
  status: 'won' | 'lost';
  time: number;
  finished_at: string;
}

/**
 * Statistics per level from a user's finished games, given in the order they finished
 * (docs/api.md#sudoku-statistics-per-level). A win streak is wins in a row; a loss ends it.
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
