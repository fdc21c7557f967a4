import { badRequest } from '../../../core/http-errors.js';
import type { NewGame, SudokuRepository } from './sudoku.repository.js';

/**
 * Creates the user's new game, or refuses with 400 when they already have `maxUnfinished`
 * unfinished ones, like the wallet and saved-location caps (docs/api.md#limits). Every way to start
 * a game (play, daily, own puzzle) goes through here.
 */
export async function startGame(repository: SudokuRepository, userId: number, game: NewGame, maxUnfinished: number) {
  const row = await repository.create(userId, game, maxUnfinished);
  if (!row) {
    throw badRequest(`You can have at most ${maxUnfinished} unfinished games. Finish or delete one to start another.`);
  }
  return row;
}
