import type { WalletDetails, WalletHistoryEntry, WalletStock, WalletSummary, WalletTrade } from '@site/contract';
import type { MockRoute, mockFetch } from '../../test/fetch-mock';

const dollars = (cents: number) => cents / 100;

/** A wallet row as get_wallets sends it; money given in cents, dollars derived exactly. */
export function walletSummary(
  id: number,
  name: string,
  { balanceCents = 10_000_000, stocksCents = 0, active = false, reservedCents = 0 } = {},
): WalletSummary {
  return {
    wallet_id: id,
    wallet_name: name,
    balance: dollars(balanceCents),
    balance_cents: balanceCents,
    stocks_value: dollars(stocksCents),
    stocks_value_cents: stocksCents,
    current_value: dollars(balanceCents + stocksCents),
    current_value_cents: balanceCents + stocksCents,
    is_active: active,
    created_at: '2025-01-02T15:00:00.000Z',
    prices_available: true,
    reserved_cash: dollars(reservedCents),
    reserved_cash_cents: reservedCents,
    buying_power: dollars(balanceCents - reservedCents),
    buying_power_cents: balanceCents - reservedCents,
  };
}

export function walletStock(
  symbol: string,
  quantity: number,
  boughtPrice: number,
  currentPrice: number,
  reservedQuantity = 0,
): WalletStock {
  const valueCents = Math.round(quantity * currentPrice * 100);
  const costCents = Math.round(quantity * boughtPrice * 100);
  const gainCents = valueCents - costCents;
  return {
    symbol,
    quantity,
    bought_price: boughtPrice,
    current_price: currentPrice,
    current_value: dollars(valueCents),
    current_value_cents: valueCents,
    cost_basis: dollars(costCents),
    cost_basis_cents: costCents,
    unrealized_gain: dollars(gainCents),
    unrealized_gain_cents: gainCents,
    unrealized_gain_percent: Math.round((gainCents / costCents) * 10_000) / 100,
    price_available: true,
    reserved_quantity: reservedQuantity,
    available_quantity: quantity - reservedQuantity,
  };
}

/** Wallet details whose totals are the sums of `stocks` (in cents). */
export function walletDetails(
  summary: WalletSummary,
  stocks: WalletStock[] = [],
  { realizedCents = 0, history = [] as WalletHistoryEntry[] } = {},
): WalletDetails {
  const stocksCents = stocks.reduce((sum, item) => sum + item.current_value_cents, 0);
  const costCents = stocks.reduce((sum, item) => sum + item.cost_basis_cents, 0);
  const gainCents = stocksCents - costCents;
  const valueCents = summary.balance_cents + stocksCents;
  return {
    ...summary,
    stocks_value: dollars(stocksCents),
    stocks_value_cents: stocksCents,
    current_value: dollars(valueCents),
    current_value_cents: valueCents,
    cost_basis: dollars(costCents),
    cost_basis_cents: costCents,
    unrealized_gain: dollars(gainCents),
    unrealized_gain_cents: gainCents,
    unrealized_gain_percent: costCents ? Math.round((gainCents / costCents) * 10_000) / 100 : 0,
    realized_gain: dollars(realizedCents),
    realized_gain_cents: realizedCents,
    stocks,
    history,
  };
}

export function historyEntry(
  createdAt: string,
  balanceCents: number,
  stocksCents: number,
  isCurrent = false,
): WalletHistoryEntry {
  return {
    created_at: createdAt,
    balance: dollars(balanceCents),
    balance_cents: balanceCents,
    stocks_value: dollars(stocksCents),
    stocks_value_cents: stocksCents,
    total_value: dollars(balanceCents + stocksCents),
    total_value_cents: balanceCents + stocksCents,
    is_current: isCurrent,
  };
}

export function walletTrade(
  id: number,
  side: 'buy' | 'sell',
  symbol: string,
  quantity: number,
  price: number,
  { realizedCents = 0, createdAt = '2025-01-03T15:00:00.000Z' } = {},
): WalletTrade {
  const amountCents = Math.round(quantity * price * 100);
  return {
    id,
    side,
    symbol,
    quantity,
    price,
    currency: 'USD',
    local_price: price,
    fx_rate: 1,
    cash_amount: dollars(amountCents),
    cash_amount_cents: amountCents,
    realized_gain: dollars(realizedCents),
    realized_gain_cents: realizedCents,
    created_at: createdAt,
  };
}

export const walletsBody = (wallets: WalletSummary[]) => ({
  success: true,
  message: `${wallets.length} wallets`,
  wallets,
});
export const detailsBody = (wallet: WalletDetails) => ({ success: true, message: 'Wallet details', wallet });
export const historyBody = (history: WalletHistoryEntry[]) => ({ success: true, message: 'History', history });
export const ledgerBody = (trades: WalletTrade[]) => ({ success: true, message: 'Ledger', trades });
export const tradeBody = (trade: WalletTrade, wallet: WalletDetails) => ({
  success: true,
  message: 'Done',
  trade,
  wallet,
});

type FetchMock = ReturnType<typeof mockFetch>;

/**
 * Answers `GET path` by the value of a query parameter (the keyed mock cannot see queries), e.g.
 * get_wallet_details by `wallet_id`; other calls go to the mock's own routes.
 */
export function routeByQuery(
  fetchMock: FetchMock,
  path: string,
  param: string,
  answers: Record<string, () => MockRoute>,
) {
  const answer = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const route = url.pathname === path ? answers[url.searchParams.get(param) ?? '']?.() : undefined;
    if (route) {
      return new Response(JSON.stringify(route.body), {
        status: route.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    if (!answer) throw new Error('fetch mock has no implementation');
    return answer(input, init);
  });
}
