import type {
  BuyStockRequest,
  GetWalletDetailsResponse,
  GetWalletLedgerResponse,
  GetWalletsResponse,
  SellStockRequest,
  TradeResponse,
  WalletMessageResponse,
  WalletResponse,
} from '@site/contract';
import { callEndpoint } from '../../../lib/api-client';

/**
 * docs/api.md#every-call (Finance) wallet calls (plus the ledger and set-active additions). The server takes the
 * owner from the session, so no `user_id` is sent.
 */
export const walletsApi = {
  list: (signal?: AbortSignal): Promise<GetWalletsResponse> => callEndpoint('wallets.list', { signal }),
  details: (walletId: number, signal?: AbortSignal): Promise<GetWalletDetailsResponse> =>
    callEndpoint('wallets.details', { query: { wallet_id: walletId }, signal }),
  ledger: (walletId: number, signal?: AbortSignal): Promise<GetWalletLedgerResponse> =>
    callEndpoint('wallets.ledger', { query: { wallet_id: walletId }, signal }),
  create: (walletName: string): Promise<WalletResponse> =>
    callEndpoint('wallets.create', { body: { wallet_name: walletName } }),
  rename: (walletId: number, newWalletName: string): Promise<WalletResponse> =>
    callEndpoint('wallets.rename', { body: { wallet_id: walletId, new_wallet_name: newWalletName } }),
  remove: (walletId: number): Promise<WalletMessageResponse> =>
    callEndpoint('wallets.remove', { body: { wallet_id: walletId } }),
  setActive: (walletId: number): Promise<WalletMessageResponse> =>
    callEndpoint('wallets.setActive', { body: { wallet_id: walletId } }),
  buy: (input: BuyStockRequest): Promise<TradeResponse> => callEndpoint('wallets.buy', { body: input }),
  sell: (input: SellStockRequest): Promise<TradeResponse> => callEndpoint('wallets.sell', { body: input }),
};
