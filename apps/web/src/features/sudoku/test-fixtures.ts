import type { SudokuCellBoard, SudokuDailyStats, SudokuGame, SudokuLevelStatsResponse } from '@site/contract';

const parse = (rows: string[]) => rows.map((row) => [...row].map(Number));

/** Wikipedia's example puzzle and its unique solution. */
export const PUZZLE = parse([
  '530070000',
  '600195000',
  '098000060',
  '800060003',
  '400803001',
  '700020006',
  '060000280',
  '000419005',
  '000080079',
]);

export const SOLUTION = parse([
  '534678912',
  '672195348',
  '198342567',
  '859761423',
  '426853791',
  '713924856',
  '961537284',
  '287419635',
  '345286179',
]);

/** An integer board as the API's cells, clues being the puzzle's digits. */
export const cells = (board: number[][]): SudokuCellBoard =>
  board.map((row, r) => row.map((value, c) => ({ value, clue: (PUZZLE[r]?.[c] ?? 0) !== 0 })));

export function makeGame(overrides: Partial<SudokuGame> = {}): SudokuGame {
  return {
    id: 42,
    difficulty: 'easy',
    created_at: '2025-11-21T15:30:00.000Z',
    time: 0,
    status: 'playing',
    player: { id: 7 },
    transformed_state: cells(PUZZLE),
    transformed_solution: cells(SOLUTION),
    puzzle: cells(PUZZLE),
    ...overrides,
  };
}

export const me = { user_id: 7, username: 'dana', email: 'dana@example.com', is_admin: false };

/** The 81-character text of PUZZLE ('.' for empty), as share links and POST /api/sudoku/custom carry it. */
export const PUZZLE_TEXT = PUZZLE.flat()
  .map((v) => (v === 0 ? '.' : String(v)))
  .join('');

type DailyLevel = SudokuDailyStats['levels']['easy'];
const noDaily: DailyLevel = { current_streak: 0, longest_streak: 0, days_played: 0, days_won: 0, today: null };

/** GET /api/sudoku/daily/stats: nothing played unless a level is given. */
export function makeDailyStats(levels: Partial<SudokuDailyStats['levels']> = {}): SudokuDailyStats {
  return { date: '2026-11-24', levels: { easy: noDaily, medium: noDaily, hard: noDaily, ...levels } };
}

type LevelStats = SudokuLevelStatsResponse['easy'];
export const noLevelStats: LevelStats = {
  games: 0,
  won: 0,
  lost: 0,
  win_rate: null,
  best_time: null,
  average_time: null,
  current_streak: 0,
  longest_streak: 0,
  history: [],
};
