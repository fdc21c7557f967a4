import { sudokuPuzzleEndpoints as endpoints, sudokuLevelStatsEndpoints } from '@site/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../core/endpoint.js';
import { perClientLimit, rateLimited } from '../../core/per-client-limit.js';
import { DailyPuzzles, utcDate } from './daily-puzzles.js';
import { sudokuRepository } from './sudoku.repository.js';
import { sudokuPuzzlesService } from './sudoku-puzzles.service.js';

/**
 * Checks of a player's puzzle (custom and custom/check together) per minute: per user, and per address for
 * many accounts behind one. Each check is bounded (custom-puzzle.ts), these bound how many; a person
 * typing puzzles in checks a few a minute.
 */
export const CUSTOM_CHECKS_PER_USER = 20;
export const CUSTOM_CHECKS_PER_ADDRESS = 60;

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
  const perAddress = { preHandler: perClientLimit(app.deps.counters, 'sudoku-custom', CUSTOM_CHECKS_PER_ADDRESS) };
  const perUser = async (userId: number) => {
    const counted = await app.deps.counters.hit(`sudoku-custom-user:${userId}`, 60_000);
    if (counted.count > CUSTOM_CHECKS_PER_USER) {
      throw rateLimited('Too many puzzle checks. Please wait a minute and try again.', CUSTOM_CHECKS_PER_USER, counted);
    }
  };
  route(app, endpoints.custom, perAddress, async (request, { user }) => {
    await perUser(user.id);
    return service.custom(user.id, request.body.puzzle);
  });
  route(app, endpoints.customCheck, perAddress, async (request, { user }) => {
    await perUser(user.id);
    return service.check(request.body.puzzle);
  });
  route(app, sudokuLevelStatsEndpoints.levelStats, async (_request, { user }) => service.levelStats(user.id));
}
