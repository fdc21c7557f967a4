import { financeEndpoints as endpoints } from '@site/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMPRESSION_THRESHOLD, negotiateEncoding } from '../../core/compression.js';
import type { CounterStore } from '../../core/counter-store.js';
import { route } from '../../core/endpoint.js';
import { perClientLimit } from '../../core/per-client-limit.js';
import type { FinanceService } from './finance.service.js';
import { registerFormBodyParsers } from './form-body.js';
import type { FullStockAnswers } from './full-stock-answers.js';

const FORM_BODY_LIMIT = 16 * 1024;

/** Public market-data calls per client address per minute (429 beyond). */
const MARKET_CALLS_PER_MINUTE = 600;

/** Adds `field` to the answer's Vary header (CORS may have set one already). */
function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  reply.header('vary', typeof current === 'string' && current ? `${current}, ${field}` : field);
}

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
    const answer = await fullStockAnswers.get(symbol, range, interval);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const encoded = encoding && answer.encoded(encoding);
    reply.type('application/json; charset=utf-8');
    // The answer depends on Accept-Encoding; with Content-Encoding set, core/compression.ts leaves it be.
    if (answer.json.length >= COMPRESSION_THRESHOLD) addVary(reply, 'Accept-Encoding');
    if (!encoded) return reply.send(answer.json) as never;
    const body = await encoded;
    reply.header('content-encoding', encoding);
    return reply.send(body) as never;
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
