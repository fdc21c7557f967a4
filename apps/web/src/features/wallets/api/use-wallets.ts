import { notifications } from '@mantine/notifications';
import type {
  BuyStockRequest,
  GetWalletDetailsResponse,
  GetWalletsResponse,
  SellStockRequest,
  TradeResponse,
  WalletSummary,
} from '@site/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatUsd } from '../../../lib/format';
import { formatShares } from '../wallet-format';
import { walletsApi } from './wallets-api';

export const walletKeys = {
  all: ['wallets'] as const,
  list: ['wallets', 'list'] as const,
  wallet: (walletId: number) => ['wallets', 'wallet', walletId] as const,
  details: (walletId: number) => ['wallets', 'wallet', walletId, 'details'] as const,
  history: (walletId: number) => ['wallets', 'wallet', walletId, 'history'] as const,
  ledger: (walletId: number) => ['wallets', 'wallet', walletId, 'ledger'] as const,
};

/** The signed-in user's wallets (oldest first), valued at current prices. */
export function useWallets(enabled = true) {
  return useQuery({
    queryKey: walletKeys.list,
    queryFn: ({ signal }) => walletsApi.list(signal),
    enabled,
  });
}

/** The wallet marked active, if any (seed §4: buy/sell works against it). */
export const activeWallet = (data: GetWalletsResponse | undefined): WalletSummary | undefined =>
  data?.wallets.find((wallet) => wallet.is_active);

export interface WalletQueryOptions {
  /**
   * While another wallet loads, keep showing the previous one's data (the wallet page does, under
   * its loading overlay); off by default so a view never shows another wallet's numbers as its own.
   */
  keepPrevious?: boolean;
}

/** Details and holdings of one wallet; idle while `walletId` is null. */
export function useWalletDetails(walletId: number | null, { keepPrevious = false }: WalletQueryOptions = {}) {
  return useQuery({
    queryKey: walletKeys.details(walletId ?? 0),
    queryFn: ({ signal }) => walletsApi.details(walletId ?? 0, signal),
    enabled: walletId !== null,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

/** History snapshots, oldest first; the last one may be the live "now" point. */
export function useWalletHistory(walletId: number | null, { keepPrevious = false }: WalletQueryOptions = {}) {
  return useQuery({
    queryKey: walletKeys.history(walletId ?? 0),
    queryFn: ({ signal }) => walletsApi.history(walletId ?? 0, signal),
    enabled: walletId !== null,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

/** The wallet's trades, newest first. */
export function useWalletLedger(walletId: number | null, { keepPrevious = false }: WalletQueryOptions = {}) {
  return useQuery({
    queryKey: walletKeys.ledger(walletId ?? 0),
    queryFn: ({ signal }) => walletsApi.ledger(walletId ?? 0, signal),
    enabled: walletId !== null,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

type WalletsUpdater = (wallets: WalletSummary[]) => WalletSummary[];

/** Puts a change into the cached list at once (from the server's answer), then refetches the truth. */
function useUpdateList() {
  const queryClient = useQueryClient();
  return (update: WalletsUpdater) => {
    queryClient.setQueryData<GetWalletsResponse>(
      walletKeys.list,
      (data) => data && { ...data, wallets: update(data.wallets) },
    );
    return queryClient.invalidateQueries({ queryKey: walletKeys.list });
  };
}

const replace = (wallet: WalletSummary) => (wallets: WalletSummary[]) =>
  wallets.map((item) => (item.wallet_id === wallet.wallet_id ? wallet : item));

/** Creates a wallet; field errors (e.g. a duplicate name) are left to the form. */
export function useCreateWallet() {
  const updateList = useUpdateList();
  return useMutation({
    mutationFn: (walletName: string) => walletsApi.create(walletName),
    onSuccess: ({ wallet }) => {
      notifications.show({
        color: 'teal',
        message: `Wallet ${wallet.wallet_name} created with ${formatUsd(wallet.balance)}`,
      });
      return updateList((wallets) => [...wallets.filter((item) => item.wallet_id !== wallet.wallet_id), wallet]);
    },
  });
}

export interface RenameWalletInput {
  walletId: number;
  newName: string;
}

export function useRenameWallet() {
  const updateList = useUpdateList();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ walletId, newName }: RenameWalletInput) => walletsApi.rename(walletId, newName),
    onSuccess: ({ wallet }) => {
      notifications.show({ color: 'teal', message: `Wallet renamed to ${wallet.wallet_name}` });
      queryClient.setQueryData<GetWalletDetailsResponse>(
        walletKeys.details(wallet.wallet_id),
        (data) => data && { ...data, wallet: { ...data.wallet, wallet_name: wallet.wallet_name } },
      );
      return updateList(replace(wallet));
    },
  });
}

function reportFailure(failure: string, error: Error) {
  console.error(failure, error);
  notifications.show({ color: 'red', title: failure, message: error.message });
}

export function useDeleteWallet() {
  const updateList = useUpdateList();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (wallet: WalletSummary) => walletsApi.remove(wallet.wallet_id),
    onSuccess: (_result, wallet) => {
      notifications.show({ color: 'teal', message: `Wallet ${wallet.wallet_name} deleted` });
      queryClient.removeQueries({ queryKey: walletKeys.wallet(wallet.wallet_id) });
      return updateList((wallets) => wallets.filter((item) => item.wallet_id !== wallet.wallet_id));
    },
    onError: (error, wallet) => reportFailure(`Could not delete ${wallet.wallet_name}`, error),
  });
}

export function useSetActiveWallet() {
  const updateList = useUpdateList();
  return useMutation({
    mutationFn: (wallet: WalletSummary) => walletsApi.setActive(wallet.wallet_id),
    onSuccess: (_result, wallet) => {
      notifications.show({ color: 'teal', message: `${wallet.wallet_name} is now your active wallet` });
      return updateList((wallets) =>
        wallets.map((item) => ({ ...item, is_active: item.wallet_id === wallet.wallet_id })),
      );
    },
    onError: (error, wallet) => reportFailure(`Could not make ${wallet.wallet_name} active`, error),
  });
}

export type TradeSideInput = { side: 'buy'; request: BuyStockRequest } | { side: 'sell'; request: SellStockRequest };

/**
 * Buys or sells. The answer carries the wallet's details right after the trade, which go into
 * the cache at once; the list, history and ledger (and the details again) are then reloaded.
 * Refusals are left to the form, which shows the server's message next to it.
 */
export function useTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TradeSideInput): Promise<TradeResponse> =>
      input.side === 'buy' ? walletsApi.buy(input.request) : walletsApi.sell(input.request),
    onSuccess: ({ trade, wallet }) => {
      const verb = trade.side === 'buy' ? 'Bought' : 'Sold';
      notifications.show({
        color: 'teal',
        title: `${verb} ${formatShares(trade.quantity)} of ${trade.symbol}`,
        message: `at ${formatUsd(trade.price)} for ${formatUsd(trade.cash_amount)} · cash now ${formatUsd(wallet.balance)}`,
      });
      queryClient.setQueryData<GetWalletDetailsResponse>(
        walletKeys.details(wallet.wallet_id),
        (data) => data && { ...data, wallet },
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.wallet(wallet.wallet_id) }),
        queryClient.invalidateQueries({ queryKey: walletKeys.list }),
      ]);
    },
  });
}
