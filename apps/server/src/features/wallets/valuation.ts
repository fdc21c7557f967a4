import type { WalletHistoryEntry, WalletStock, WalletSummary } from '@site/contract';
import { averagePriceE4, centsToDollars, e4ToDollars, gainPercent, saleProceedsCents } from './money.js';

/** A holding as stored: total cost basis in cents. */
export interface Holding {
  symbol: string;
  quantity: number;
  cost_cents: number;
  /** Shares held back by open sell orders (docs/api.md#orders). */
  reserved_quantity: number;
}

/** Market prices in 1/10,000 dollar units by symbol; a symbol without a usable price is absent. */
export type PriceMap = ReadonlyMap<string, number>;

export interface WalletRow {
  id: number;
  name: string;
  cash_cents: number;
  is_active: number;
  created_at: string;
  /** Cash held back by open buy orders (docs/api.md#orders). */
  reserved_cents: number;
}

/**
 * A holding's market value in cents: what selling it now would bring (rounded down, like a sale;
 * docs/api.md#money); valued at cost when it has no price.
 */
export function holdingValueCents(holding: Holding, prices: PriceMap): number {
  const priceE4 = prices.get(holding.symbol);
  return priceE4 === undefined ? holding.cost_cents : saleProceedsCents(priceE4, holding.quantity);
}

export function stocksValueCents(holdings: readonly Holding[], prices: PriceMap): number {
  let total = 0;
  for (const holding of holdings) total += holdingValueCents(holding, prices);
  return total;
}

export const allPriced = (holdings: readonly Holding[], prices: PriceMap) =>
  holdings.every((holding) => prices.has(holding.symbol));

/** docs/api.md#compatibility-promise (Wallet) stock with average cost, market value and unrealized gain. */
export function walletStock(holding: Holding, prices: PriceMap): WalletStock {
  const averageE4 = averagePriceE4(holding.cost_cents, holding.quantity);
  const priceE4 = prices.get(holding.symbol);
  const valueCents = holdingValueCents(holding, prices);
  const gainCents = valueCents - holding.cost_cents;
  return {
    symbol: holding.symbol,
    quantity: holding.quantity,
    bought_price: e4ToDollars(averageE4),
    current_price: e4ToDollars(priceE4 ?? averageE4),
    current_value: centsToDollars(valueCents),
    current_value_cents: valueCents,
    cost_basis: centsToDollars(holding.cost_cents),
    cost_basis_cents: holding.cost_cents,
    unrealized_gain: centsToDollars(gainCents),
    unrealized_gain_cents: gainCents,
    unrealized_gain_percent: gainPercent(gainCents, holding.cost_cents),
    price_available: priceE4 !== undefined,
    reserved_quantity: holding.reserved_quantity,
    available_quantity: holding.quantity - holding.reserved_quantity,
  };
}

/** docs/api.md#compatibility-promise (Wallet) summary: cash, holdings at current prices (at cost without a price) and their sum. */
export function walletSummary(wallet: WalletRow, holdings: readonly Holding[], prices: PriceMap): WalletSummary {
  const stocksCents = stocksValueCents(holdings, prices);
  const totalCents = wallet.cash_cents + stocksCents;
  return {
    wallet_id: wallet.id,
    wallet_name: wallet.name,
    balance: centsToDollars(wallet.cash_cents),
    balance_cents: wallet.cash_cents,
    stocks_value: centsToDollars(stocksCents),
    stocks_value_cents: stocksCents,
    current_value: centsToDollars(totalCents),
    current_value_cents: totalCents,
    is_active: wallet.is_active === 1,
    created_at: wallet.created_at,
    prices_available: allPriced(holdings, prices),
    reserved_cash: centsToDollars(wallet.reserved_cents),
    reserved_cash_cents: wallet.reserved_cents,
    buying_power: centsToDollars(wallet.cash_cents - wallet.reserved_cents),
    buying_power_cents: wallet.cash_cents - wallet.reserved_cents,
  };
}

export function historyEntry(
  createdAt: string,
  balanceCents: number,
  stocksCents: number,
  isCurrent = false,
): WalletHistoryEntry {
  const totalCents = balanceCents + stocksCents;
  return {
    created_at: createdAt,
    balance: centsToDollars(balanceCents),
    balance_cents: balanceCents,
    stocks_value: centsToDollars(stocksCents),
    stocks_value_cents: stocksCents,
    total_value: centsToDollars(totalCents),
    total_value_cents: totalCents,
    is_current: isCurrent,
  };
}
