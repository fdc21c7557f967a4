import type {
  GetFullStockResponse,
  GetWatchlistResponse,
  HistoryInterval,
  HistoryRange,
  SymbolSearchResponse,
  WatchlistChangeResponse,
} from '@site/contract';
import { callEndpoint } from '../../../lib/api-client';

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
    callEndpoint('finance.getFullStock', { query: { symbol, range, interval }, signal }),
  search: (q: string, signal?: AbortSignal): Promise<SymbolSearchResponse> =>
    callEndpoint('finance.search', { query: { q }, signal }),
  getWatchlist: (signal?: AbortSignal): Promise<GetWatchlistResponse> =>
    callEndpoint('finance.getWatchlist', { signal }),
  addToWatchlist: (symbol: string): Promise<WatchlistChangeResponse> =>
    callEndpoint('finance.addWatchlist', { body: symbolForm(symbol) }),
  removeFromWatchlist: (symbol: string): Promise<WatchlistChangeResponse> =>
    callEndpoint('finance.removeWatchlist', { body: symbolForm(symbol) }),
};
