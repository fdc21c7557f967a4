import type { FastifyInstance } from 'fastify';
import { DIFFICULTIES, generatePuzzle, PuzzlePool } from './engine/index.js';
import { sudokuRepository } from './games/sudoku.repository.js';
import { sudokuRoutes } from './games/sudoku.routes.js';
import { sudokuService } from './games/sudoku.service.js';
import { sudokuHintRepository } from './hints/sudoku-hint.repository.js';
import { sudokuHintService } from './hints/sudoku-hint.service.js';
import { sudokuPathService } from './hints/sudoku-path.service.js';
import { DailyPuzzles, utcDate } from './puzzles/daily-puzzles.js';
import { shareLevels } from './puzzles/share-level.js';
import { sudokuPuzzleRoutes } from './puzzles/sudoku-puzzles.routes.js';
import { sudokuPuzzlesService } from './puzzles/sudoku-puzzles.service.js';

/**
 * Sudoku (docs/api.md#every-call): games from a pool of ready puzzles, hints and solving paths, the daily
 * puzzle and the player's own puzzles. Wired from the app's database, counters and jobs.
 */
export async function sudokuFeature(api: FastifyInstance): Promise<void> {
  const { config, database, counters, jobs, metrics, statusSources, pageFacts, accountData } = api.deps;

  // Puzzles are generated ahead of time so `play` answers at once; the pool fills while the app runs.
  const pool = new PuzzlePool({
    size: config.sudokuPoolSize,
    generate: (difficulty) => generatePuzzle(difficulty),
    onError: (error) => api.log.error({ err: error }, 'Sudoku puzzle pool refill failed'),
  });
  jobs.whileRunning({ name: 'sudoku-pool', start: () => pool.start(), stop: () => pool.stop() });
  metrics?.gaugeOnScrape('sudoku_pool_puzzles', 'Ready-made puzzles waiting in the pool', 'difficulty', () =>
    Object.fromEntries(DIFFICULTIES.map((d) => [d, pool.available(d)])),
  );
  // The admin status shows the same levels (core/status-sources.ts).
  statusSources.register('sudokuPool', () =>
    DIFFICULTIES.map((difficulty) => ({
      difficulty,
      size: pool.available(difficulty),
      target: config.sudokuPoolSize,
    })),
  );

  // Today's puzzles are made right after start, so the day's first players do not wait for them; a job
  // rather than a hook so that closing cancels what is left of it.
  const daily = new DailyPuzzles();
  jobs.whileRunning({
    name: 'sudoku-daily-puzzles',
    start: () => daily.prepare(utcDate(Date.now())),
    stop: () => daily.stop(),
  });

  // A share link's preview names its level (core/page-facts.ts, docs/api.md#pages).
  pageFacts.register('sudokuShareLevel', shareLevels());

  const games = sudokuRepository(database);
  const gamesService = sudokuService(games, pool);
  // The export's stats are the ones GET /api/sudoku/stats answers (docs/api.md#export).
  accountData.register('sudoku', {
    exportRows: async (userId) => ({
      sudoku_games: await games.exportRows(userId),
      sudoku_stats: await gamesService.stats(userId),
    }),
  });
  await api.register(sudokuRoutes, {
    games: gamesService,
    hints: sudokuHintService(games, sudokuHintRepository(database)),
    path: sudokuPathService(games),
  });
  await api.register(sudokuPuzzleRoutes, { service: sudokuPuzzlesService(games, daily), counters });
}
