import { financeEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CounterStore } from '../../core/counter-store.js';
import { route } from '../../core/endpoint.js';
import { perClientLimit } from '../../core/per-client-limit.js';
import { sendStoredAnswer } from '../../core/stored-answer.js';
import type { FinanceService } from './finance.service.js';
import { registerFormBodyParsers } from './form-body.js';
import type { FullStockAnswers } from './full-stock-answers.js';

const FORM_BODY_LIMIT = 16 * 1024;

/** Public market-data calls per client address per minute (429 beyond). */
const MARKET_CALLS_PER_MINUTE = 600;

/** docs/api.md#every-call (Finance): stock lookup, full stock and watchlist (wallets live elsewhere). */
export const financeRoutes: FastifyPluginAsyncZod<{
  service: FinanceService;
  /** Serialized get_full_stock answers (FULL_STOCK_CACHE), or undefined to build each one. */
  fullStockAnswers: FullStockAnswers | undefined;
  counters: CounterStore;
}> = async (app, { service, fullStockAnswers, counters }) => {
  // Public market calls can be heavy (years of bars) and, live, spend the upstream's fair use.
  const marketLimit = { onRequest: perClientLimit(counters, 'market', MARKET_CALLS_PER_MINUTE) };

  // Public; `user` is only checked (403 on mismatch) when someone is signed in.
  route(app, endpoints.getStock, marketLimit, async (request, { user }) =>
    service.getStock(request.query.symbol, user?.id),
  );
  route(app, endpoints.getFullStock, marketLimit, async (request, { reply }) => {
    const { symbol, range, interval } = request.query;
    if (!fullStockAnswers) return service.getFullStock(symbol, range, interval);
    return sendStoredAnswer(request, reply, await fullStockAnswers.get(symbol, range, interval)) as never;
  });
  route(app, endpoints.search, marketLimit, async (request) => service.search(request.query.q));

  route(app, endpoints.getWatchlist, async (_request, { user }) => service.watchlist(user.id));
  // Encapsulated: only the watchlist changes read form bodies (the seed posts them as FormData).
  await app.register(async (forms) => {
    await registerFormBodyParsers(forms, { bodyLimit: FORM_BODY_LIMIT });
    route(forms, endpoints.addWatchlist, async (request, { user }) => service.add(user.id, request.body.symbol));
    route(forms, endpoints.removeWatchlist, async (request, { user }) => service.remove(user.id, request.body.symbol));
  });
};
