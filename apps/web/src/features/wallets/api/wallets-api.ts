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
import { routes } from '@site/contract/routes';
import { callApi } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/contract-schemas';

// zod and these schemas load with the first call, not with the page (docs/decisions.md#main-thread-work-after-the-first-paint).
const schemas = lazySchemas(() => import('./wallets-schemas'));

/**
 * docs/api.md#every-call (Finance) wallet calls (plus the ledger and set-active additions). The server takes the
 * owner from the session, so no `user_id` is sent.
 */
export const walletsApi = {
  list: (signal?: AbortSignal): Promise<GetWalletsResponse> =>
    callApi(routes.wallets.list, { schema: schemas((c) => c.getWalletsResponseSchema), signal }),
  details: (walletId: number, signal?: AbortSignal): Promise<GetWalletDetailsResponse> =>
    callApi(routes.wallets.details, {
      query: { wallet_id: walletId },
      schema: schemas((c) => c.getWalletDetailsResponseSchema),
      signal,
    }),
  ledger: (walletId: number, signal?: AbortSignal): Promise<GetWalletLedgerResponse> =>
    callApi(routes.wallets.ledger, {
      query: { wallet_id: walletId },
      schema: schemas((c) => c.getWalletLedgerResponseSchema),
      signal,
    }),
  create: (walletName: string): Promise<WalletResponse> =>
    callApi(routes.wallets.create, {
      body: { wallet_name: walletName },
      schema: schemas((c) => c.walletResponseSchema),
    }),
  rename: (walletId: number, newWalletName: string): Promise<WalletResponse> =>
    callApi(routes.wallets.rename, {
      body: { wallet_id: walletId, new_wallet_name: newWalletName },
      schema: schemas((c) => c.walletResponseSchema),
    }),
  remove: (walletId: number): Promise<WalletMessageResponse> =>
    callApi(routes.wallets.remove, {
      body: { wallet_id: walletId },
      schema: schemas((c) => c.walletMessageResponseSchema),
    }),
  setActive: (walletId: number): Promise<WalletMessageResponse> =>
    callApi(routes.wallets.setActive, {
      body: { wallet_id: walletId },
      schema: schemas((c) => c.walletMessageResponseSchema),
    }),
  buy: (input: BuyStockRequest): Promise<TradeResponse> =>
    callApi(routes.wallets.buy, { body: input, schema: schemas((c) => c.tradeResponseSchema) }),
  sell: (input: SellStockRequest): Promise<TradeResponse> =>
    callApi(routes.wallets.sell, { body: input, schema: schemas((c) => c.tradeResponseSchema) }),
};
