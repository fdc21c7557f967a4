import { notifications } from '@mantine/notifications';
import type {
  CancelOrderResponse,
  GetOrdersResponse,
  Order,
  OrderRequest,
  PlaceOrderResponse,
  PreviewOrderResponse,
} from '@site/contract';
import { hashKey, keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callEndpoint } from '../../../lib/api-client';
import { orderTypeLabel } from '../orders/order-format';
import { formatShares } from '../wallet-format';
import { walletKeys, walletQueries } from './use-wallets';

/** While a wallet has open orders its list is refetched this often (the matcher runs every 15 s, docs/api.md#orders). */
export const OPEN_ORDERS_POLL_MS = 15_000;

/** docs/api.md#orders calls. The server takes the owner from the session, so no `user_id` is sent. */
export const ordersApi = {
  list: (walletId: number, signal?: AbortSignal): Promise<GetOrdersResponse> =>
    callEndpoint('orders.list', { query: { wallet_id: walletId, status: 'all' }, signal }),
  preview: (request: OrderRequest, signal?: AbortSignal): Promise<PreviewOrderResponse> =>
    callEndpoint('orders.preview', { body: request, signal }),
  place: (request: OrderRequest): Promise<PlaceOrderResponse> => callEndpoint('orders.place', { body: request }),
  cancel: (orderId: number): Promise<CancelOrderResponse> =>
    callEndpoint('orders.cancel', { body: { order_id: orderId } }),
};

export const ordersQuery = (walletId: number) =>
  queryOptions({
    queryKey: [...walletKeys.wallet(walletId), 'orders'] as const,
    queryFn: ({ signal }) => ordersApi.list(walletId, signal),
  });

const openIds = (orders: readonly Order[] | undefined) =>
  (orders ?? [])
    .filter((order) => order.status === 'open')
    .map((order) => order.order_id)
    .join(',');

/**
 * The wallet's open orders and its recent closed ones. Polled while any is open (TanStack Query
 * stops polling in a hidden tab); when the open set changes — the matcher filled or expired one —
 * the wallet's details, trades and performance are refetched, since a fill moved cash and shares.
 */
export function useOrders(walletId: number) {
  const queryClient = useQueryClient();
  const orders = useQuery({
    ...ordersQuery(walletId),
    refetchInterval: (query) => (openIds(query.state.data?.orders) ? OPEN_ORDERS_POLL_MS : false),
  });
  const seen = useRef<string | null>(null);
  const current = orders.data ? openIds(orders.data.orders) : null;
  useEffect(() => {
    if (current === null) return;
    const before = seen.current;
    seen.current = current;
    // Only an order leaving the open set (filled, expired, rejected, cancelled) can have moved money.
    const now = new Set(current.split(','));
    if (before?.split(',').some((id) => id !== '' && !now.has(id))) refreshWallet(queryClient, walletId, 'closed');
  }, [current, queryClient, walletId]);
  return orders;
}

type QueryClient = ReturnType<typeof useQueryClient>;

/**
 * What an order changes: a reservation moves the wallet's cash figures, holdings and orders
 * (`'reservation'`); a fill also its trades and performance, so every query of the wallet (`'all'`).
 * `'closed'` is `'all'` but the orders, which just arrived showing an order left the open set.
 */
function refreshWallet(queryClient: QueryClient, walletId: number, scope: 'reservation' | 'all' | 'closed') {
  const ordersHash = hashKey(ordersQuery(walletId).queryKey);
  if (scope === 'reservation') {
    void queryClient.invalidateQueries({ queryKey: walletQueries.details(walletId).queryKey });
    void queryClient.invalidateQueries({ queryKey: ordersQuery(walletId).queryKey });
  } else {
    void queryClient.invalidateQueries({
      queryKey: walletKeys.wallet(walletId),
      predicate: (query) => scope === 'all' || query.queryHash !== ordersHash,
    });
  }
  void queryClient.invalidateQueries({ queryKey: walletQueries.list().queryKey });
}

/**
 * docs/api.md#orders preview_order: what the order would do now; idle while `request` is null (the
 * ticket sends it only once the contract's schema accepts it, debounced). Keeps the last answer
 * while the next one loads, so the figures do not blink at every keystroke.
 */
export function useOrderPreview(request: OrderRequest | null) {
  return useQuery({
    queryKey: [...walletKeys.wallet(Number(request?.wallet_id ?? 0)), 'order-preview', request] as const,
    queryFn: ({ signal }) => ordersApi.preview(request as OrderRequest, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 5_000,
  });
}

/** Places an order; field errors and refusals are left to the ticket. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: OrderRequest) => ordersApi.place(request),
    onSuccess: ({ order }) => {
      const what = `${order.side === 'buy' ? 'Buy' : 'Sell'} ${formatShares(order.quantity)} of ${order.symbol}`;
      notifications.show({
        color: 'teal',
        title: order.status === 'filled' ? `${what}: filled at once` : `${what}: order placed`,
        message: `${orderTypeLabel(order)} · ${order.time_in_force === 'gtc' ? 'Good till cancelled' : 'Day'}`,
      });
      refreshWallet(queryClient, order.wallet_id, order.status === 'filled' ? 'all' : 'reservation');
    },
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) => ordersApi.cancel(order.order_id),
    onSuccess: ({ order }) => {
      notifications.show({ color: 'teal', message: `Order to ${order.side} ${order.symbol} cancelled` });
      // Only the orders: once they show this one closed, useOrders refreshes the rest of the wallet, once.
      void queryClient.invalidateQueries({ queryKey: ordersQuery(order.wallet_id).queryKey });
    },
    onError: (error, order) => {
      console.error(`Could not cancel order ${order.order_id}`, error);
      notifications.show({ color: 'red', title: `Could not cancel the ${order.symbol} order`, message: error.message });
      // 409: it filled or expired meanwhile; the orders show what it is now, and useOrders refreshes the rest.
      void queryClient.invalidateQueries({ queryKey: ordersQuery(order.wallet_id).queryKey });
    },
  });
}
