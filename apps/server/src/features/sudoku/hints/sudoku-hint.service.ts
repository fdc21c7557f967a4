import {
  cellIndex,
  digitsMask,
  keepsClues,
  parseBoard,
  parseGrid,
  type SudokuHintResponse,
  toGrid,
} from '@site/contract';
import { conflict, HttpError, notFound } from '../../../core/http-errors.js';
import { findHint, type Hint } from '../engine/index.js';
import type { SudokuRepository } from '../games/sudoku.repository.js';
import { FINISHED, NOT_FOUND } from '../games/sudoku.service.js';
import type { SudokuHintRepository } from './sudoku-hint.repository.js';

/** Notes as the engine reads them: a candidate mask per cell, 0 for none. */
const noteMasks = (notes: number[][][]) => Uint16Array.from(notes.flat(), digitsMask);

/** The board (81 digits) after level 3 of `hint`: wrong digits cleared or the digit placed. */
function applied(hint: Hint, grid: readonly number[]): Uint8Array {
  const next = Uint8Array.from(grid);
  if (hint.kind === 'mistake') for (const cell of hint.cells) next[cellIndex(cell)] = 0;
  if ((hint.kind === 'step' || hint.kind === 'reveal') && hint.placement) {
    next[cellIndex(hint.placement.cell)] = hint.placement.digit;
  }
  return next;
}

/** `POST /api/sudoku/hint` (docs/api.md#sudoku-hints). */
export function sudokuHintService(games: SudokuRepository, counters: SudokuHintRepository) {
  return {
    async hint(
      userId: number,
      gameId: number,
      board: number[][],
      options: { notes?: number[][][]; apply?: boolean } = {},
    ): Promise<SudokuHintResponse> {
      const game = await games.find(userId, gameId);
      if (!game) throw notFound(NOT_FOUND);
      const grid = toGrid(board);
      if (!keepsClues(parseGrid(game.puzzle), grid)) {
        throw new HttpError(400, 'Clue cells cannot be changed', { board: 'Clue cells cannot be changed' });
      }
      if (game.status !== 'playing') throw conflict(FINISHED);
      const hint = findHint({
        solution: parseGrid(game.solution),
        board: grid,
        ...(options.notes ? { notes: noteMasks(options.notes) } : {}),
      });
      // A complete, correct board needs no hint: nothing is counted (checkSolution wins the game).
      if (hint.kind === 'solved') return { hint, hints_used: game.hints_used };
      const after = options.apply ? applied(hint, grid).join('') : undefined;
      const used = await counters.recordHint(userId, gameId, after);
      if (used === undefined) throw conflict(FINISHED); // finished between the read and the count
      return { hint, hints_used: used, ...(after ? { board: parseBoard(after) } : {}) };
    },

    /** Counts a check made with this game's id while it is played (called before a winning check ends it). */
    countCheck: (userId: number, gameId: number) => counters.recordCheck(userId, gameId),
  };
}
export type SudokuHintService = ReturnType<typeof sudokuHintService>;
