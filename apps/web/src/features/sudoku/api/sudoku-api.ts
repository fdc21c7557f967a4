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
import { routes } from '@site/contract/routes';
import { callApi, isApiError } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/contract-schemas';

// zod and these schemas load with the first call, not with the page (docs/decisions.md#main-thread-work-after-the-first-paint).
const schemas = lazySchemas(() => import('./sudoku-schemas'));

export interface SaveGameInput {
  gameid: number;
  current_state: SudokuBoardInput;
  time: number;
}

/** docs/api.md#every-call (Sudoku) calls. The server takes the player from the session, so no user ids are sent. */
export const sudokuApi = {
  play: (difficulty: SudokuDifficulty): Promise<SudokuGame> =>
    callApi(routes.sudoku.play, { query: { difficulty }, schema: schemas((c) => c.sudokuGameSchema) }),
  savedGames: (signal?: AbortSignal): Promise<SudokuGame[]> =>
    callApi(routes.sudoku.savedGames, { schema: schemas((c) => c.sudokuSavedGamesResponseSchema), signal }),
  game: (id: number, signal?: AbortSignal): Promise<SudokuGame> =>
    callApi(routes.sudoku.game, { query: { id }, schema: schemas((c) => c.sudokuGameSchema), signal }),
  stats: (signal?: AbortSignal): Promise<SudokuStats> =>
    callApi(routes.sudoku.stats, { schema: schemas((c) => c.sudokuStatsResponseSchema), signal }),
  deleteGame: (gameid: number) =>
    callApi(routes.sudoku.deleteGame, { body: { gameid }, schema: schemas((c) => c.sudokuOkResponseSchema) }),
  updateTime: (gameid: number, time: number) =>
    callApi(routes.sudoku.updateTime, {
      body: { sudoku_id: gameid, time },
      schema: schemas((c) => c.sudokuTimeResponseSchema),
    }),
  saveGame: (input: SaveGameInput) =>
    callApi(routes.sudoku.saveGame, { body: input, schema: schemas((c) => c.sudokuTimeResponseSchema) }),
  /** `auto`: the game's own check of a board that filled up, which the server does not count. */
  checkSolution: (board: SudokuBoardInput, gameid: number, auto = false): Promise<SudokuCheckResponse> =>
    callApi(routes.sudoku.checkSolution, {
      body: auto ? { board, gameid, auto } : { board, gameid },
      schema: schemas((c) => c.sudokuCheckResponseSchema),
    }),
  /** docs/api.md#sudoku-hints: the next step for this board; applied by the page itself (undo, autosave). */
  hint: (gameid: number, board: SudokuBoardInput, notes: number[][][]): Promise<SudokuHintResponse> =>
    callApi(routes.sudoku.hint, { body: { gameid, board, notes }, schema: schemas((c) => c.sudokuHintResponseSchema) }),
  /** docs/api.md#sudoku-solving-path: a finished game's every step from the clues to the solution. */
  solvingPath: (id: number, signal?: AbortSignal): Promise<SudokuSolvingPath> =>
    callApi(routes.sudoku.solvingPath, {
      query: { id },
      schema: schemas((c) => c.sudokuSolvingPathResponseSchema),
      signal,
    }),
  giveUp: (gameid: number) =>
    callApi(routes.sudoku.giveUp, { body: { gameid }, schema: schemas((c) => c.sudokuOkResponseSchema) }),
  /** docs/api.md#sudoku-daily-and-own-puzzles: starts today's daily at a level, or answers the game already started. */
  daily: (difficulty: SudokuDifficulty) =>
    callApi(routes.sudoku.daily, { query: { difficulty }, schema: schemas((c) => c.sudokuDailyResponseSchema) }),
  dailyStats: (signal?: AbortSignal): Promise<SudokuDailyStats> =>
    callApi(routes.sudoku.dailyStats, { schema: schemas((c) => c.sudokuDailyStatsResponseSchema), signal }),
  /** Starts a game of a typed, pasted or shared puzzle; a refusal is a 400 whose message says why. */
  custom: (puzzle: string) =>
    callApi(routes.sudoku.custom, { body: { puzzle }, schema: schemas((c) => c.sudokuCustomResponseSchema) }),
  /** Grades a puzzle without starting a game. */
  customCheck: (puzzle: string): Promise<SudokuPuzzleGrade> =>
    callApi(routes.sudoku.customCheck, { body: { puzzle }, schema: schemas((c) => c.sudokuPuzzleGradeSchema) }),
  /** docs/api.md#sudoku-statistics-per-level */
  levelStats: (signal?: AbortSignal): Promise<SudokuLevelStatsResponse> =>
    callApi(routes.sudoku.levelStats, { schema: schemas((c) => c.sudokuLevelStatsResponseSchema), signal }),
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
function sendOnLeave(
  route: typeof routes.sudoku.updateTime | typeof routes.sudoku.saveGame,
  body: object,
  what: string,
): Promise<boolean> {
  return callApi(route, { body, keepalive: true }).then(
    () => true,
    (error: unknown) => {
      if (!isApiError(error, 409)) console.error(what, error);
      return false;
    },
  );
}

/** updateTime as the page goes away. */
export const sendTimeOnLeave = (gameid: number, time: number) =>
  sendOnLeave(routes.sudoku.updateTime, { sudoku_id: gameid, time }, 'Failed to save time');

/** saveGame as the page goes away (the autosave's last word, docs/product.md#game-appssudokugame). */
export const saveGameOnLeave = (input: SaveGameInput) =>
  sendOnLeave(routes.sudoku.saveGame, input, 'Failed to save game');
