import {
  type BuyStockRequest,
  type GetWalletDetailsResponse,
  type GetWalletHistoryResponse,
  type GetWalletLedgerResponse,
  type GetWalletsResponse,
  getWalletDetailsResponseSchema,
  getWalletHistoryResponseSchema,
  getWalletLedgerResponseSchema,
  getWalletsResponseSchema,
  type SellStockRequest,
  type TradeResponse,
  tradeResponseSchema,
  type WalletMessageResponse,
  type WalletResponse,
  walletMessageResponseSchema,
  walletResponseSchema,
} from '@site/contract';
import { apiRequest } from '../../../lib/api-client';

const BASE = '/api/finance';

/**
 * Seed §7 Finance wallet calls (plus the ledger and set-active additions). The server takes the
 * owner from the session, so no `user_id` is sent.
 */
export const walletsApi = {
  list: (signal?: AbortSignal): Promise<GetWalletsResponse> =>
    apiRequest('GET', `${BASE}/get_wallets`, { schema: getWalletsResponseSchema, signal }),
  details: (walletId: number, signal?: AbortSignal): Promise<GetWalletDetailsResponse> =>
    apiRequest('GET', `${BASE}/get_wallet_details`, {
      query: { wallet_id: walletId },
      schema: getWalletDetailsResponseSchema,
      signal,
    }),
  history: (walletId: number, signal?: AbortSignal): Promise<GetWalletHistoryResponse> =>
    apiRequest('GET', `${BASE}/get_wallet_history`, {
      query: { wallet_id: walletId },
      schema: getWalletHistoryResponseSchema,
      signal,
    }),
  ledger: (walletId: number, signal?: AbortSignal): Promise<GetWalletLedgerResponse> =>
    apiRequest('GET', `${BASE}/get_wallet_ledger`, {
      query: { wallet_id: walletId },
      schema: getWalletLedgerResponseSchema,
      signal,
    }),
  create: (walletName: string): Promise<WalletResponse> =>
    apiRequest('POST', `${BASE}/create_wallet`, { body: { wallet_name: walletName }, schema: walletResponseSchema }),
  rename: (walletId: number, newWalletName: string): Promise<WalletResponse> =>
    apiRequest('POST', `${BASE}/rename_wallet`, {
      body: { wallet_id: walletId, new_wallet_name: newWalletName },
      schema: walletResponseSchema,
    }),
  remove: (walletId: number): Promise<WalletMessageResponse> =>
    apiRequest('POST', `${BASE}/delete_wallet`, { body: { wallet_id: walletId }, schema: walletMessageResponseSchema }),
  setActive: (walletId: number): Promise<WalletMessageResponse> =>
    apiRequest('POST', `${BASE}/set_active_wallet`, {
      body: { wallet_id: walletId },
      schema: walletMessageResponseSchema,
    }),
  buy: (input: BuyStockRequest): Promise<TradeResponse> =>
    apiRequest('POST', `${BASE}/add_stock_to_wallet`, { body: input, schema: tradeResponseSchema }),
  sell: (input: SellStockRequest): Promise<TradeResponse> =>
    apiRequest('POST', `${BASE}/sell_stock_from_wallet`, { body: input, schema: tradeResponseSchema }),
};
