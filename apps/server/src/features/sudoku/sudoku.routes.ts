import {
  apiErrorSchema,
  sudokuCheckRequestSchema,
  sudokuCheckResponseSchema,
  sudokuDeleteGameRequestSchema,
  sudokuGameQuerySchema,
  sudokuGameSchema,
  sudokuGiveUpRequestSchema,
  sudokuOkResponseSchema,
  sudokuPlayQuerySchema,
  sudokuSavedGamesQuerySchema,
  sudokuSavedGamesResponseSchema,
  sudokuSaveGameRequestSchema,
  sudokuStatsResponseSchema,
  sudokuTimeResponseSchema,
  sudokuUpdateTimeRequestSchema,
} from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertSeedUser, currentUser, requireUser } from '../auth/auth.plugin.js';
import { generatePuzzle, PuzzlePool } from './engine/index.js';
import { sudokuRepository } from './sudoku.repository.js';
import { sudokuService } from './sudoku.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['sudoku'];

/** Seed §7 Sudoku, plus `game` (resume by id) and `stats` (best times). */
export const sudokuRoutes: FastifyPluginAsyncZod = async (app) => {
  // Puzzles are generated ahead of time so `play` answers at once.
  const pool = new PuzzlePool({
    size: app.deps.config.sudokuPoolSize,
    generate: (difficulty) => generatePuzzle(difficulty),
    onError: (error) => app.log.error({ err: error }, 'Sudoku puzzle pool refill failed'),
  });
  app.addHook('onReady', async () => pool.start());
  app.addHook('onClose', async () => pool.stop());
  const service = sudokuService(sudokuRepository(app.deps.database.db), pool);
  app.addHook('onRequest', requireUser);

  app.get(
    '/sudoku/play',
    {
      schema: {
        tags,
        summary: 'Start a new game',
        querystring: sudokuPlayQuerySchema,
        response: { 200: sudokuGameSchema, ...errors },
      },
    },
    async (request) => service.play(assertSeedUser(request, request.query.userid).id, request.query.difficulty),
  );

  app.get(
    '/sudoku/savedGames',
    {
      schema: {
        tags,
        summary: 'Unfinished games, newest first',
        querystring: sudokuSavedGamesQuerySchema,
        response: { 200: sudokuSavedGamesResponseSchema, ...errors },
      },
    },
    async (request) => service.savedGames(assertSeedUser(request, request.query.userid).id),
  );

  app.get(
    '/sudoku/game',
    {
      schema: {
        tags,
        summary: 'One game by id (to resume it)',
        querystring: sudokuGameQuerySchema,
        response: { 200: sudokuGameSchema, ...errors },
      },
    },
    async (request) => service.get(currentUser(request).id, request.query.id),
  );

  app.get(
    '/sudoku/stats',
    {
      schema: {
        tags,
        summary: 'Best winning time per difficulty',
        response: { 200: sudokuStatsResponseSchema, ...errors },
      },
    },
    async (request) => service.stats(currentUser(request).id),
  );

  app.delete(
    '/sudoku/deleteGame',
    {
      schema: {
        tags,
        summary: 'Delete a game',
        body: sudokuDeleteGameRequestSchema,
        response: { 200: sudokuOkResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.deleteGame(assertSeedUser(request, request.body.userid).id, request.body.gameid);
      return { success: true as const, message: 'Game deleted' };
    },
  );

  app.put(
    '/sudoku/updateTime',
    {
      schema: {
        tags,
        summary: 'Record elapsed seconds (never decreases)',
        body: sudokuUpdateTimeRequestSchema,
        response: { 200: sudokuTimeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      time: await service.updateTime(currentUser(request).id, request.body.sudoku_id, request.body.time),
    }),
  );

  app.put(
    '/sudoku/saveGame',
    {
      schema: {
        tags,
        summary: 'Save the board and elapsed time',
        body: sudokuSaveGameRequestSchema,
        response: { 200: sudokuTimeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { gameid, userid, current_state, time } = request.body;
      const stored = await service.saveGame(assertSeedUser(request, userid).id, gameid, current_state, time);
      return { success: true as const, time: stored };
    },
  );

  app.post(
    '/sudoku/checkSolution',
    {
      schema: {
        tags,
        summary: 'Check a board; with gameid a correct board wins that game',
        body: sudokuCheckRequestSchema,
        response: { 200: sudokuCheckResponseSchema, ...errors },
      },
    },
    async (request) => service.check(currentUser(request).id, request.body.board, request.body.gameid),
  );

  app.put(
    '/sudoku/giveUp',
    {
      schema: {
        tags,
        summary: 'Give up a game (it is marked lost)',
        body: sudokuGiveUpRequestSchema,
        response: { 200: sudokuOkResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.giveUp(assertSeedUser(request, request.body.userid).id, request.body.gameid);
      return { success: true as const, message: 'Game over' };
    },
  );
};
