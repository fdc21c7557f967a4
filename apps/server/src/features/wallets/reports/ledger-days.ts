import { localClock, NEW_YORK } from '../../../integrations/market-data/calendar.js';
import type { LedgerEntry } from './ledger.js';

/*
 * A wallet's ledger summed by New York day (docs/api.md#wallet-performance): what the performance
 * report needs of it, so it replays days, not trades. Kept in `wallet_ledger_days` (migration 028)
 * by every ledger write, in its transaction (ledger.repository.ts `addToLedgerDays`).
 */

/** An entry's place in the ledger's order (`compareKeys`): its time, then trades (0) before actions (1), then id. */
export interface EntryKey {
  at: string;
  rank: 0 | 1;
  id: number;
}

/** The ledger's order: oldest first; at one instant trades before dividends and splits, each in the order written. */
export const compareKeys = (a: EntryKey, b: EntryKey) =>
  a.at < b.at ? -1 : a.at > b.at ? 1 : a.rank - b.rank || a.id - b.id;

/**
 * One symbol's entries of a day, summed: the shares they moved, the price of the day's last trade
 * of it (1/10,000 $; null when only actions touched it) and the currency of its last entry. A
 * tuple, as stored: a long wallet's report reads thousands of them.
 */
export type DayPosition = [symbol: string, sharesDelta: number, tradePriceE4: number | null, currency: string];

/** The entries of one New York day, summed: the state after it is the state before it plus this. */
export interface LedgerDay {
  /** Epoch day in New York. */
  day: number;
  cashDeltaCents: number;
  /** In the order the symbols first appear that day. */
  positions: DayPosition[];
}

/** A day as a ledger write updates it: with its last entry, where an entry arriving later belongs (`addToDay`). */
export interface KeyedLedgerDay extends LedgerDay {
  last: EntryKey;
}

/** The New York calendar date (epoch day) of an instant. */
export const newYorkDay = (at: string | number) =>
  localClock(NEW_YORK, typeof at === 'number' ? at : Date.parse(at)).epochDay;

const isTrade = (entry: LedgerEntry) => (entry.kind === 'buy' || entry.kind === 'sell') && entry.priceE4 !== null;

function addLast(day: KeyedLedgerDay, entry: LedgerEntry, key: EntryKey): void {
  day.cashDeltaCents += entry.cashDeltaCents;
  let position = day.positions.find((p) => p[0] === entry.symbol);
  if (!position) {
    position = [entry.symbol, 0, null, entry.currency];
    day.positions.push(position);
  }
  position[1] += entry.sharesDelta;
  position[3] = entry.currency;
  if (isTrade(entry)) position[2] = entry.priceE4;
  day.last = key;
}

/**
 * The ledger by day, oldest first. `entries` in the ledger's order (`compareKeys`), each
 * with its key; without keys (a ledger of plain entries) the days' `last` are placeholders.
 */
export function ledgerDays(entries: readonly LedgerEntry[], keys?: readonly EntryKey[]): KeyedLedgerDay[] {
  const days: KeyedLedgerDay[] = [];
  let current: KeyedLedgerDay | undefined;
  // Entries of one instant share its day: most of a busy ledger is told apart by its timestamps alone.
  let lastAt = '';
  let lastDay = 0;
  entries.forEach((entry, i) => {
    const day = entry.at === lastAt ? lastDay : newYorkDay(entry.at);
    lastAt = entry.at;
    lastDay = day;
    if (current?.day !== day) {
      current = { day, cashDeltaCents: 0, positions: [], last: { at: entry.at, rank: 0, id: 0 } };
      days.push(current);
    }
    addLast(current, entry, keys?.[i] ?? { at: entry.at, rank: 0, id: i });
  });
  return days;
}

/**
 * `day` (that entry's day, or undefined when the day has none yet) with one more entry, exactly
 * as `ledgerDays` would have summed it; undefined when that cannot be told from the sums: an
 * entry before the day's last whose symbol the day has already (which of them was last?).
 */
export function addToDay(
  day: KeyedLedgerDay | undefined,
  entry: LedgerEntry,
  key: EntryKey,
): KeyedLedgerDay | undefined {
  if (!day) {
    const fresh: KeyedLedgerDay = { day: newYorkDay(entry.at), cashDeltaCents: 0, positions: [], last: key };
    addLast(fresh, entry, key);
    return fresh;
  }
  const next: KeyedLedgerDay = { ...day, positions: day.positions.map((p): DayPosition => [...p]) };
  if (compareKeys(key, day.last) > 0) {
    addLast(next, entry, key);
    return next;
  }
  if (next.positions.some((p) => p[0] === entry.symbol)) return undefined;
  // Earlier than the day's last entry, but the only one of its symbol: its figures are the symbol's.
  next.cashDeltaCents += entry.cashDeltaCents;
  next.positions.push([entry.symbol, entry.sharesDelta, isTrade(entry) ? entry.priceE4 : null, entry.currency]);
  return next;
}
