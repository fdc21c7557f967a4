import type { GetWalletEventsResponse } from '@site/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { walletKeys } from './use-wallets';

/** docs/api.md#corporate-actions: the dividends paid and splits applied to a wallet, newest first. */
export const walletEventsQuery = (walletId: number) =>
  queryOptions({
    queryKey: [...walletKeys.wallet(walletId), 'events'] as const,
    queryFn: ({ signal }): Promise<GetWalletEventsResponse> =>
      callEndpoint('corporateActions.walletEvents', { query: { wallet_id: walletId }, signal }),
  });

/** The wallet's dividends and splits; the server applies them on its own schedule, so they are refetched on focus like the rest. */
export function useWalletEvents(walletId: number) {
  return useQuery(walletEventsQuery(walletId));
}
