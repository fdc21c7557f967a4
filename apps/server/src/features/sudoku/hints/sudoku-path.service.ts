import { parseBoard, parseGrid, type SudokuSolvingPath } from '@site/contract';
import { conflict, notFound } from '../../../core/http-errors.js';
import { solvingPath } from '../engine/index.js';
import type { SudokuRepository } from '../games/sudoku.repository.js';
import { NOT_FOUND } from '../games/sudoku.service.js';

export const STILL_PLAYING = 'The solving path is shown once the game is won or given up: finish this game first';

/**
 * `GET /api/sudoku/solving-path` (docs/api.md#sudoku-solving-path). The path follows from the puzzle alone,
 * so it is computed on each call and stored nowhere: about 1 ms for a hard puzzle, under 4 ms at worst
 * (`npm run bench:sudoku-path`).
 */
export function sudokuPathService(games: SudokuRepository) {
  return {
    async solvingPath(userId: number, gameId: number): Promise<SudokuSolvingPath> {
      const game = await games.find(userId, gameId);
      if (!game) throw notFound(NOT_FOUND);
      // No spoilers: a game being played gets hints one at a time, never the whole path.
      if (game.status === 'playing') throw conflict(STILL_PLAYING);
      return {
        id: game.id,
        puzzle: parseBoard(game.puzzle),
        steps: solvingPath(parseGrid(game.puzzle), parseGrid(game.solution)),
      };
    },
  };
}
export type SudokuPathService = ReturnType<typeof sudokuPathService>;
