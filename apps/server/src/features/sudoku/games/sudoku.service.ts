import {
  keepsClues,
  parseBoard,
  parseGrid,
  SUDOKU_UNFINISHED_MAX,
  type SudokuCheckResponse,
  type SudokuDifficulty,
  type SudokuGame,
  type SudokuStats,
  toGrid,
} from '@site/contract';
import { conflict, HttpError, notFound } from '../../../core/http-errors.js';
import { checkBoard } from '../engine/index.js';
import { encodeBoard } from './board-codec.js';
import { startGame } from './start-game.js';
import { type SudokuRepository, toGame } from './sudoku.repository.js';

export const NOT_FOUND = 'Game not found';
export const FINISHED = 'This game is already finished';

export interface PuzzleSource {
  take(difficulty: SudokuDifficulty): { puzzle: number[][]; solution: number[][] };
}

export function sudokuService(
  repository: SudokuRepository,
  puzzles: PuzzleSource,
  maxUnfinished = SUDOKU_UNFINISHED_MAX,
) {
  /** The caller's game, or 404 whether it does not exist or belongs to someone else. */
  async function ownedGame(userId: number, gameId: number) {
    const game = await repository.find(userId, gameId);
    if (!game) throw notFound(NOT_FOUND);
    return game;
  }

  return {
    async play(userId: number, difficulty: SudokuDifficulty): Promise<SudokuGame> {
      const { puzzle, solution } = puzzles.take(difficulty);
      const row = await startGame(
        repository,
        userId,
        { difficulty, puzzle: encodeBoard(puzzle), solution: encodeBoard(solution) },
        maxUnfinished,
      );
      return toGame(row);
    },

    get: async (userId: number, gameId: number) => toGame(await ownedGame(userId, gameId)),

    savedGames: async (userId: number) => (await repository.listPlaying(userId)).map(toGame),

    async deleteGame(userId: number, gameId: number) {
      if (!(await repository.delete(userId, gameId))) throw notFound(NOT_FOUND);
    },

    async updateTime(userId: number, gameId: number, time: number): Promise<number> {
      const stored = await repository.saveProgress(userId, gameId, { time });
      if (stored === undefined) {
        await ownedGame(userId, gameId); // 404 when not theirs …
        throw conflict(FINISHED); // … else it exists but is finished.
      }
      return stored;
    },

    async saveGame(userId: number, gameId: number, board: number[][], time: number) {
      const game = await ownedGame(userId, gameId);
      if (!keepsClues(parseGrid(game.puzzle), toGrid(board))) {
        throw new HttpError(400, 'Clue cells cannot be changed', { current_state: 'Clue cells cannot be changed' });
      }
      if (game.status !== 'playing') throw conflict(FINISHED);
      const stored = await repository.saveProgress(userId, gameId, { time, state: encodeBoard(board) });
      if (stored === undefined) throw conflict(FINISHED);
      return stored;
    },

    async giveUp(userId: number, gameId: number) {
      const game = await ownedGame(userId, gameId);
      if (game.status === 'lost') return; // Giving up twice is harmless.
      if (!(await repository.finish(userId, gameId, 'lost'))) throw conflict(FINISHED);
    },

    /**
     * Checks a board; with a game id, the board must keep that game's clues to count as correct,
     * and a correct board wins the game (with the time saved so far).
     */
    async check(userId: number, board: number[][], gameId?: number): Promise<SudokuCheckResponse> {
      const game = gameId === undefined ? undefined : await ownedGame(userId, gameId);
      const result = checkBoard(board, game ? parseBoard(game.puzzle) : undefined);
      if (game && result.isCorrect && game.status === 'playing') {
        await repository.finish(userId, game.id, 'won', encodeBoard(board));
      }
      return { status: 'success', isCorrect: result.isCorrect, errors: result.errors };
    },

    async stats(userId: number): Promise<SudokuStats> {
      const stats: SudokuStats = { best: { easy: null, medium: null, hard: null, expert: null }, won: 0, lost: 0 };
      for (const row of await repository.stats(userId)) {
        stats.won += row.won;
        stats.lost += row.games - row.won;
        if (row.won > 0) stats.best[row.difficulty] = row.best_time;
      }
      return stats;
    },
  };
}
export type SudokuService = ReturnType<typeof sudokuService>;
