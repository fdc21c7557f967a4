import type {
  GetFullStockResponse,
  GetWatchlistResponse,
  HistoryInterval,
  HistoryRange,
  SymbolSearchResponse,
  WatchlistChangeResponse,
} from '@site/contract';
import { routes } from '@site/contract/routes';
import { callApi } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/contract-schemas';

// zod and these schemas load with the first call, not with the page (docs/decisions.md#main-thread-work-after-the-first-paint).
const schemas = lazySchemas(() => import('./finance-schemas'));

/** The seed posts watchlist changes as browser form data with the symbol (the user comes from the session). */
function symbolForm(symbol: string): FormData {
  const form = new FormData();
  form.append('symbol', symbol);
  return form;
}

/**
 * docs/api.md#every-call (Finance) calls (full stock, watchlist) plus the symbol search of the dropdown. The stock
 * look-up, which the wallets feature uses too, is lib/market/stock-query.
 */
export const financeApi = {
  getFullStock: (
    symbol: string,
    range: HistoryRange,
    interval: HistoryInterval,
    signal?: AbortSignal,
  ): Promise<GetFullStockResponse> =>
    callApi(routes.finance.getFullStock, {
      query: { symbol, range, interval },
      schema: schemas((c) => c.getFullStockResponseSchema),
      signal,
    }),
  search: (q: string, signal?: AbortSignal): Promise<SymbolSearchResponse> =>
    callApi(routes.finance.search, { query: { q }, schema: schemas((c) => c.symbolSearchResponseSchema), signal }),
  getWatchlist: (signal?: AbortSignal): Promise<GetWatchlistResponse> =>
    callApi(routes.finance.getWatchlist, { schema: schemas((c) => c.getWatchlistResponseSchema), signal }),
  addToWatchlist: (symbol: string): Promise<WatchlistChangeResponse> =>
    callApi(routes.finance.addWatchlist, {
      body: symbolForm(symbol),
      schema: schemas((c) => c.watchlistChangeResponseSchema),
    }),
  removeFromWatchlist: (symbol: string): Promise<WatchlistChangeResponse> =>
    callApi(routes.finance.removeWatchlist, {
      body: symbolForm(symbol),
      schema: schemas((c) => c.watchlistChangeResponseSchema),
    }),
};
