import type {
  SudokuBoardInput,
  SudokuCheckResponse,
  SudokuDailyStats,
  SudokuDifficulty,
  SudokuGame,
  SudokuHintResponse,
  SudokuLevelStatsResponse,
  SudokuPuzzleGrade,
  SudokuSolvingPath,
  SudokuStats,
} from '@site/contract';
import { callEndpoint, isApiError, sendToEndpoint } from '../../../lib/api-client';

export interface SaveGameInput {
  gameid: number;
  current_state: SudokuBoardInput;
  time: number;
}

/** docs/api.md#every-call (Sudoku) calls. The server takes the player from the session, so no user ids are sent. */
export const sudokuApi = {
  play: (difficulty: SudokuDifficulty): Promise<SudokuGame> => callEndpoint('sudoku.play', { query: { difficulty } }),
  savedGames: (signal?: AbortSignal): Promise<SudokuGame[]> => callEndpoint('sudoku.savedGames', { signal }),
  game: (id: number, signal?: AbortSignal): Promise<SudokuGame> =>
    callEndpoint('sudoku.game', { query: { id }, signal }),
  stats: (signal?: AbortSignal): Promise<SudokuStats> => callEndpoint('sudoku.stats', { signal }),
  deleteGame: (gameid: number) => callEndpoint('sudoku.deleteGame', { body: { gameid } }),
  updateTime: (gameid: number, time: number) =>
    callEndpoint('sudoku.updateTime', { body: { sudoku_id: gameid, time } }),
  saveGame: (input: SaveGameInput) => callEndpoint('sudoku.saveGame', { body: input }),
  /** `auto`: the game's own check of a board that filled up, which the server does not count. */
  checkSolution: (board: SudokuBoardInput, gameid: number, auto = false): Promise<SudokuCheckResponse> =>
    callEndpoint('sudoku.checkSolution', { body: auto ? { board, gameid, auto } : { board, gameid } }),
  /** docs/api.md#sudoku-hints: the next step for this board; applied by the page itself (undo, autosave). */
  hint: (gameid: number, board: SudokuBoardInput, notes: number[][][]): Promise<SudokuHintResponse> =>
    callEndpoint('sudoku.hint', { body: { gameid, board, notes } }),
  /** docs/api.md#sudoku-solving-path: a finished game's every step from the clues to the solution. */
  solvingPath: (id: number, signal?: AbortSignal): Promise<SudokuSolvingPath> =>
    callEndpoint('sudoku.solvingPath', { query: { id }, signal }),
  giveUp: (gameid: number) => callEndpoint('sudoku.giveUp', { body: { gameid } }),
  /** docs/api.md#sudoku-daily-and-own-puzzles: starts today's daily at a level, or answers the game already started. */
  daily: (difficulty: SudokuDifficulty) => callEndpoint('sudoku.daily', { query: { difficulty } }),
  dailyStats: (signal?: AbortSignal): Promise<SudokuDailyStats> => callEndpoint('sudoku.dailyStats', { signal }),
  /** Starts a game of a typed, pasted or shared puzzle; a refusal is a 400 whose message says why. */
  custom: (puzzle: string) => callEndpoint('sudoku.custom', { body: { puzzle } }),
  /** Grades a puzzle without starting a game. */
  customCheck: (puzzle: string): Promise<SudokuPuzzleGrade> => callEndpoint('sudoku.customCheck', { body: { puzzle } }),
  /** docs/api.md#sudoku-statistics-per-level */
  levelStats: (signal?: AbortSignal): Promise<SudokuLevelStatsResponse> =>
    callEndpoint('sudoku.levelStats', { signal }),
};

/**
 * A call made as the page goes away (tab hidden or closed, page unloaded, screen left): a
 * `keepalive` request outlives the page. Fire and forget; what it carries is also kept in the page
 * until then, and a lost update only costs the last few seconds or moves.
 */
/**
 * A keepalive call as the page goes away; true once the server has it. A 409 (the game ended
 * meanwhile, e.g. given up just before leaving) is expected, not an error to report.
 */
function sendOnLeave(sent: Promise<unknown>, what: string): Promise<boolean> {
  return sent.then(
    () => true,
    (error: unknown) => {
      if (!isApiError(error, 409)) console.error(what, error);
      return false;
    },
  );
}

/** updateTime as the page goes away. */
export const sendTimeOnLeave = (gameid: number, time: number) =>
  sendOnLeave(
    sendToEndpoint('sudoku.updateTime', { body: { sudoku_id: gameid, time }, keepalive: true }),
    'Failed to save time',
  );

/** saveGame as the page goes away (the autosave's last word, docs/product.md#game-appssudokugame). */
export const saveGameOnLeave = (input: SaveGameInput) =>
  sendOnLeave(sendToEndpoint('sudoku.saveGame', { body: input, keepalive: true }), 'Failed to save game');
