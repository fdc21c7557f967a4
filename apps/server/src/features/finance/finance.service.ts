import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type GetFullStockResponse,
  type GetStockResponse,
  type GetWatchlistResponse,
  type HistoryInterval,
  type HistoryRange,
  type NewsItem,
  normalizeSymbol,
  type PriceHistory,
  type Stock,
  type StockEvents,
  type StockQuote,
  type SymbolSearchResponse,
  type SymbolSearchResult,
  WATCHLIST_MAX,
  type WatchlistChangeResponse,
  type WatchlistItem,
} from '@site/contract';
import { badRequest, conflict, HttpError, notFound } from '../../core/http-errors.js';
import { toDollars, usdRates } from '../../integrations/market-data/fx.js';
import type { Bar, CorporateActions, MarketDataProvider } from '../../integrations/market-data/types.js';
import type { WatchlistRepository } from './watchlist.repository.js';

/** History keyed by the bar's start time as ISO-8601 UTC, oldest first (contract `priceHistorySchema`). */
export function toPriceHistory(bars: Bar[]): PriceHistory {
  const history: PriceHistory = {};
  for (const bar of bars) {
    history[new Date(bar.time).toISOString()] = {
      Open: bar.open,
      High: bar.high,
      Low: bar.low,
      Close: bar.close,
      Volume: bar.volume,
    };
  }
  return history;
}

const DAY_MS = 86_400_000;
/** Days before today a range's first bar can be (a little more than the range: weekends, holidays). */
const RANGE_DAYS: Record<HistoryRange, number> = {
  '1d': 7,
  '5d': 14,
  '1mo': 40,
  '3mo': 100,
  '6mo': 190,
  '1y': 370,
  '5y': 1840,
  max: 60 * 366,
};

/** A chart's dividends and splits from its first bar on (docs/api.md#corporate-actions). */
export function toStockEvents(actions: CorporateActions, bars: readonly Bar[]): StockEvents {
  const first = bars[0]?.time ?? Number.POSITIVE_INFINITY;
  return {
    currency: actions.currency,
    dividends: actions.dividends
      .filter((d) => d.exTime >= first)
      .map((d) => ({ exDate: d.exDate, time: new Date(d.exTime).toISOString(), payDate: d.payDate, amount: d.amount })),
    splits: actions.splits
      .filter((s) => s.time >= first)
      .map((s) => ({
        date: s.date,
        time: new Date(s.time).toISOString(),
        numerator: s.numerator,
        denominator: s.denominator,
      })),
  };
}

const isUpstreamFailure = (error: unknown) => error instanceof HttpError && error.statusCode >= 500;

/** The quote's price in dollars at `rates`; null without a rate (never a yen price taken for dollars). */
const inDollars = (quote: StockQuote, rates: ReadonlyMap<string, number>) => toDollars(quote, rates)?.usdPrice ?? null;

function watchlistItem(
  symbol: string,
  quote: StockQuote | undefined,
  rates: ReadonlyMap<string, number>,
): WatchlistItem {
  return {
    symbol,
    shortName: quote?.shortName ?? null,
    exchange: quote?.exchange ?? null,
    currency: quote?.currency ?? null,
    currentPrice: quote?.currentPrice ?? null,
    currentPriceUsd: quote ? inDollars(quote, rates) : null,
    regularMarketOpen: quote?.regularMarketOpen ?? null,
    regularMarketDayHigh: quote?.regularMarketDayHigh ?? null,
    regularMarketDayLow: quote?.regularMarketDayLow ?? null,
    regularMarketPreviousClose: quote?.regularMarketPreviousClose ?? null,
    regularMarketChange: quote?.regularMarketChange ?? null,
    regularMarketChangePercent: quote?.regularMarketChangePercent ?? null,
  };
}

/** What a wallet can hold comes first: a company's name finds its shares before an index or a future named like it. */
const TYPE_ORDER = ['EQUITY', 'ETF', 'MUTUALFUND'];

/**
 * Search results best first, so the first is what a typed name resolves to: the listing whose
 * symbol is the text itself, then equities, funds and the rest, each kind in the source's order
 * of relevance (the primary or most traded listing of a company first).
 */
export function bestFirst(query: string, results: SymbolSearchResult[]): SymbolSearchResult[] {
  const symbol = normalizeSymbol(query);
  const rank = (result: SymbolSearchResult) => {
    if (result.symbol === symbol) return -1;
    const kind = TYPE_ORDER.indexOf(result.type?.toUpperCase() ?? '');
    return kind === -1 ? TYPE_ORDER.length : kind;
  };
  return results
    .map((result, order) => ({ result, order, rank: rank(result) }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map(({ result }) => result);
}

/**
 * docs/api.md#every-call (Finance) (stock lookup, full stock, watchlist), priced by the app's one market-data
 * provider (`app.deps.marketData`, shared with wallets so its caches serve both).
 */
export function financeService(repository: WatchlistRepository, market: MarketDataProvider) {
  /** Rates for `quotes`' currencies; a failure leaves them out (prices stay in their own currency). */
  async function ratesOrNone(quotes: Iterable<StockQuote>): Promise<Map<string, number>> {
    try {
      return await usdRates(market, quotes);
    } catch (error) {
      if (!isUpstreamFailure(error)) throw error;
      return new Map();
    }
  }

  /** Profile and quote merged into the seed's Stock. The profile comes first: live, it also refreshes the quote. */
  async function stock(symbol: string): Promise<Stock> {
    const profile = await market.getProfile(symbol);
    const quote = await market.getQuote(symbol);
    const currentPriceUsd = inDollars(quote, await ratesOrNone([quote]));
    return { ...profile, ...quote, shortName: quote.shortName || profile.shortName, currentPriceUsd };
  }

  return {
    stock,

    async getStock(symbol: string, userId: number | undefined): Promise<GetStockResponse> {
      const [info, watchlist] = await Promise.all([
        stock(symbol),
        userId === undefined ? Promise.resolve<string[]>([]) : repository.list(userId),
      ]);
      return { symbol: info, watchlist, in_watchlist: watchlist.includes(info.symbol) };
    },

    async getFullStock(symbol: string, range: HistoryRange, interval: HistoryInterval): Promise<GetFullStockResponse> {
      const info = await stock(symbol);
      // Years of bars take several ms per step: let waiting requests (health checks) in between.
      await nextTurn();
      // The source's own today (the demo market's clock may be pinned), from the quote's last trade.
      const today = Date.parse(info.regularMarketTime ?? '') || Date.now();
      const [bars, news, actions] = await Promise.all([
        market.getHistory(symbol, range, interval),
        // News is secondary: an upstream failure leaves it empty rather than failing the page.
        market.getNews(symbol).catch((error: unknown): NewsItem[] => {
          if (isUpstreamFailure(error)) return [];
          throw error;
        }),
        // So are the chart's dividend and split markers: without them the answer has no `events`.
        market
          .corporateActions(
            symbol,
            new Date(Math.max(0, today - RANGE_DAYS[range] * DAY_MS)).toISOString().slice(0, 10),
            new Date(today + DAY_MS).toISOString().slice(0, 10),
          )
          .catch((error: unknown): undefined => {
            if (isUpstreamFailure(error)) return undefined;
            throw error;
          }),
      ]);
      const exchangeTimezoneName = info.exchangeTimezoneName ?? 'America/New_York';
      await nextTurn();
      return {
        symbol,
        range,
        interval,
        info,
        history: toPriceHistory(bars),
        exchangeTimezoneName,
        news,
        ...(actions ? { events: toStockEvents(actions, bars) } : {}),
      };
    },

    async search(query: string): Promise<SymbolSearchResponse> {
      return { query, results: bestFirst(query, await market.search(query, 10)) };
    },

    async watchlist(userId: number): Promise<GetWatchlistResponse> {
      const symbols = await repository.list(userId);
      let quotes = new Map<string, StockQuote>();
      let pricesMissing = false;
      if (symbols.length > 0) {
        try {
          // One batched call for the whole list.
          quotes = await market.getQuotes(symbols);
        } catch (error) {
          if (!isUpstreamFailure(error)) throw error;
          pricesMissing = true;
        }
      }
      const rates = await ratesOrNone(quotes.values());
      const count = symbols.length;
      const message =
        count === 0
          ? 'No stocks in watchlist'
          : `${count} ${count === 1 ? 'stock' : 'stocks'} in watchlist${pricesMissing ? '; prices are unavailable right now' : ''}`;
      return {
        success: true,
        symbols,
        message,
        items: symbols.map((s) => watchlistItem(s, quotes.get(s), rates)),
      };
    },

    async add(userId: number, symbol: string): Promise<WatchlistChangeResponse> {
      // Only real symbols: the provider answers 404 for unknown ones.
      await market.getQuote(symbol);
      const result = await repository.add(userId, symbol, WATCHLIST_MAX);
      if (result === 'duplicate') throw conflict(`${symbol} is already in your watchlist`);
      if (result === 'full') {
        throw badRequest(`Your watchlist is full (at most ${WATCHLIST_MAX} stocks). Remove one before adding another.`);
      }
      return {
        success: true,
        message: `${symbol} added to your watchlist`,
        symbol,
        symbols: await repository.list(userId),
      };
    },

    async remove(userId: number, symbol: string): Promise<WatchlistChangeResponse> {
      if (!(await repository.remove(userId, symbol))) throw notFound(`${symbol} is not in your watchlist`);
      return {
        success: true,
        message: `${symbol} removed from your watchlist`,
        symbol,
        symbols: await repository.list(userId),
      };
    },
  };
}

export type FinanceService = ReturnType<typeof financeService>;
