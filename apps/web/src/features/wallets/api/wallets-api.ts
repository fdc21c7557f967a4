import {
  type BuyStockRequest,
  type GetWalletDetailsResponse,
  type GetWalletLedgerResponse,
  type GetWalletsResponse,
  getWalletDetailsResponseSchema,
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
import { routes } from '@site/contract/routes';
import { callApi } from '../../../lib/api-client';

/**
 * docs/api.md#every-call (Finance) wallet calls (plus the ledger and set-active additions). The server takes the
 * owner from the session, so no `user_id` is sent.
 */
export const walletsApi = {
  list: (signal?: AbortSignal): Promise<GetWalletsResponse> =>
    callApi(routes.wallets.list, { schema: getWalletsResponseSchema, signal }),
  details: (walletId: number, signal?: AbortSignal): Promise<GetWalletDetailsResponse> =>
    callApi(routes.wallets.details, {
      query: { wallet_id: walletId },
      schema: getWalletDetailsResponseSchema,
      signal,
    }),
  ledger: (walletId: number, signal?: AbortSignal): Promise<GetWalletLedgerResponse> =>
    callApi(routes.wallets.ledger, {
      query: { wallet_id: walletId },
      schema: getWalletLedgerResponseSchema,
      signal,
    }),
  create: (walletName: string): Promise<WalletResponse> =>
    callApi(routes.wallets.create, { body: { wallet_name: walletName }, schema: walletResponseSchema }),
  rename: (walletId: number, newWalletName: string): Promise<WalletResponse> =>
    callApi(routes.wallets.rename, {
      body: { wallet_id: walletId, new_wallet_name: newWalletName },
      schema: walletResponseSchema,
    }),
  remove: (walletId: number): Promise<WalletMessageResponse> =>
    callApi(routes.wallets.remove, { body: { wallet_id: walletId }, schema: walletMessageResponseSchema }),
  setActive: (walletId: number): Promise<WalletMessageResponse> =>
    callApi(routes.wallets.setActive, {
      body: { wallet_id: walletId },
      schema: walletMessageResponseSchema,
    }),
  buy: (input: BuyStockRequest): Promise<TradeResponse> =>
    callApi(routes.wallets.buy, { body: input, schema: tradeResponseSchema }),
  sell: (input: SellStockRequest): Promise<TradeResponse> =>
    callApi(routes.wallets.sell, { body: input, schema: tradeResponseSchema }),
};
