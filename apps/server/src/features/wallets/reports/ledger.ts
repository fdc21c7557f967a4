/**
 * A wallet's ledger as one list of entries, whatever table each comes from: trades today;
 * dividends and splits once they are recorded (docs/api.md#wallet-ledger-csv). Performance
 * (performance.ts) and the CSV export (ledger-csv.ts) read only this shape, so a new kind of entry
 * needs a mapper in ledger.repository.ts `readKeyedLedger`, and its write a call of
 * `addToLedgerDays` (the ledger by day, ledger-days.ts), and nothing else.
 */

import type { LedgerDay } from './ledger-days.js';

export const LEDGER_KINDS = ['buy', 'sell', 'dividend', 'split'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerEntry {
  kind: LedgerKind;
  /** ISO-8601 UTC. */
  at: string;
  symbol: string;
  /**
   * Shares the entry is about, always ≥ 0: traded (buy, sell), paid on (dividend), or added by
   * a split.
   */
  quantity: number;
  /** Change of the shares held: +bought, −sold, +added by a split, 0 for a dividend. */
  sharesDelta: number;
  /** Change of the cash in cents: −cost of a buy, +proceeds of a sale, +a dividend, 0 for a split. */
  cashDeltaCents: number;
  /** Dollars per share in 1/10,000 units: a trade's price, a dividend's amount per share; null for a split. */
  priceE4: number | null;
  /** The listing's currency as the source names it ('USD', 'JPY', 'GBp'). */
  currency: string;
  /** The price in that currency, when known. */
  localPrice: number | null;
  /** US dollars per unit of `currency`, when a price was converted. */
  fxRate: number | null;
  /** A sale's proceeds − cost basis; 0 for anything else. */
  realizedGainCents: number;
}

/**
 * The cash a wallet had before its first entry: today's cash minus every entry's change (entries,
 * or the ledger summed by day: ledger-days.ts). With the whole ledger this is the starting money
 * (docs/api.md#money: $100,000.00), and replaying the ledger from it always ends on today's cash.
 */
export function openingCashCents(
  currentCashCents: number,
  entries: readonly Pick<LedgerEntry, 'cashDeltaCents'>[],
): number {
  return entries.reduce((cash, entry) => cash - entry.cashDeltaCents, currentCashCents);
}

/** Cash and shares held as the ledger is replayed, one entry at a time. */
export class LedgerState {
  readonly holdings = new Map<string, number>();
  /** The last trade price (1/10,000 $) of each symbol: the fallback value of a holding without closes. */
  readonly lastTradePriceE4 = new Map<string, number>();

  constructor(public cashCents: number) {}

  apply(entry: LedgerEntry): void {
    this.cashCents += entry.cashDeltaCents;
    const shares = (this.holdings.get(entry.symbol) ?? 0) + entry.sharesDelta;
    if (shares === 0) this.holdings.delete(entry.symbol);
    else this.holdings.set(entry.symbol, shares);
    if ((entry.kind === 'buy' || entry.kind === 'sell') && entry.priceE4 !== null) {
      this.lastTradePriceE4.set(entry.symbol, entry.priceE4);
    }
  }

  /** A day's entries at once (ledger-days.ts): the state `apply` leaves after each of them. */
  applyDay(day: LedgerDay): void {
    this.cashCents += day.cashDeltaCents;
    for (const [symbol, sharesDelta, tradePriceE4] of day.positions) {
      const shares = (this.holdings.get(symbol) ?? 0) + sharesDelta;
      if (shares === 0) this.holdings.delete(symbol);
      else this.holdings.set(symbol, shares);
      if (tradePriceE4 !== null) this.lastTradePriceE4.set(symbol, tradePriceE4);
    }
  }
}
