import type { HistoryInterval, HistoryRange, StockProfile, StockQuote } from '@site/contract';
import { epochDayOf, isoDateOf, localClock, localTimeToUtc, NEW_YORK } from '../calendar.js';
import type { Bar, MarketDataProvider } from '../types.js';
import { FixedPriceMarketDataProvider } from './fixed-price-provider.js';

/* Test helper: never used by the app itself. */

/** Closes by New York date ('2025-01-03': 104.5), per symbol. */
export type DailyPaths = Record<string, Record<string, number>>;

/**
 * The fixed-price provider with some New York symbols on a daily path the test writes down: each
 * quotes at its close of the clock's date (the last one on or before it), and its daily history
 * is one bar per path date up to that date, stamped at the 09:30 open like the demo's, whatever
 * range is asked for. Profiles (sectors) and every other symbol come from `base`.
 */
export class DailyPathMarketDataProvider extends FixedPriceMarketDataProvider {
  constructor(
    private readonly base: MarketDataProvider,
    private readonly paths: DailyPaths,
    private readonly now: () => number = () => Date.now(),
  ) {
    super(base);
  }

  private today(): string {
    return isoDateOf(localClock(NEW_YORK, this.now()).epochDay);
  }

  /** The path's dates up to today with their closes, oldest first. */
  private pathToDate(symbol: string): [string, number][] {
    const today = this.today();
    return Object.entries(this.paths[symbol] ?? {})
      .filter(([date]) => date <= today)
      .sort(([a], [b]) => (a < b ? -1 : 1));
  }

  /** Sets each path symbol's fixed price to its close of today. */
  private priceToday(symbols: readonly string[]) {
    for (const symbol of symbols) {
      const close = this.pathToDate(symbol).at(-1)?.[1];
      if (close !== undefined) this.prices.set(symbol, close);
    }
  }

  override getQuote(symbol: string): Promise<StockQuote> {
    this.priceToday([symbol]);
    return super.getQuote(symbol);
  }

  override getQuotes(symbols: readonly string[]): Promise<Map<string, StockQuote>> {
    this.priceToday(symbols);
    return super.getQuotes(symbols);
  }

  override async getProfile(symbol: string): Promise<StockProfile> {
    return this.base.getProfile(symbol);
  }

  override async getHistory(symbol: string, range: HistoryRange, interval: HistoryInterval): Promise<Bar[]> {
    if (!this.paths[symbol]) return this.base.getHistory(symbol, range, interval);
    return this.pathToDate(symbol).map(([date, close]) => ({
      time: localTimeToUtc(NEW_YORK, epochDayOf(date), 9 * 60 + 30),
      open: close,
      high: close,
      low: close,
      close,
      volume: 1000,
    }));
  }
}
