import type { FastifyInstance } from 'fastify';
import { financeRoutes } from './finance.routes.js';
import { financeService } from './finance.service.js';
import { FullStockAnswers } from './full-stock-answers.js';
import { watchlistRepository } from './watchlist.repository.js';

const MINUTE = 60_000;
/** Different get_full_stock answers built at once (2 cores: more would only queue on the CPU and the heap). */
const FULL_STOCK_BUILDS = 2;
/** Serialized get_full_stock answers kept: at most ~1 MB each (a `max` of daily bars and its encodings). */
const FULL_STOCK_ANSWERS = 32;

/** Stock lookup, full stock and the watchlist (docs/api.md#every-call, Finance), on the shared market data. */
export async function financeFeature(api: FastifyInstance): Promise<void> {
  const { config, database, marketData, metrics, counters, accountData } = api.deps;
  const watchlist = watchlistRepository(database);
  const service = financeService(watchlist, marketData);
  accountData.register('watchlist', {
    exportRows: async (userId) => ({ watchlist: await watchlist.exportRows(userId) }),
  });
  // An answer holds the quote and today's bar, so it lives as long as they do: the demo market
  // moves by the minute; live, it is never fresher than its cached quote (docs/api.md#other-behaviour).
  const fullStockAnswers = config.fullStockCache
    ? new FullStockAnswers({
        build: service.getFullStock,
        lifetimeMs: marketData.mode === 'demo' ? (now) => MINUTE - (now % MINUTE) : () => config.yahooQuoteCacheMs,
        maxBuilds: FULL_STOCK_BUILDS,
        maxEntries: FULL_STOCK_ANSWERS,
        onLookup: metrics && ((result) => metrics.cacheLookup('full-stock', result)),
      })
    : undefined;
  await api.register(financeRoutes, { service, fullStockAnswers, counters });
}
