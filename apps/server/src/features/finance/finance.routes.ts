import { financeEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.js';
import { perClientLimit } from '../../core/per-client-limit.js';
import { financeService } from './finance.service.js';
import { registerFormBodyParsers } from './form-body.js';
import { watchlistRepository } from './watchlist.repository.js';

const FORM_BODY_LIMIT = 16 * 1024;

/** Public market-data calls per client address per minute (429 beyond). */
const MARKET_CALLS_PER_MINUTE = 600;

/** docs/api.md#every-call (Finance): stock lookup, full stock and watchlist (wallets live elsewhere). */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = financeService(watchlistRepository(app.deps.database), app.deps.marketData);
  // Public market calls can be heavy (years of bars) and, live, spend the upstream's fair use.
  const marketLimit = { onRequest: perClientLimit(app.deps.counters, 'market', MARKET_CALLS_PER_MINUTE) };

  // Public; `user` is only checked (403 on mismatch) when someone is signed in.
  route(app, endpoints.getStock, marketLimit, async (request, { user }) =>
    service.getStock(request.query.symbol, user?.id),
  );
  route(app, endpoints.getFullStock, marketLimit, async (request) =>
    service.getFullStock(request.query.symbol, request.query.range, request.query.interval),
  );
  route(app, endpoints.search, marketLimit, async (request) => service.search(request.query.q));

  route(app, endpoints.getWatchlist, async (_request, { user }) => service.watchlist(user.id));
  // Encapsulated: only the watchlist changes read form bodies (the seed posts them as FormData).
  await app.register(async (forms) => {
    await registerFormBodyParsers(forms, { bodyLimit: FORM_BODY_LIMIT });
    route(forms, endpoints.addWatchlist, async (request, { user }) => service.add(user.id, request.body.symbol));
    route(forms, endpoints.removeWatchlist, async (request, { user }) => service.remove(user.id, request.body.symbol));
  });
};
