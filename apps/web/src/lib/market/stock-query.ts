import type { GetStockResponse } from '@site/contract';
import { routes } from '@site/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { lazySchemas } from '../contract-schemas';

// zod and these schemas load with the first call, not with the page (docs/decisions.md#main-thread-work-after-the-first-paint).
const schemas = lazySchemas(() => import('./stock-schemas'));

/*
 * docs/api.md#every-call get_stock: the quote and profile of one symbol. Shared by the finance feature (the
 * look-up popup, watchlist membership) and the wallets feature (the trade forms' prices), which
 * must not import each other; both read and write the one cache entry per symbol defined here.
 */

export function getStock(symbol: string, signal?: AbortSignal): Promise<GetStockResponse> {
  return callApi(routes.finance.getStock, {
    query: { symbol },
    schema: schemas((c) => c.getStockResponseSchema),
    signal,
  });
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
