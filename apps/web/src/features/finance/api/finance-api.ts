import {
  type GetFullStockResponse,
  type GetStockResponse,
  type GetWatchlistResponse,
  getFullStockResponseSchema,
  getStockResponseSchema,
  getWatchlistResponseSchema,
  type HistoryInterval,
  type HistoryRange,
  type SymbolSearchResponse,
  symbolSearchResponseSchema,
  type WatchlistChangeResponse,
  watchlistChangeResponseSchema,
} from '@site/contract';
import { apiRequest } from '../../../lib/api-client';

/** The seed posts watchlist changes as browser form data with the symbol (the user comes from the session). */
function symbolForm(symbol: string): FormData {
  const form = new FormData();
  form.append('symbol', symbol);
  return form;
}

/** Seed §7 Finance calls (stock lookup, full stock, watchlist) plus the symbol search of the dropdown. */
export const financeApi = {
  getStock: (symbol: string, signal?: AbortSignal): Promise<GetStockResponse> =>
    apiRequest('GET', '/api/finance/get_stock', { query: { symbol }, schema: getStockResponseSchema, signal }),
  getFullStock: (
    symbol: string,
    range: HistoryRange,
    interval: HistoryInterval,
    signal?: AbortSignal,
  ): Promise<GetFullStockResponse> =>
    apiRequest('GET', '/api/finance/get_full_stock', {
      query: { symbol, range, interval },
      schema: getFullStockResponseSchema,
      signal,
    }),
  search: (q: string, signal?: AbortSignal): Promise<SymbolSearchResponse> =>
    apiRequest('GET', '/api/finance/search', { query: { q }, schema: symbolSearchResponseSchema, signal }),
  getWatchlist: (signal?: AbortSignal): Promise<GetWatchlistResponse> =>
    apiRequest('GET', '/api/finance/get_watchlist', { schema: getWatchlistResponseSchema, signal }),
  addToWatchlist: (symbol: string): Promise<WatchlistChangeResponse> =>
    apiRequest('POST', '/api/finance/add_watchlist', {
      body: symbolForm(symbol),
      schema: watchlistChangeResponseSchema,
    }),
  removeFromWatchlist: (symbol: string): Promise<WatchlistChangeResponse> =>
    apiRequest('POST', '/api/finance/remove_watchlist', {
      body: symbolForm(symbol),
      schema: watchlistChangeResponseSchema,
    }),
};
