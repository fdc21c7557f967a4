import type { GetWalletEventsResponse } from '@site/contract';
import { routes } from '@site/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/contract-schemas';
import { walletKeys } from './use-wallets';

// zod and these schemas load with the first call, not with the page (docs/decisions.md#main-thread-work-after-the-first-paint).
const schemas = lazySchemas(() => import('./wallet-events-schemas'));

/** docs/api.md#corporate-actions: the dividends paid and splits applied to a wallet, newest first. */
export const walletEventsQuery = (walletId: number) =>
  queryOptions({
    queryKey: [...walletKeys.wallet(walletId), 'events'] as const,
    queryFn: ({ signal }): Promise<GetWalletEventsResponse> =>
      callApi(routes.corporateActions.walletEvents, {
        query: { wallet_id: walletId },
        schema: schemas((c) => c.getWalletEventsResponseSchema),
        signal,
      }),
  });

/** The wallet's dividends and splits; the server applies them on its own schedule, so they are refetched on focus like the rest. */
export function useWalletEvents(walletId: number) {
  return useQuery(walletEventsQuery(walletId));
}
