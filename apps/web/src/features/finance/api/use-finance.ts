import { notifications } from '@mantine/notifications';
import type { GetStockResponse, GetWatchlistResponse, HistoryInterval, HistoryRange } from '@site/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { financeApi } from './finance-api';

export const financeKeys = {
  all: ['finance'] as const,
  stock: (symbol: string) => ['finance', 'stock', symbol] as const,
  fullStock: (symbol: string, range: HistoryRange, interval: HistoryInterval) =>
    ['finance', 'full-stock', symbol, range, interval] as const,
  search: (q: string) => ['finance', 'search', q] as const,
  watchlist: ['finance', 'watchlist'] as const,
};

/** Quote and profile of one symbol for the Finance home popup; idle while `symbol` is null. */
export function useStock(symbol: string | null) {
  return useQuery({
    queryKey: financeKeys.stock(symbol ?? ''),
    queryFn: ({ signal }) => financeApi.getStock(symbol ?? '', signal),
    enabled: symbol !== null,
  });
}

/**
 * Seed §4: the stock page reloads whenever symbol, range or interval changes (they are the key).
 * While another range of the same symbol loads, the previous answer stays on screen.
 */
export function useFullStock(symbol: string, range: HistoryRange, interval: HistoryInterval) {
  return useQuery({
    queryKey: financeKeys.fullStock(symbol, range, interval),
    queryFn: ({ signal }) => financeApi.getFullStock(symbol, range, interval, signal),
    placeholderData: (previous) => (previous?.symbol === symbol ? previous : undefined),
  });
}

/** Symbol and company look-up for the search dropdown; idle for empty text. */
export function useSymbolSearch(q: string) {
  return useQuery({
    queryKey: financeKeys.search(q),
    queryFn: ({ signal }) => financeApi.search(q, signal),
    enabled: q.length > 0,
    staleTime: 5 * 60_000,
  });
}

export function useWatchlist(enabled: boolean) {
  return useQuery({
    queryKey: financeKeys.watchlist,
    queryFn: ({ signal }) => financeApi.getWatchlist(signal),
    enabled,
  });
}

export type WatchlistAction = 'add' | 'remove';
export interface WatchlistChange {
  symbol: string;
  action: WatchlistAction;
}

/**
 * Adds or removes a symbol. Seed §4: the list and the button change only when the server
 * answers success, so the caches are updated from the answer (never optimistically).
 */
export function useWatchlistChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, action }: WatchlistChange) =>
      action === 'add' ? financeApi.addToWatchlist(symbol) : financeApi.removeFromWatchlist(symbol),
    onSuccess: (result, { symbol, action }) => {
      const symbols = result.symbols;
      queryClient.setQueryData<GetWatchlistResponse>(
        financeKeys.watchlist,
        (data) => data && { ...data, symbols, items: data.items.filter((item) => symbols.includes(item.symbol)) },
      );
      queryClient.setQueryData<GetStockResponse>(
        financeKeys.stock(symbol),
        (data) => data && { ...data, watchlist: symbols.includes(symbol) },
      );
      notifications.show({
        color: 'teal',
        message: action === 'add' ? `${symbol} added to your watchlist` : `${symbol} removed from your watchlist`,
      });
      // The new row needs its quote; the symbols are already right, so the button does not flicker.
      return queryClient.invalidateQueries({ queryKey: financeKeys.watchlist });
    },
    onError: (error, { symbol, action }) => {
      const failure = action === 'add' ? `Could not add ${symbol}` : `Could not remove ${symbol}`;
      console.error(failure, error);
      notifications.show({ color: 'red', title: failure, message: error.message });
      // A 409/404 means another tab changed the list: fetch the truth instead of guessing.
      void queryClient.invalidateQueries({ queryKey: financeKeys.watchlist });
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
  return stock?.watchlist === true;
}
