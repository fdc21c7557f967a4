import type { GetStockResponse } from '@site/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../api-client';

/*
 * docs/api.md#every-call get_stock: the quote and profile of one symbol. Shared by the finance feature (the
 * look-up popup, watchlist membership) and the wallets feature (the trade forms' prices), which
 * must not import each other; both read and write the one cache entry per symbol defined here.
 */

export function getStock(symbol: string, signal?: AbortSignal): Promise<GetStockResponse> {
  return callEndpoint('finance.getStock', { query: { symbol }, signal });
}

/** Key and function of the stock look-up, for hooks, `fetchQuery` and cache updates. */
export function stockQueryOptions(symbol: string) {
  return queryOptions({
    queryKey: ['finance', 'stock', symbol] as const,
    queryFn: ({ signal }) => getStock(symbol, signal),
  });
}

/** Quote and profile of one symbol; idle while `symbol` is null. */
export function useStock(symbol: string | null) {
  return useQuery({ ...stockQueryOptions(symbol ?? ''), enabled: symbol !== null });
}
