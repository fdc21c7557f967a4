import { notifications } from '@mantine/notifications';
import {
  checkSymbol,
  DEFAULT_INTERVAL,
  DEFAULT_RANGE,
  type GetStockResponse,
  type GetWatchlistResponse,
  type HistoryInterval,
  type HistoryRange,
  SEARCH_QUERY_MAX,
} from '@site/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stockQueryOptions } from '../../../lib/market/stock-query';
import { financeApi } from './finance-api';

/** Key and function of each query of the finance feature, for hooks, prefetches and cache updates. */
export const financeQueries = {
  /** One symbol's quote and profile (shared with the wallets feature, so defined in lib/market). */
  stock: stockQueryOptions,
  /** Quote, profile, price history and news of one symbol, for one range and interval. */
  fullStock: (symbol: string, range: HistoryRange, interval: HistoryInterval) =>
    queryOptions({
      queryKey: ['finance', 'full-stock', symbol, range, interval] as const,
      queryFn: ({ signal }) => financeApi.getFullStock(symbol, range, interval, signal),
    }),
  /** Symbols and company names matching `q`. */
  search: (q: string) =>
    queryOptions({
      queryKey: ['finance', 'search', q] as const,
      queryFn: ({ signal }) => financeApi.search(q, signal),
      staleTime: 5 * 60_000,
    }),
  /** The signed-in user's watchlist with today's quote per symbol. */
  watchlist: () =>
    queryOptions({
      queryKey: ['finance', 'watchlist'] as const,
      queryFn: ({ signal }) => financeApi.getWatchlist(signal),
    }),
};

/**
 * docs/product.md: the stock page reloads whenever symbol, range or interval changes (they are the key).
 * While another range of the same symbol loads, the previous answer stays on screen.
 */
export function useFullStock(symbol: string, range: HistoryRange, interval: HistoryInterval) {
  return useQuery({
    ...financeQueries.fullStock(symbol, range, interval),
    placeholderData: (previous) => (previous?.symbol === symbol ? previous : undefined),
  });
}

/**
 * A year of daily bars for the header's price line (docs/product.md#stock-page-appsfinancestocksymbol):
 * the page's default answer, so on arrival one request serves both, and the line stays as it is
 * while the Analysis tab loads other ranges.
 */
export function useRecentHistory(symbol: string) {
  return useQuery({
    ...financeQueries.fullStock(symbol, DEFAULT_RANGE, DEFAULT_INTERVAL),
    select: (data) => data.history,
  });
}

/**
 * What typed text names: the first search match (the server puts the symbol itself, then the best
 * equity first), or the text as a symbol when nothing matches or search is down (a live symbol
 * search does not know still gets its quote). Null when the text can be neither.
 */
export function useResolveSymbol() {
  const queryClient = useQueryClient();
  return async (text: string): Promise<string | null> => {
    const q = text.trim();
    const asSymbol = checkSymbol(q);
    const fallback = asSymbol.ok ? asSymbol.symbol : null;
    if (q.length > SEARCH_QUERY_MAX) return fallback;
    try {
      const found = await queryClient.fetchQuery(financeQueries.search(q));
      return found.results[0]?.symbol ?? fallback;
    } catch {
      return fallback;
    }
  };
}

/** Symbol and company look-up for the search dropdown; idle for empty text. */
export function useSymbolSearch(q: string) {
  return useQuery({ ...financeQueries.search(q), enabled: q.length > 0 });
}

export function useWatchlist(enabled: boolean) {
  return useQuery({ ...financeQueries.watchlist(), enabled });
}

export type WatchlistAction = 'add' | 'remove';
export interface WatchlistChange {
  symbol: string;
  action: WatchlistAction;
}

/**
 * Adds or removes a symbol. docs/product.md: the list and the button change only when the server
 * answers success, so the caches are updated from the answer (never optimistically).
 */
export function useWatchlistChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, action }: WatchlistChange) =>
      action === 'add' ? financeApi.addToWatchlist(symbol) : financeApi.removeFromWatchlist(symbol),
    onSuccess: (result, { symbol, action }) => {
      const symbols = result.symbols;
      queryClient.setQueryData(
        financeQueries.watchlist().queryKey,
        (data) => data && { ...data, symbols, items: data.items.filter((item) => symbols.includes(item.symbol)) },
      );
      queryClient.setQueryData(
        financeQueries.stock(symbol).queryKey,
        (data) => data && { ...data, watchlist: symbols, in_watchlist: symbols.includes(symbol) },
      );
      notifications.show({
        color: 'teal',
        message: action === 'add' ? `${symbol} added to your watchlist` : `${symbol} removed from your watchlist`,
      });
      // The new row needs its quote; the symbols are already right, so the button does not flicker.
      return queryClient.invalidateQueries({ queryKey: financeQueries.watchlist().queryKey });
    },
    onError: (error, { symbol, action }) => {
      const failure = action === 'add' ? `Could not add ${symbol}` : `Could not remove ${symbol}`;
      console.error(failure, error);
      notifications.show({ color: 'red', title: failure, message: error.message });
      // A 409/404 means another tab changed the list: fetch the truth instead of guessing.
      void queryClient.invalidateQueries({ queryKey: financeQueries.watchlist().queryKey });
    },
  });
}

/** Whether `symbol` is in the signed-in user's watchlist: the list when loaded, else the stock's flag. */
export function isInWatchlist(
  symbol: string,
  watchlist: GetWatchlistResponse | undefined,
  stock?: GetStockResponse,
): boolean {
  if (watchlist) return watchlist.symbols.includes(symbol);
  return stock?.in_watchlist === true;
}
