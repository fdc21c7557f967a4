import { sudokuEndpoints as endpoints, sudokuPathEndpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../core/endpoint.js';
import type { SudokuHintService } from '../hints/sudoku-hint.service.js';
import type { SudokuPathService } from '../hints/sudoku-path.service.js';
import type { SudokuService } from './sudoku.service.js';

/** docs/api.md#every-call (Sudoku), plus `game` (resume by id) and `stats` (best times). */
export const sudokuRoutes: FastifyPluginAsyncZod<{
  games: SudokuService;
  hints: SudokuHintService;
  path: SudokuPathService;
}> = async (app, { games, hints, path }) => {
  route(app, endpoints.play, async (request, { user }) => games.play(user.id, request.query.difficulty));
  route(app, endpoints.savedGames, async (_request, { user }) => games.savedGames(user.id));
  route(app, endpoints.game, async (request, { user }) => games.get(user.id, request.query.id));
  route(app, endpoints.stats, async (_request, { user }) => games.stats(user.id));

  route(app, endpoints.deleteGame, async (request, { user }) => {
    await games.deleteGame(user.id, request.body.gameid);
    return { success: true as const, message: 'Game deleted' };
  });

  route(app, endpoints.updateTime, async (request, { user }) => ({
    success: true as const,
    time: await games.updateTime(user.id, request.body.sudoku_id, request.body.time),
  }));

  route(app, endpoints.saveGame, async (request, { user }) => {
    const { gameid, current_state, time } = request.body;
    return { success: true as const, time: await games.saveGame(user.id, gameid, current_state, time) };
  });

  route(app, endpoints.checkSolution, async (request, { user }) => {
    const { board, gameid, auto } = request.body;
    // Only the player's own presses count: the game checks a board that fills up by itself.
    if (gameid !== undefined && !auto) await hints.countCheck(user.id, gameid);
    return games.check(user.id, board, gameid);
  });

  // docs/api.md#sudoku-hints. No rate limit of its own: a hint costs microseconds and one update, like saveGame.
  route(app, endpoints.hint, async (request, { user }) => {
    const { gameid, board, notes, apply } = request.body;
    return hints.hint(user.id, gameid, board, { ...(notes ? { notes } : {}), ...(apply ? { apply } : {}) });
  });

  // docs/api.md#sudoku-solving-path: a finished game's every step, explained like hints.
  route(app, sudokuPathEndpoints.solvingPath, async (request, { user }) => path.solvingPath(user.id, request.query.id));

  route(app, endpoints.giveUp, async (request, { user }) => {
    await games.giveUp(user.id, request.body.gameid);
    return { success: true as const, message: 'Game over' };
  });
};
