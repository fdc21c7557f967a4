import { sudokuEndpoints as endpoints, sudokuPathEndpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.js';
import { DIFFICULTIES, generatePuzzle, PuzzlePool } from './engine/index.js';
import { shareLevels } from './share-level.js';
import { sudokuRepository } from './sudoku.repository.js';
import { sudokuService } from './sudoku.service.js';
import { sudokuHintRepository } from './sudoku-hint.repository.js';
import { sudokuHintService } from './sudoku-hint.service.js';
import { sudokuPathService } from './sudoku-path.service.js';
import { sudokuPuzzleRoutes } from './sudoku-puzzles.routes.js';

/** docs/api.md#every-call (Sudoku), plus `game` (resume by id) and `stats` (best times). */
export const sudokuRoutes: FastifyPluginAsyncZod = async (app) => {
  // Puzzles are generated ahead of time so `play` answers at once.
  const pool = new PuzzlePool({
    size: app.deps.config.sudokuPoolSize,
    generate: (difficulty) => generatePuzzle(difficulty),
    onError: (error) => app.log.error({ err: error }, 'Sudoku puzzle pool refill failed'),
  });
  app.deps.metrics?.gaugeOnScrape('sudoku_pool_puzzles', 'Ready-made puzzles waiting in the pool', 'difficulty', () =>
    Object.fromEntries(DIFFICULTIES.map((d) => [d, pool.available(d)])),
  );
  // The admin status shows the same levels (core/status-sources.ts).
  app.deps.statusSources.register('sudokuPool', () =>
    DIFFICULTIES.map((difficulty) => ({
      difficulty,
      size: pool.available(difficulty),
      target: app.deps.config.sudokuPoolSize,
    })),
  );
  // A share link's preview names its level (core/page-facts.ts, docs/api.md#pages).
  app.deps.pageFacts.register('sudokuShareLevel', shareLevels());
  app.addHook('onReady', async () => pool.start());
  app.addHook('onClose', async () => pool.stop());
  const games = sudokuRepository(app.deps.database);
  const service = sudokuService(games, pool);
  const hints = sudokuHintService(games, sudokuHintRepository(app.deps.database));

  route(app, endpoints.play, async (request, { user }) => service.play(user.id, request.query.difficulty));
  route(app, endpoints.savedGames, async (_request, { user }) => service.savedGames(user.id));
  route(app, endpoints.game, async (request, { user }) => service.get(user.id, request.query.id));
  route(app, endpoints.stats, async (_request, { user }) => service.stats(user.id));

  route(app, endpoints.deleteGame, async (request, { user }) => {
    await service.deleteGame(user.id, request.body.gameid);
    return { success: true as const, message: 'Game deleted' };
  });

  route(app, endpoints.updateTime, async (request, { user }) => ({
    success: true as const,
    time: await service.updateTime(user.id, request.body.sudoku_id, request.body.time),
  }));

  route(app, endpoints.saveGame, async (request, { user }) => {
    const { gameid, current_state, time } = request.body;
    return { success: true as const, time: await service.saveGame(user.id, gameid, current_state, time) };
  });

  route(app, endpoints.checkSolution, async (request, { user }) => {
    const { board, gameid, auto } = request.body;
    // Only the player's own presses count: the game checks a board that fills up by itself.
    if (gameid !== undefined && !auto) await hints.countCheck(user.id, gameid);
    return service.check(user.id, board, gameid);
  });

  // docs/api.md#sudoku-hints. No rate limit of its own: a hint costs microseconds and one update, like saveGame.
  route(app, endpoints.hint, async (request, { user }) => {
    const { gameid, board, notes, apply } = request.body;
    return hints.hint(user.id, gameid, board, { ...(notes ? { notes } : {}), ...(apply ? { apply } : {}) });
  });

  // docs/api.md#sudoku-solving-path: a finished game's every step, explained like hints.
  const path = sudokuPathService(games);
  route(app, sudokuPathEndpoints.solvingPath, async (request, { user }) => path.solvingPath(user.id, request.query.id));

  route(app, endpoints.giveUp, async (request, { user }) => {
    await service.giveUp(user.id, request.body.gameid);
    return { success: true as const, message: 'Game over' };
  });

  // The daily puzzle and the player's own puzzles: sudoku-puzzles.routes.ts.
  sudokuPuzzleRoutes(app);
};
