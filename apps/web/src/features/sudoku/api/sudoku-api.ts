import {
  CSRF_COOKIE,
  CSRF_HEADER,
  type SudokuBoard,
  type SudokuCheckResponse,
  type SudokuDifficulty,
  type SudokuGame,
  type SudokuStats,
  sudokuCheckResponseSchema,
  sudokuGameSchema,
  sudokuOkResponseSchema,
  sudokuSavedGamesResponseSchema,
  sudokuStatsResponseSchema,
  sudokuTimeResponseSchema,
} from '@site/contract';
import { apiRequest } from '../../../lib/api-client';
import { readCookie } from '../../../lib/cookies';

export interface SaveGameInput {
  gameid: number;
  current_state: SudokuBoard;
  time: number;
}

/** Seed §7 Sudoku calls. The server takes the player from the session, so no user ids are sent. */
export const sudokuApi = {
  play: (difficulty: SudokuDifficulty): Promise<SudokuGame> =>
    apiRequest('GET', '/api/sudoku/play', { query: { difficulty }, schema: sudokuGameSchema }),
  savedGames: (signal?: AbortSignal): Promise<SudokuGame[]> =>
    apiRequest('GET', '/api/sudoku/savedGames', { schema: sudokuSavedGamesResponseSchema, signal }),
  game: (id: number, signal?: AbortSignal): Promise<SudokuGame> =>
    apiRequest('GET', '/api/sudoku/game', { query: { id }, schema: sudokuGameSchema, signal }),
  stats: (signal?: AbortSignal): Promise<SudokuStats> =>
    apiRequest('GET', '/api/sudoku/stats', { schema: sudokuStatsResponseSchema, signal }),
  deleteGame: (gameid: number) =>
    apiRequest('DELETE', '/api/sudoku/deleteGame', { body: { gameid }, schema: sudokuOkResponseSchema }),
  updateTime: (gameid: number, time: number) =>
    apiRequest('PUT', '/api/sudoku/updateTime', {
      body: { sudoku_id: gameid, time },
      schema: sudokuTimeResponseSchema,
    }),
  saveGame: (input: SaveGameInput) =>
    apiRequest('PUT', '/api/sudoku/saveGame', { body: input, schema: sudokuTimeResponseSchema }),
  checkSolution: (board: SudokuBoard, gameid: number): Promise<SudokuCheckResponse> =>
    apiRequest('POST', '/api/sudoku/checkSolution', { body: { board, gameid }, schema: sudokuCheckResponseSchema }),
  giveUp: (gameid: number) =>
    apiRequest('PUT', '/api/sudoku/giveUp', { body: { gameid }, schema: sudokuOkResponseSchema }),
};

/**
 * updateTime for when the page is going away (tab hidden or closed, page unloaded): a `keepalive`
 * request outlives the page. Fire and forget; a lost update only costs the last few seconds.
 */
export function sendTimeOnLeave(gameid: number, time: number): void {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  const csrfToken = readCookie(CSRF_COOKIE);
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  try {
    fetch('/api/sudoku/updateTime', {
      method: 'PUT',
      headers,
      body: JSON.stringify({ sudoku_id: gameid, time }),
      credentials: 'same-origin',
      keepalive: true,
    }).catch((error: unknown) => console.error('Failed to save time', error));
  } catch (error) {
    console.error('Failed to save time', error);
  }
}
