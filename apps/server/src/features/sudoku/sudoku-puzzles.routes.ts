import { sudokuPuzzleEndpoints as endpoints, sudokuLevelStatsEndpoints } from '@site/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../core/endpoint.js';
import { DailyPuzzles, utcDate } from './daily-puzzles.js';
import { sudokuRepository } from './sudoku.repository.js';
import { sudokuPuzzlesService } from './sudoku-puzzles.service.js';

/**
 * The daily puzzle and the player's own puzzles (docs/api.md#sudoku-daily-and-own-puzzles), and the
 * statistics per level (docs/api.md#sudoku-statistics-per-level).
 */
export function sudokuPuzzleRoutes(app: FastifyInstance) {
  const daily = new DailyPuzzles();
  // Today's puzzles are made right after start, so the day's first players do not wait for them.
  app.addHook('onReady', async () => daily.prepare(utcDate(Date.now())));
  const service = sudokuPuzzlesService(sudokuRepository(app.deps.database), daily);

  route(app, endpoints.daily, async (request, { user }) => service.daily(user.id, request.query.difficulty));
  route(app, endpoints.dailyStats, async (_request, { user }) => service.dailyStats(user.id));
  route(app, endpoints.custom, async (request, { user }) => service.custom(user.id, request.body.puzzle));
  route(app, endpoints.customCheck, async (request) => service.check(request.body.puzzle));
  route(app, sudokuLevelStatsEndpoints.levelStats, async (_request, { user }) => service.levelStats(user.id));
}
