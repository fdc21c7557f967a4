import { sudokuPuzzleEndpoints as endpoints, sudokuLevelStatsEndpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CounterStore } from '../../../core/counter-store.js';
import { route } from '../../../core/endpoint.js';
import { perClientLimit, rateLimited } from '../../../core/per-client-limit.js';
import type { SudokuPuzzlesService } from './sudoku-puzzles.service.js';

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
export const sudokuPuzzleRoutes: FastifyPluginAsyncZod<{
  service: SudokuPuzzlesService;
  counters: CounterStore;
}> = async (app, { service, counters }) => {
  route(app, endpoints.daily, async (request, { user }) => service.daily(user.id, request.query.difficulty));
  route(app, endpoints.dailyStats, async (_request, { user }) => service.dailyStats(user.id));
  const perAddress = { preHandler: perClientLimit(counters, 'sudoku-custom', CUSTOM_CHECKS_PER_ADDRESS) };
  const perUser = async (userId: number) => {
    const counted = await counters.hit(`sudoku-custom-user:${userId}`, 60_000);
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
};
