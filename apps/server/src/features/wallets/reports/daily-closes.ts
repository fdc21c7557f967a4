import type { HistoryRange } from '@site/contract';
import { HttpError } from '../../../core/http-errors.js';
import { TtlCache } from '../../../core/ttl-cache.js';
import { epochDayOf, isoDateOf, localClock, monthsBefore } from '../../../integrations/market-data/calendar.js';
import type { MarketDataProvider } from '../../../integrations/market-data/types.js';
import type { DailyCloses } from './performance.js';

/** Today's bar moves while the market is open: a minute is as stale as a rebuilt wallet may be. */
const CLOSES_TTL_MS = 60_000;
/** Enough for several large wallets' symbols in two ranges; each entry is a few KB. */
const CLOSES_CACHE_ENTRIES = 1_000;

/** Daily ranges from shortest; the first reaching back far enough is asked for. */
const RANGE_MONTHS: readonly [HistoryRange, number][] = [
  ['1mo', 1],
  ['3mo', 3],
  ['6mo', 6],
  ['1y', 12],
  ['5y', 60],
];

/** The shortest daily-bar range of the provider that covers `fromDay` to `today` (epoch days). */
export function rangeCovering(fromDay: number, today: number): HistoryRange {
  for (const [range, months] of RANGE_MONTHS) if (monthsBefore(today, months) < fromDay) return range;
  return 'max';
}

/**
 * Daily closes by symbol through the app's market-data provider: ONE daily-bar history request per
 * symbol and range (docs/api.md#wallet-performance), kept a minute per symbol, range and time zone,
 * so a wallet's symbols, its benchmark and its currencies' rates cost one call each however many
 * days the wallet has. A bar counts for its listing's own calendar date (`timeZone`, the quote's
 * `exchangeTimezoneName`). A symbol the provider does not know has no closes; an outage is an
 * error for the caller.
 *
 * `closes` are as charted (split-adjusted: what a benchmark's or exchange rate's line needs);
 * `heldCloses` are on each day's share count, for valuing a ledger's shares, and only they ask
 * for the listing's splits.
 */
export function dailyClosesSource(market: MarketDataProvider) {
  const cache = new TtlCache<DailyCloses>({ maxEntries: CLOSES_CACHE_ENTRIES });

  function closes(symbol: string, range: HistoryRange, timeZone: string): Promise<DailyCloses> {
    return cache.getOrLoad(`${symbol}|${range}|${timeZone}`, CLOSES_TTL_MS, async () => {
      const calendar = { timeZone, segments: [] };
      const out: DailyCloses = { days: [], closes: [] };
      let bars: Awaited<ReturnType<MarketDataProvider['getHistory']>>;
      try {
        bars = await market.getHistory(symbol, range, '1d');
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) return out;
        throw error;
      }
      for (const bar of bars) {
        if (!(bar.close > 0)) continue;
        const day = localClock(calendar, bar.time).epochDay;
        if (out.days.at(-1) === day) out.closes[out.closes.length - 1] = bar.close;
        else if ((out.days.at(-1) ?? Number.NEGATIVE_INFINITY) < day) {
          out.days.push(day);
          out.closes.push(bar.close);
        }
      }
      return out;
    });
  }

  return {
    closes,
    heldCloses(symbol: string, range: HistoryRange, timeZone: string): Promise<DailyCloses> {
      return cache.getOrLoad(`${symbol}|${range}|${timeZone}|held`, CLOSES_TTL_MS, async () => {
        const charted = await closes(symbol, range, timeZone);
        const out = { days: charted.days, closes: [...charted.closes] };
        await onTheDaysShareCount(market, symbol, out);
        return out;
      });
    },
    clear: () => cache.clear(),
  };
}
export type DailyClosesSource = ReturnType<typeof dailyClosesSource>;

/**
 * Chart bars are on today's share count (split-adjusted, as Yahoo's are), but the ledger holds the
 * shares of each day (a split adds its shares on its date, docs/api.md#corporate-actions). So each
 * close before a split is multiplied back by the split's ratio: the value of a day is its shares
 * times the close of that day. Without the listing's splits (the source failed) the closes stay
 * as charted, and only a wallet that held across a split is valued off before it.
 */
async function onTheDaysShareCount(market: MarketDataProvider, symbol: string, closes: DailyCloses) {
  const first = closes.days[0];
  const last = closes.days.at(-1);
  if (first === undefined || last === undefined) return;
  let splits: Awaited<ReturnType<MarketDataProvider['corporateActions']>>['splits'];
  try {
    ({ splits } = await market.corporateActions(symbol, isoDateOf(first), isoDateOf(last)));
  } catch {
    return;
  }
  for (const split of splits) {
    const ratio = split.numerator / split.denominator;
    const splitDay = epochDayOf(split.date);
    for (let i = 0; i < closes.days.length && (closes.days[i] ?? splitDay) < splitDay; i++) {
      closes.closes[i] = (closes.closes[i] ?? 0) * ratio;
    }
  }
}
