import {
  apiErrorSchema,
  getFullStockQuerySchema,
  getFullStockResponseSchema,
  getStockQuerySchema,
  getStockResponseSchema,
  getWatchlistQuerySchema,
  getWatchlistResponseSchema,
  symbolSearchQuerySchema,
  symbolSearchResponseSchema,
  watchlistChangeRequestSchema,
  watchlistChangeResponseSchema,
} from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perClientLimit } from '../../core/per-client-limit.js';
import { assertSeedUser, requireUser } from '../auth/auth.plugin.js';
import { financeService } from './finance.service.js';
import { registerFormBodyParsers } from './form-body.js';
import { marketDataFor } from './market-data/index.js';
import { watchlistRepository } from './watchlist.repository.js';

const tags = ['finance'];
/** Market data can fail upstream (live mode): 502 bad answer, 503 unreachable / rate limited. */
const marketErrors = {
  400: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
};
const userErrors = {
  ...marketErrors,
  401: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
};
/** The seed's client posts the watchlist changes as browser FormData; forms and JSON work too. */
const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];
const FORM_BODY_LIMIT = 16 * 1024;

/** Public market-data calls per client address per minute (429 beyond). */
const MARKET_CALLS_PER_MINUTE = 600;

/** Seed §7 Finance: stock lookup, full stock and watchlist (wallets live elsewhere). */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  registerFormBodyParsers(app, { bodyLimit: FORM_BODY_LIMIT });
  const service = financeService(watchlistRepository(app.deps.database), () => marketDataFor(app.deps));
  // Public market calls can be heavy (years of bars) and, live, spend the upstream's fair use.
  const marketLimit = perClientLimit(app.deps.counters, 'market', MARKET_CALLS_PER_MINUTE);

  app.get(
    '/finance/get_stock',
    {
      onRequest: marketLimit,
      schema: {
        tags,
        summary: 'A stock’s quote and profile; with a session, also whether it is in your watchlist',
        querystring: getStockQuerySchema,
        response: { 200: getStockResponseSchema, ...marketErrors },
      },
    },
    async (request) => {
      // Public; `user` is only checked (403 on mismatch) when someone is signed in.
      const user = request.user ? assertSeedUser(request, request.query.user) : undefined;
      return service.getStock(request.query.symbol, user?.id);
    },
  );

  app.get(
    '/finance/get_full_stock',
    {
      onRequest: marketLimit,
      schema: {
        tags,
        summary: 'Stock info, price history for a range and interval, and news',
        querystring: getFullStockQuerySchema,
        response: { 200: getFullStockResponseSchema, ...marketErrors },
      },
    },
    async (request) => service.getFullStock(request.query.symbol, request.query.range, request.query.interval),
  );

  app.get(
    '/finance/search',
    {
      onRequest: marketLimit,
      schema: {
        tags,
        summary: 'Symbols and company names matching the text (search dropdown)',
        querystring: symbolSearchQuerySchema,
        response: { 200: symbolSearchResponseSchema, ...marketErrors },
      },
    },
    async (request) => service.search(request.query.q),
  );

  app.get(
    '/finance/get_watchlist',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Your watchlist: symbols in the order added, each with a quote',
        querystring: getWatchlistQuerySchema,
        response: { 200: getWatchlistResponseSchema, ...userErrors },
      },
    },
    async (request) => service.watchlist(assertSeedUser(request, request.query.user).id),
  );

  app.post(
    '/finance/add_watchlist',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Add a symbol to your watchlist (409 if already there, 400 when full)',
        consumes: FORM_TYPES,
        body: watchlistChangeRequestSchema,
        response: { 200: watchlistChangeResponseSchema, ...userErrors },
      },
    },
    async (request) => service.add(assertSeedUser(request, request.body.user).id, request.body.symbol),
  );

  app.post(
    '/finance/remove_watchlist',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Remove a symbol from your watchlist (404 if not there)',
        consumes: FORM_TYPES,
        body: watchlistChangeRequestSchema,
        response: { 200: watchlistChangeResponseSchema, ...userErrors },
      },
    },
    async (request) => service.remove(assertSeedUser(request, request.body.user).id, request.body.symbol),
  );
};
