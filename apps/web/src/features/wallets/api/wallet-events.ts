import { type GetWalletEventsResponse, getWalletEventsResponseSchema } from '@site/contract';
import { routes } from '@site/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { walletKeys } from './use-wallets';

/** docs/api.md#corporate-actions: the dividends paid and splits applied to a wallet, newest first. */
export const walletEventsQuery = (walletId: number) =>
  queryOptions({
    queryKey: [...walletKeys.wallet(walletId), 'events'] as const,
    queryFn: ({ signal }): Promise<GetWalletEventsResponse> =>
      callApi(routes.corporateActions.walletEvents, {
        query: { wallet_id: walletId },
        schema: getWalletEventsResponseSchema,
        signal,
      }),
  });

/** The wallet's dividends and splits; the server applies them on its own schedule, so they are refetched on focus like the rest. */
export function useWalletEvents(walletId: number) {
  return useQuery(walletEventsQuery(walletId));
}
