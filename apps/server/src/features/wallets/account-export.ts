import type { AccountDataParts } from '../../core/account-data.js';
import type { CorporateActionsRepository } from './corporate-actions/corporate-actions.repository.js';
import type { OrdersRepository } from './orders/orders.repository.js';
import type { WalletsRepository } from './wallets.repository.js';

/**
 * The wallets' part of 'Export my data' (docs/api.md#export, core/account-data.ts): each wallet's
 * row with its holdings, trades, history, dividends and splits, and orders, open and closed.
 */
export function walletsExport(
  wallets: WalletsRepository,
  orders: OrdersRepository,
  corporateActions: CorporateActionsRepository,
) {
  return async (userId: number): Promise<AccountDataParts['wallets']> => {
    const [own, actions, ownOrders] = await Promise.all([
      wallets.exportRows(userId),
      corporateActions.exportRows(userId),
      orders.exportRows(userId),
    ]);
    return {
      wallets: own.wallets.map((wallet) => ({
        ...wallet,
        holdings: own.holdings.filter((h) => h.wallet_id === wallet.id),
        trades: own.trades.filter((t) => t.wallet_id === wallet.id),
        history: own.history.filter((h) => h.wallet_id === wallet.id),
        corporate_actions: actions.filter((a) => a.wallet_id === wallet.id),
        orders: ownOrders.filter((o) => o.wallet_id === wallet.id),
      })),
    };
  };
}
