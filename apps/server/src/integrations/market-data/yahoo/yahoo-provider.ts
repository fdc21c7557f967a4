import {
  type HistoryInterval,
  type HistoryRange,
  isIntradayInterval,
  type NewsItem,
  type StockProfile,
  type StockQuote,
  type SymbolSearchResult,
} from '@site/contract';
import { HttpError } from '../../../core/http-errors.js';
import type { SharedCacheStore } from '../../../core/shared-cache-store.js';
import { type CacheLookupResult, TtlCache } from '../../../core/ttl-cache.js';
import {
  type Bar,
  badUpstream,
  type CorporateActions,
  type MarketDataProvider,
  profileFromQuote,
  unknownSymbol,
} from '../types.js';
import type { YahooClient } from './yahoo-client.js';
import { corporateActionsFromChart } from './yahoo-corporate-actions.js';
import {
  asArray,
  asObject,
  isObject,
  mapChart,
  mapChartEvents,
  mapChartMeta,
  mapNews,
  mapQuoteSummary,
  mapSearchQuote,
  mapV7Quote,
  name,
  num,
  str,
} from './yahoo-mappers.js';

/*
 * Yahoo Finance endpoints used (all GET, JSON):
 *   /v7/finance/quote?symbols=A,B,…                      batched quotes (needs the crumb)
 *   /v10/finance/quoteSummary/{symbol}?modules=…         profile: assetProfile, summaryProfile, price, summaryDetail,
 *                                                        defaultKeyStatistics (crumb)
 *   /v8/finance/chart/{symbol}?range=&interval=          price history
 *   /v8/finance/chart/{symbol}?period1=&period2=&interval=1d&events=div,split   dividends and splits
 *   /v1/finance/search?q=&newsCount=&quotesCount=        news and symbol search
 * Numbers in quoteSummary come as { raw, fmt } objects; the other endpoints send plain numbers.
 * When the crumb endpoints refuse us (no cookie: an EU consent redirect), quotes and a minimal
 * profile come from the chart's `meta`, which needs no crumb (docs/api.md#live-data).
 */

export interface YahooProviderOptions {
  client: YahooClient;
  quoteTtlMs: number;
  profileTtlMs: number;
  now?: () => number;
  /** Shared with the other instances (Redis), so one upstream call serves them all. */
  sharedCache?: SharedCacheStore | undefined;
  /** Told of every lookup in each answer cache, named `yahoo-<kind>` (metrics' cache_lookups_total). */
  onCacheLookup?: ((cache: string, result: CacheLookupResult) => void) | undefined;
}

const QUOTE_BATCH = 100;
const MINUTE = 60_000;
/** Chart calls in flight at once when quotes come from charts. */
const CHART_FALLBACK_CONCURRENCY = 4;
/** A 401/403 from a crumb endpoint (after the client's one fresh crumb): we have no usable crumb. */
const crumbRefused = (status: number) => status === 401 || status === 403;
/** Thrown out of the profile cache's loader so that a chart-based profile is not kept for a day. */
class CrumbRefused extends Error {}

function historyTtl(range: HistoryRange, interval: HistoryInterval): number {
  if (isIntradayInterval(interval)) return MINUTE;
  if (range === '1d' || range === '5d' || range === '1mo') return 5 * MINUTE;
  return 60 * MINUTE;
}

/** Reads `{ <key>: { result, error } }`; unknown symbol when Yahoo says "Not Found" or sends no result. */
function resultOf(body: unknown, key: string, status: number, symbol: string): unknown {
  const envelope = asObject(body)[key];
  if (!isObject(envelope)) {
    throw badUpstream(`The market data provider sent an unexpected answer (HTTP ${status}).`);
  }
  const error = asObject(envelope.error);
  if (status === 404 || str(error.code) === 'Not Found') throw unknownSymbol(symbol);
  if (status >= 400) {
    const description = str(error.description);
    throw badUpstream(
      description
        ? `The market data provider refused the request: ${description}`
        : `The market data provider sent an unexpected answer (HTTP ${status}).`,
    );
  }
  const first = asArray(envelope.result)[0];
  if (first === undefined) throw unknownSymbol(symbol);
  return first;
}

/**
 * Live market data from Yahoo Finance, cached in process and, with Redis, across instances
 * (quotes 15 s, profiles 1 day by default).
 */
export class YahooMarketDataProvider implements MarketDataProvider {
  readonly mode = 'live' as const;
  private readonly client: YahooClient;
  private readonly quotes: TtlCache<StockQuote>;
  private readonly profiles: TtlCache<StockProfile>;
  /** Profiles pieced together from a chart while no crumb can be had: kept 10 minutes, not a day. */
  private readonly partialProfiles: TtlCache<StockProfile>;
  private readonly missing: TtlCache<true>;
  private readonly history: TtlCache<Bar[]>;
  private readonly news: TtlCache<NewsItem[]>;
  private readonly searches: TtlCache<SymbolSearchResult[]>;
  private readonly corporate: TtlCache<CorporateActions>;

  constructor(private readonly options: YahooProviderOptions) {
    this.client = options.client;
    const { now, sharedCache, onCacheLookup } = options;
    const cache = <V>(namespace: string, maxEntries: number) =>
      new TtlCache<V>({
        maxEntries,
        ...(now ? { now } : {}),
        shared: sharedCache && { store: sharedCache, namespace: `yahoo:${namespace}` },
        onLookup: onCacheLookup && ((result) => onCacheLookup(`yahoo-${namespace}`, result)),
      });
    this.quotes = cache('quote', 2000);
    this.profiles = cache('profile', 500);
    this.partialProfiles = cache('partial-profile', 200);
    this.missing = cache('missing', 500);
    // Histories can be thousands of bars each: keep only a few in process.
    this.history = cache('history', 40);
    this.news = cache('news', 200);
    this.searches = cache('search', 200);
    this.corporate = cache('corporate-actions', 500);
  }

  async getQuotes(symbols: readonly string[]): Promise<Map<string, StockQuote>> {
    const wanted = [...new Set(symbols)];
    const out = await this.quotes.getMany(wanted);
    const unpriced = wanted.filter((symbol) => !out.has(symbol));
    const missing = await this.missing.getMany(unpriced);
    const toFetch = unpriced.filter((symbol) => !missing.has(symbol));
    if (this.client.crumbUnavailable()) {
      for (const quote of await this.quotesFromCharts(toFetch)) out.set(quote.symbol, quote);
      return out;
    }
    for (let i = 0; i < toFetch.length; i += QUOTE_BATCH) {
      const batch = toFetch.slice(i, i + QUOTE_BATCH);
      const { status, body } = await this.client.getJson(
        '/v7/finance/quote',
        { symbols: batch.join(',') },
        { crumb: true },
      );
      if (crumbRefused(status)) {
        for (const quote of await this.quotesFromCharts(batch)) out.set(quote.symbol, quote);
        continue;
      }
      const response = asObject(asObject(body).quoteResponse);
      if (status >= 400 || !Array.isArray(response.result)) {
        throw badUpstream(`The market data provider sent an unexpected quote answer (HTTP ${status}).`);
      }
      for (const item of response.result) {
        const quote = mapV7Quote(item);
        if (!quote) continue;
        this.quotes.set(quote.symbol, quote, this.options.quoteTtlMs);
        if (batch.includes(quote.symbol)) out.set(quote.symbol, quote);
      }
    }
    return out;
  }

  /** Today's one-day chart of `symbol`, or undefined when Yahoo does not know it. */
  private async dayChart(symbol: string): Promise<unknown> {
    const { status, body } = await this.client.getJson(`/v8/finance/chart/${encodeURIComponent(symbol)}`, {
      range: '1d',
      interval: '1d',
    });
    try {
      return resultOf(body, 'chart', status, symbol);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return undefined;
      throw error;
    }
  }

  /** Quotes from each symbol's chart meta, a few charts at a time; unknown symbols are left out. */
  private async quotesFromCharts(symbols: readonly string[]): Promise<StockQuote[]> {
    const quotes: StockQuote[] = [];
    for (let i = 0; i < symbols.length; i += CHART_FALLBACK_CONCURRENCY) {
      const charts = await Promise.all(
        symbols.slice(i, i + CHART_FALLBACK_CONCURRENCY).map((symbol) => this.dayChart(symbol)),
      );
      for (const chart of charts) {
        const quote = mapChartMeta(chart);
        if (!quote) continue;
        this.quotes.set(quote.symbol, quote, this.options.quoteTtlMs);
        quotes.push(quote);
      }
    }
    return quotes;
  }

  /** What the chart knows of a company (names, exchange), until a crumb gives the full profile. */
  private async profileFromChart(symbol: string): Promise<StockProfile> {
    const chart = await this.dayChart(symbol);
    const quote = mapChartMeta(chart);
    if (!quote) {
      this.missing.set(symbol, true, 10 * MINUTE);
      throw unknownSymbol(symbol);
    }
    this.quotes.set(quote.symbol, quote, this.options.quoteTtlMs);
    return profileFromQuote(quote, name(asObject(asObject(chart).meta).longName));
  }

  async getQuote(symbol: string): Promise<StockQuote> {
    const quote = (await this.getQuotes([symbol])).get(symbol);
    if (!quote) throw unknownSymbol(symbol);
    return quote;
  }

  async getProfile(symbol: string): Promise<StockProfile> {
    if ((await this.missing.getMany([symbol])).has(symbol)) throw unknownSymbol(symbol);
    const partial = () => this.partialProfiles.getOrLoad(symbol, 10 * MINUTE, () => this.profileFromChart(symbol));
    // A full profile cached earlier still serves; otherwise no call that would only be refused.
    if (this.client.crumbUnavailable() && !(await this.profiles.getMany([symbol])).has(symbol)) return partial();
    return this.fullProfile(symbol).catch((error: unknown) => {
      if (!(error instanceof CrumbRefused)) throw error;
      return partial();
    });
  }

  private fullProfile(symbol: string): Promise<StockProfile> {
    return this.profiles.getOrLoad(symbol, this.options.profileTtlMs, async () => {
      const { status, body } = await this.client.getJson(
        `/v10/finance/quoteSummary/${encodeURIComponent(symbol)}`,
        { modules: 'assetProfile,summaryProfile,price,summaryDetail,defaultKeyStatistics' },
        { crumb: true },
      );
      if (crumbRefused(status)) throw new CrumbRefused();
      let result: unknown;
      try {
        result = resultOf(body, 'quoteSummary', status, symbol);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) {
          this.missing.set(symbol, true, 10 * MINUTE);
        }
        throw error;
      }
      const { profile, quote } = mapQuoteSummary(symbol, result);
      // The price module is a fresh quote: it saves the next quote call.
      if (quote) this.quotes.set(quote.symbol, quote, this.options.quoteTtlMs);
      return profile;
    });
  }

  async getHistory(symbol: string, range: HistoryRange, interval: HistoryInterval): Promise<Bar[]> {
    return this.history.getOrLoad(`${symbol}|${range}|${interval}`, historyTtl(range, interval), async () => {
      const { status, body } = await this.client.getJson(`/v8/finance/chart/${encodeURIComponent(symbol)}`, {
        range,
        interval,
        includePrePost: 'false',
      });
      return mapChart(resultOf(body, 'chart', status, symbol), interval);
    });
  }

  /**
   * Dividends and splits from the chart's `events` (docs/api.md#corporate-actions), kept an hour.
   * The chart runs from `from` to now, not to `to`: Yahoo states past dividends on today's share
   * count, and the splits after `to` are what turns them back into the amounts of their time.
   */
  async corporateActions(symbol: string, from: string, to: string): Promise<CorporateActions> {
    return this.corporate.getOrLoad(`${symbol}|${from}|${to}`, 60 * MINUTE, async () => {
      const now = this.options.now?.() ?? Date.now();
      const period1 = Math.floor(Date.parse(`${from}T00:00:00Z`) / 1000) - 86_400;
      const { status, body } = await this.client.getJson(`/v8/finance/chart/${encodeURIComponent(symbol)}`, {
        period1: String(period1),
        period2: String(Math.ceil(now / 1000)),
        interval: '1d',
        events: 'div,split',
        includePrePost: 'false',
      });
      const result = resultOf(body, 'chart', status, symbol);
      const meta = asObject(asObject(result).meta);
      return corporateActionsFromChart({
        symbol,
        currency: str(meta.currency) ?? 'USD',
        timeZone: str(meta.exchangeTimezoneName) ?? 'America/New_York',
        events: mapChartEvents(result),
        bars: mapChart(result, '1d'),
        from,
        to,
        now,
      });
    });
  }

  async getNews(symbol: string): Promise<NewsItem[]> {
    return this.news.getOrLoad(symbol, 10 * MINUTE, async () => {
      const { status, body } = await this.client.getJson('/v1/finance/search', {
        q: symbol,
        quotesCount: '0',
        newsCount: '10',
        enableFuzzyQuery: 'false',
      });
      const news = asObject(body).news;
      if (status >= 400 || !Array.isArray(news)) {
        throw badUpstream(`The market data provider sent an unexpected news answer (HTTP ${status}).`);
      }
      return news.map(mapNews).filter((n) => n !== undefined);
    });
  }

  async search(query: string, limit = 10): Promise<SymbolSearchResult[]> {
    const q = query.trim();
    if (!q) return [];
    return this.searches.getOrLoad(`${q.toUpperCase()}|${limit}`, 10 * MINUTE, async () => {
      const { status, body } = await this.client.getJson('/v1/finance/search', {
        q,
        quotesCount: String(limit),
        newsCount: '0',
      });
      const quotes = asObject(body).quotes;
      if (status >= 400 || !Array.isArray(quotes)) {
        throw badUpstream(`The market data provider sent an unexpected search answer (HTTP ${status}).`);
      }
      // Most relevant first, by Yahoo's own score (its answer's order is not promised).
      const scored = quotes.map((item, order) => ({ item, order, score: num(asObject(item).score) ?? 0 }));
      scored.sort((a, b) => b.score - a.score || a.order - b.order);
      const results = scored.map(({ item }) => mapSearchQuote(item)).filter((r) => r !== undefined);
      return results.slice(0, limit);
    });
  }
}
