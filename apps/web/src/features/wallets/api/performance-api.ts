import type { BenchmarkSymbol, WalletHistoryEntry, WalletPerformanceResponse } from '@site/contract';
import { useQuery } from '@tanstack/react-query';
import { type ApiFile, callEndpoint, callEndpointFile } from '../../../lib/api-client';
import { walletKeys } from './use-wallets';

/** docs/api.md#wallet-performance and #wallet-ledger-csv, called by their route entries. */
export const performanceApi = {
  performance: (
    walletId: number,
    benchmark: BenchmarkSymbol,
    signal?: AbortSignal,
  ): Promise<WalletPerformanceResponse> =>
    callEndpoint('walletReports.performance', { query: { wallet_id: walletId, benchmark }, signal }),
  ledgerCsv: (walletId: number): Promise<ApiFile> =>
    callEndpointFile('walletReports.ledgerCsv', { query: { wallet_id: walletId } }),
};

/**
 * What changes a wallet's performance: its last stored snapshot (one is written with every trade).
 * A trade puts the new details in the cache (use-wallets.ts useTrade), so this changes with it and
 * the performance is fetched again — without the trade code knowing about it.
 */
export function performanceVersion(history: readonly WalletHistoryEntry[]): string {
  const stored = history.filter((entry) => !entry.is_current);
  return `${stored.length}:${stored.at(-1)?.created_at ?? ''}`;
}

export const performanceQuery = (walletId: number, benchmark: BenchmarkSymbol, version: string) => ({
  queryKey: [...walletKeys.wallet(walletId), 'performance', benchmark, version] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => performanceApi.performance(walletId, benchmark, signal),
});

/**
 * The wallet's performance against `benchmark`. While another benchmark or a newer version loads,
 * the wallet's previous answer stays (marked `isPlaceholderData`); never another wallet's.
 */
export function useWalletPerformance(walletId: number, benchmark: BenchmarkSymbol, version: string) {
  return useQuery({
    ...performanceQuery(walletId, benchmark, version),
    placeholderData: (previous) => (previous?.wallet_id === walletId ? previous : undefined),
  });
}
