/*
 * Pure money helpers for the wallet UI. The API sends dollars with exact integer `_cents` twins
 * (docs/api.md: money is never a float in arithmetic), so anything that adds or multiplies money
 * works on integers here and only turns cents back into dollars for display.
 */
import { MAX_TRADE_QUANTITY, STARTING_CASH_CENTS, type WalletHistoryEntry, type WalletTrade } from '@site/contract';

/** Prices carry at most 4 decimals on the wire (1/10,000 dollar units). */
const PRICE_UNITS_PER_DOLLAR = 10_000;
const PRICE_UNITS_PER_CENT = 100n;

/** Integer cents → dollars for `formatUsd` (exact for every amount the API can send). */
export const centsToDollars = (cents: number): number => cents / 100;

/** Half away from zero, to `decimals` places, for an already exact ratio. */
function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;
}

/**
 * The cash a trade of `quantity` shares at `price` dollars moves, in cents, rounded as the server
 * rounds it (docs/api.md#money): a buy's cost UP to the cent, a sale's proceeds DOWN, so the form
 * shows what the server will charge or pay. BigInt keeps it exact whatever the size; null when
 * either input is unusable.
 */
export function tradeTotalCents(
  side: 'buy' | 'sell',
  price: number | null | undefined,
  quantity: number | null | undefined,
): number | null {
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return null;
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity <= 0) return null;
  const units = BigInt(Math.round(price * PRICE_UNITS_PER_DOLLAR)) * BigInt(quantity);
  const roundUp = side === 'buy' ? PRICE_UNITS_PER_CENT - 1n : 0n;
  return Number((units + roundUp) / PRICE_UNITS_PER_CENT);
}

/** docs/product.md: a buy whose total exceeds the wallet's cash is refused before it is sent. */
export function exceedsBalance(totalCents: number | null, balanceCents: number | null | undefined): boolean {
  return totalCents !== null && typeof balanceCents === 'number' && totalCents > balanceCents;
}

/**
 * A quantity field's value as a whole number of shares from 1 to MAX_TRADE_QUANTITY, else null
 * (empty, fractional, zero or negative).
 */
export function parseQuantity(value: string | number | null | undefined): number | null {
  const number = typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) return null;
  return number >= 1 && number <= MAX_TRADE_QUANTITY ? number : null;
}

/**
 * docs/product.md "percent change": (first history balance − last history balance) ÷ last, rounded to
 * 2 decimals; null without history (or with a last balance of zero, which cannot be divided by).
 * Computed on the cents, so no float error creeps in before the one division.
 */
export function percentChange(history: readonly Pick<WalletHistoryEntry, 'balance_cents'>[]): number | null {
  const first = history[0];
  const last = history.at(-1);
  if (!first || !last || last.balance_cents === 0) return null;
  return roundTo((first.balance_cents - last.balance_cents) / last.balance_cents, 2);
}

export interface Gain {
  cents: number;
  /** In percent, 2 decimals; null when there is nothing to compare with. */
  percent: number | null;
}

/**
 * Gain realized by the sells in a ledger: the sum of their gains, and that sum as a percentage of
 * what the shares sold had cost (proceeds − gain). Null when nothing has been sold.
 */
export function realizedGainFromLedger(trades: readonly WalletTrade[]): Gain | null {
  let gain = 0;
  let cost = 0;
  let sells = 0;
  for (const trade of trades) {
    if (trade.side !== 'sell') continue;
    sells += 1;
    gain += trade.realized_gain_cents;
    cost += trade.cash_amount_cents - trade.realized_gain_cents;
  }
  if (sells === 0) return null;
  return { cents: gain, percent: cost > 0 ? roundTo((gain / cost) * 100, 2) : null };
}

/** Everything the wallet has made or lost since it opened with its starting cash. */
export function totalReturn(currentValueCents: number): Gain {
  const cents = currentValueCents - STARTING_CASH_CENTS;
  return { cents, percent: roundTo((cents / STARTING_CASH_CENTS) * 100, 2) };
}

/** Mantine colour for a gain (teal), a loss (red) or neither. */
export function gainColor(cents: number): 'teal' | 'red' | 'dimmed' {
  return cents > 0 ? 'teal' : cents < 0 ? 'red' : 'dimmed';
}
