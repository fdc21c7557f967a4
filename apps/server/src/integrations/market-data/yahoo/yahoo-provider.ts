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
import { TtlCache } from '../../../core/ttl-cache.js';
import { type Bar, badUpstream, type MarketDataProvider, unknownSymbol } from '../types.js';
import type { YahooClient } from './yahoo-client.js';

/*
 * Yahoo Finance endpoints used (all GET, JSON):
 *   /v7/finance/quote?symbols=A,B,…                      batched quotes (needs the crumb)
 *   /v10/finance/quoteSummary/{symbol}?modules=…         profile: assetProfile, price, summaryDetail (crumb)
 *   /v8/finance/chart/{symbol}?range=&interval=          price history
 *   /v1/finance/search?q=&newsCount=&quotesCount=        news and symbol search
 * Numbers in quoteSummary come as { raw, fmt } objects; the other endpoints send plain numbers.
 */

export interface YahooProviderOptions {
  client: YahooClient;
  quoteTtlMs: number;
  profileTtlMs: number;
  now?: () => number;
  /** Shared with the other instances (Redis), so one upstream call serves them all. */
  sharedCache?: SharedCacheStore | undefined;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const asObject = (v: unknown): Json => (isObject(v) ? v : {});
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A number, or the `raw` of a `{ raw, fmt }` object; null otherwise. */
export function num(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (isObject(v) && typeof v.raw === 'number' && Number.isFinite(v.raw)) return v.raw;
  return null;
}

/** A non-empty trimmed string; null otherwise. */
export function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

const isoFromEpochSeconds = (v: unknown) => {
  const seconds = num(v);
  return seconds === null ? null : new Date(seconds * 1000).toISOString();
};

const QUOTE_BATCH = 100;
const MINUTE = 60_000;

function historyTtl(range: HistoryRange, interval: HistoryInterval): number {
  if (isIntradayInterval(interval)) return MINUTE;
  if (range === '1d' || range === '5d' || range === '1mo') return 5 * MINUTE;
  return 60 * MINUTE;
}

/** Maps one item of /v7/finance/quote's `quoteResponse.result`. Undefined when it has no price. */
export function mapV7Quote(item: unknown): StockQuote | undefined {
  const q = asObject(item);
  const symbol = str(q.symbol);
  const price = num(q.regularMarketPrice);
  if (!symbol || price === null) return undefined;
  return {
    symbol: symbol.toUpperCase(),
    shortName: str(q.shortName) ?? str(q.longName) ?? symbol,
    currentPrice: price,
    regularMarketOpen: num(q.regularMarketOpen),
    regularMarketDayHigh: num(q.regularMarketDayHigh),
    regularMarketDayLow: num(q.regularMarketDayLow),
    regularMarketPreviousClose: num(q.regularMarketPreviousClose),
    regularMarketVolume: num(q.regularMarketVolume),
    regularMarketChange: num(q.regularMarketChange),
    regularMarketChangePercent: num(q.regularMarketChangePercent),
    regularMarketTime: isoFromEpochSeconds(q.regularMarketTime),
    marketState: str(q.marketState),
    exchange: str(q.exchange) ?? str(q.fullExchangeName) ?? '',
    currency: str(q.currency) ?? 'USD',
    marketCap: num(q.marketCap),
  };
}

/** Maps a quoteSummary result (modules assetProfile, price, summaryDetail) to a profile and, if priced, a quote. */
export function mapQuoteSummary(
  symbol: string,
  result: unknown,
): { profile: StockProfile; quote: StockQuote | undefined } {
  const r = asObject(result);
  const profile = asObject(r.assetProfile);
  const price = asObject(r.price);
  const detail = asObject(r.summaryDetail);
  const sym = (str(price.symbol) ?? symbol).toUpperCase();
  const shortName = str(price.shortName) ?? str(price.longName) ?? sym;
  const exchange = str(price.exchange) ?? '';
  const officers = asArray(profile.companyOfficers)
    .map((o) => ({ name: str(asObject(o).name), title: str(asObject(o).title) }))
    .filter((o): o is { name: string; title: string } => o.name !== null)
    .map((o) => ({ name: o.name, title: o.title ?? '' }));
  const employees = num(profile.fullTimeEmployees);
  const mapped: StockProfile = {
    symbol: sym,
    shortName,
    longName: str(price.longName),
    exchange,
    website: str(profile.website),
    irWebsite: str(profile.irWebsite),
    industry: str(profile.industry) ?? str(profile.industryDisp),
    sector: str(profile.sector) ?? str(profile.sectorDisp),
    address1: str(profile.address1),
    address2: str(profile.address2),
    city: str(profile.city),
    state: str(profile.state),
    zip: str(profile.zip),
    country: str(profile.country),
    fullTimeEmployees: employees === null ? null : Math.round(employees),
    longBusinessSummary: str(profile.longBusinessSummary),
    companyOfficers: officers,
  };
  const current = num(price.regularMarketPrice);
  // quoteSummary's price module gives the change percent as a fraction (0.0123 = 1.23 %).
  const changeFraction = num(price.regularMarketChangePercent);
  const quote: StockQuote | undefined =
    current === null
      ? undefined
      : {
          symbol: sym,
          shortName,
          currentPrice: current,
          regularMarketOpen: num(price.regularMarketOpen) ?? num(detail.regularMarketOpen) ?? num(detail.open),
          regularMarketDayHigh:
            num(price.regularMarketDayHigh) ?? num(detail.regularMarketDayHigh) ?? num(detail.dayHigh),
          regularMarketDayLow: num(price.regularMarketDayLow) ?? num(detail.regularMarketDayLow) ?? num(detail.dayLow),
          regularMarketPreviousClose:
            num(price.regularMarketPreviousClose) ??
            num(detail.regularMarketPreviousClose) ??
            num(detail.previousClose),
          regularMarketVolume: num(price.regularMarketVolume) ?? num(detail.regularMarketVolume) ?? num(detail.volume),
          regularMarketChange: num(price.regularMarketChange),
          regularMarketChangePercent: changeFraction === null ? null : changeFraction * 100,
          regularMarketTime: isoFromEpochSeconds(price.regularMarketTime),
          marketState: str(price.marketState),
          exchange,
          currency: str(price.currency) ?? str(detail.currency) ?? 'USD',
          marketCap: num(price.marketCap) ?? num(detail.marketCap),
        };
  return { profile: mapped, quote };
}

/** Maps /v8/finance/chart's first result to bars, skipping the null gaps Yahoo leaves. */
export function mapChart(result: unknown): Bar[] {
  const r = asObject(result);
  const timestamps = r.timestamp;
  const quote = asObject(asArray(asObject(r.indicators).quote)[0]);
  if (timestamps === undefined) return [];
  if (!Array.isArray(timestamps))
    throw badUpstream('The market data provider sent price history in an unexpected shape.');
  const open = asArray(quote.open);
  const high = asArray(quote.high);
  const low = asArray(quote.low);
  const close = asArray(quote.close);
  const volume = asArray(quote.volume);
  const bars: Bar[] = [];
  timestamps.forEach((t, i) => {
    const time = num(t);
    const o = num(open[i]);
    const h = num(high[i]);
    const l = num(low[i]);
    const c = num(close[i]);
    if (time === null || o === null || h === null || l === null || c === null) return;
    bars.push({ time: time * 1000, open: o, high: h, low: l, close: c, volume: num(volume[i]) ?? 0 });
  });
  return bars;
}

/** Maps one item of /v1/finance/search's `news`. */
export function mapNews(item: unknown): NewsItem | undefined {
  const n = asObject(item);
  const title = str(n.title);
  const link = str(n.link);
  if (!title || !link) return undefined;
  const resolutions = asArray(asObject(n.thumbnail).resolutions)
    .map((res) => {
      const x = asObject(res);
      const url = str(x.url);
      return url ? { url, width: num(x.width) ?? 0, height: num(x.height) ?? 0, tag: str(x.tag) ?? '' } : undefined;
    })
    .filter((x) => x !== undefined);
  return {
    uuid: str(n.uuid) ?? link,
    title,
    link,
    publisher: str(n.publisher) ?? '',
    providerPublishTime: Math.round(num(n.providerPublishTime) ?? 0),
    relatedTickers: asArray(n.relatedTickers).filter((t): t is string => typeof t === 'string'),
    thumbnail: { resolutions },
  };
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
  private readonly missing: TtlCache<true>;
  private readonly history: TtlCache<Bar[]>;
  private readonly news: TtlCache<NewsItem[]>;
  private readonly searches: TtlCache<SymbolSearchResult[]>;

  constructor(private readonly options: YahooProviderOptions) {
    this.client = options.client;
    const { now, sharedCache } = options;
    const cache = <V>(namespace: string, maxEntries: number) =>
      new TtlCache<V>({
        maxEntries,
        ...(now ? { now } : {}),
        shared: sharedCache && { store: sharedCache, namespace: `yahoo:${namespace}` },
      });
    this.quotes = cache('quote', 2000);
    this.profiles = cache('profile', 500);
    this.missing = cache('missing', 500);
    // Histories can be thousands of bars each: keep only a few in process.
    this.history = cache('history', 40);
    this.news = cache('news', 200);
    this.searches = cache('search', 200);
  }

  async getQuotes(symbols: readonly string[]): Promise<Map<string, StockQuote>> {
    const wanted = [...new Set(symbols)];
    const out = await this.quotes.getMany(wanted);
    const unpriced = wanted.filter((symbol) => !out.has(symbol));
    const missing = await this.missing.getMany(unpriced);
    const toFetch = unpriced.filter((symbol) => !missing.has(symbol));
    for (let i = 0; i < toFetch.length; i += QUOTE_BATCH) {
      const batch = toFetch.slice(i, i + QUOTE_BATCH);
      const { status, body } = await this.client.getJson(
        '/v7/finance/quote',
        { symbols: batch.join(',') },
        { crumb: true },
      );
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

  async getQuote(symbol: string): Promise<StockQuote> {
    const quote = (await this.getQuotes([symbol])).get(symbol);
    if (!quote) throw unknownSymbol(symbol);
    return quote;
  }

  async getProfile(symbol: string): Promise<StockProfile> {
    if ((await this.missing.getMany([symbol])).has(symbol)) throw unknownSymbol(symbol);
    return this.profiles.getOrLoad(symbol, this.options.profileTtlMs, async () => {
      const { status, body } = await this.client.getJson(
        `/v10/finance/quoteSummary/${encodeURIComponent(symbol)}`,
        { modules: 'assetProfile,price,summaryDetail' },
        { crumb: true },
      );
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
      return mapChart(resultOf(body, 'chart', status, symbol));
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
      const results: SymbolSearchResult[] = [];
      for (const item of quotes) {
        const x = asObject(item);
        const symbol = str(x.symbol);
        if (!symbol || x.isYahooFinance === false) continue;
        results.push({
          symbol: symbol.toUpperCase(),
          shortName: str(x.shortname) ?? str(x.longname) ?? symbol,
          exchange: str(x.exchange),
          type: str(x.quoteType),
        });
      }
      return results.slice(0, limit);
    });
  }
}
