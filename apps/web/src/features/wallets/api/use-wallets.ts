import { notifications } from '@mantine/notifications';
import {
  type BuyStockRequest,
  type GetWalletsResponse,
  type SellStockRequest,
  type TradeResponse,
  WALLET_LEDGER_MAX,
  type WalletDetails,
  type WalletSummary,
} from '@site/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatUsd } from '../../../lib/format';
import { formatShares, formatTradePrice } from '../wallet-format';
import { walletsApi } from './wallets-api';

/** Prefixes of the feature's keys, to invalidate or remove a group of queries at once. */
export const walletKeys = {
  all: ['wallets'] as const,
  wallet: (walletId: number) => ['wallets', 'wallet', walletId] as const,
};

/** Key and function of each query of the wallets feature, for hooks, prefetches and cache updates. */
export const walletQueries = {
  /** The signed-in user's wallets (oldest first), valued at current prices. */
  list: () =>
    queryOptions({ queryKey: [...walletKeys.all, 'list'] as const, queryFn: ({ signal }) => walletsApi.list(signal) }),
  /** Details and holdings of one wallet. */
  details: (walletId: number) =>
    queryOptions({
      queryKey: [...walletKeys.wallet(walletId), 'details'] as const,
      queryFn: ({ signal }) => walletsApi.details(walletId, signal),
    }),
  /** The wallet's trades, newest first. */
  ledger: (walletId: number) =>
    queryOptions({
      queryKey: [...walletKeys.wallet(walletId), 'ledger'] as const,
      queryFn: ({ signal }) => walletsApi.ledger(walletId, signal),
    }),
};

/** The signed-in user's wallets (oldest first), valued at current prices. */
export function useWallets() {
  return useQuery(walletQueries.list());
}

/** The wallet marked active, if any (docs/product.md: buy/sell works against it). */
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
    ...walletQueries.details(walletId ?? 0),
    enabled: walletId !== null,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

/** The wallet's trades, newest first. */
export function useWalletLedger(walletId: number | null, { keepPrevious = false }: WalletQueryOptions = {}) {
  return useQuery({
    ...walletQueries.ledger(walletId ?? 0),
    enabled: walletId !== null,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

type WalletsUpdater = (wallets: WalletSummary[]) => WalletSummary[];

/** Puts a change into the cached list at once (from the server's answer), then refetches the truth. */
function useUpdateList() {
  const queryClient = useQueryClient();
  return (update: WalletsUpdater) => {
    const { queryKey } = walletQueries.list();
    queryClient.setQueryData(queryKey, (data) => data && { ...data, wallets: update(data.wallets) });
    return queryClient.invalidateQueries({ queryKey });
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
      queryClient.setQueryData(
        walletQueries.details(wallet.wallet_id).queryKey,
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

/** The list row of a wallet, from its details (which extend it). */
export function toWalletSummary(wallet: WalletDetails): WalletSummary {
  return {
    wallet_id: wallet.wallet_id,
    wallet_name: wallet.wallet_name,
    balance: wallet.balance,
    balance_cents: wallet.balance_cents,
    stocks_value: wallet.stocks_value,
    stocks_value_cents: wallet.stocks_value_cents,
    current_value: wallet.current_value,
    current_value_cents: wallet.current_value_cents,
    is_active: wallet.is_active,
    created_at: wallet.created_at,
    prices_available: wallet.prices_available,
    reserved_cash: wallet.reserved_cash,
    reserved_cash_cents: wallet.reserved_cash_cents,
    buying_power: wallet.buying_power,
    buying_power_cents: wallet.buying_power_cents,
  };
}

/**
 * Buys or sells. The answer carries the wallet right after the trade (with its history, the new
 * snapshot included) and the trade itself, so the wallet's details, its row in the list and its
 * ledger are updated from it, with no request.
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
        message: `at ${formatTradePrice(trade)} for ${formatUsd(trade.cash_amount)} · cash now ${formatUsd(wallet.balance)}`,
      });
      const id = wallet.wallet_id;
      const details = walletQueries.details(id).queryKey;
      queryClient.setQueryData(details, (data) => data && { ...data, wallet });
      // Without prices the details' message says why; only the server has that text.
      if (!wallet.prices_available) void queryClient.invalidateQueries({ queryKey: details });
      queryClient.setQueryData(
        walletQueries.list().queryKey,
        (data) => data && { ...data, wallets: replace(toWalletSummary(wallet))(data.wallets) },
      );
      // Newest first, at most WALLET_LEDGER_MAX, as the server sends it.
      queryClient.setQueryData(
        walletQueries.ledger(id).queryKey,
        (data) =>
          data && {
            ...data,
            trades: [trade, ...data.trades.filter((item) => item.id !== trade.id)].slice(0, WALLET_LEDGER_MAX),
          },
      );
    },
  });
}
