import {
  type GetFullStockResponse,
  type GetWatchlistResponse,
  getFullStockResponseSchema,
  getWatchlistResponseSchema,
  type HistoryInterval,
  type HistoryRange,
  type SymbolSearchResponse,
  symbolSearchResponseSchema,
  type WatchlistChangeResponse,
  watchlistChangeResponseSchema,
} from '@site/contract';
import { routes } from '@site/contract/routes';
import { callApi } from '../../../lib/api-client';

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
      schema: getFullStockResponseSchema,
      signal,
    }),
  search: (q: string, signal?: AbortSignal): Promise<SymbolSearchResponse> =>
    callApi(routes.finance.search, { query: { q }, schema: symbolSearchResponseSchema, signal }),
  getWatchlist: (signal?: AbortSignal): Promise<GetWatchlistResponse> =>
    callApi(routes.finance.getWatchlist, { schema: getWatchlistResponseSchema, signal }),
  addToWatchlist: (symbol: string): Promise<WatchlistChangeResponse> =>
    callApi(routes.finance.addWatchlist, {
      body: symbolForm(symbol),
      schema: watchlistChangeResponseSchema,
    }),
  removeFromWatchlist: (symbol: string): Promise<WatchlistChangeResponse> =>
    callApi(routes.finance.removeWatchlist, {
      body: symbolForm(symbol),
      schema: watchlistChangeResponseSchema,
    }),
};
