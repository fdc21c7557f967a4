import {
  type HistoryInterval,
  type NewsItem,
  type StockProfile,
  type StockQuote,
  SYMBOL_MAX_LENGTH,
  SYMBOL_PATTERN,
  type SymbolSearchResult,
} from '@site/contract';
import { type Bar, badUpstream } from '../types.js';

/*
 * Turning Yahoo Finance's answers into our entities. The shapes follow the real services' answers
 * (the fixtures beside this file are modelled on recorded ones); docs/api.md#live-data says what
 * is trimmed, merged or dropped and why.
 */

type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const asObject = (v: unknown): Json => (isObject(v) ? v : {});
export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

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

/** A display name: trimmed, inner runs of spaces (Yahoo pads `shortname` to a fixed width) folded. */
export function name(v: unknown): string | null {
  const text = str(v);
  return text === null ? null : text.replace(/\s{2,}/g, ' ');
}

/**
 * An absolute http(s) URL, or null: links and images from upstream reach browsers, so a
 * `javascript:` or `data:` URL (or garbage) must never pass.
 */
export function httpUrl(v: unknown): string | null {
  const text = str(v);
  if (text === null) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? text : null;
  } catch {
    return null;
  }
}

const isoFromEpochSeconds = (v: unknown) => {
  const seconds = num(v);
  return seconds === null ? null : new Date(seconds * 1000).toISOString();
};

/** Maps one item of /v7/finance/quote's `quoteResponse.result`. Undefined when it has no price. */
export function mapV7Quote(item: unknown): StockQuote | undefined {
  const q = asObject(item);
  const symbol = str(q.symbol);
  const price = num(q.regularMarketPrice);
  if (!symbol || price === null) return undefined;
  return {
    symbol: symbol.toUpperCase(),
    shortName: name(q.shortName) ?? name(q.longName) ?? symbol,
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
    exchangeTimezoneName: str(q.exchangeTimezoneName),
    marketCap: num(q.marketCap),
    fiftyTwoWeekLow: num(q.fiftyTwoWeekLow),
    fiftyTwoWeekHigh: num(q.fiftyTwoWeekHigh),
    averageVolume: num(q.averageDailyVolume3Month),
    trailingEps: num(q.epsTrailingTwelveMonths),
    trailingPE: num(q.trailingPE),
    dividendRate: num(q.dividendRate),
    // The quote endpoint sends the forward yield in percent already (0.45 for 0.45 %).
    dividendYield: num(q.dividendYield),
  };
}

/**
 * Maps a quoteSummary result (modules assetProfile, summaryProfile, price, summaryDetail,
 * defaultKeyStatistics) to a profile and, if priced, a quote.
 */
export function mapQuoteSummary(
  symbol: string,
  result: unknown,
): { profile: StockProfile; quote: StockQuote | undefined } {
  const r = asObject(result);
  // Funds and crypto have no assetProfile; their text is summaryProfile's `description`.
  const profile = { ...asObject(r.summaryProfile), ...asObject(r.assetProfile) };
  const price = asObject(r.price);
  const detail = asObject(r.summaryDetail);
  const statistics = asObject(r.defaultKeyStatistics);
  const sym = (str(price.symbol) ?? symbol).toUpperCase();
  const shortName = name(price.shortName) ?? name(price.longName) ?? sym;
  const exchange = str(price.exchange) ?? '';
  const officers = asArray(profile.companyOfficers)
    .map((o) => ({ name: str(asObject(o).name), title: str(asObject(o).title) }))
    .filter((o): o is { name: string; title: string } => o.name !== null)
    .map((o) => ({ name: o.name, title: o.title ?? '' }));
  const employees = num(profile.fullTimeEmployees);
  const mapped: StockProfile = {
    symbol: sym,
    shortName,
    longName: name(price.longName),
    exchange,
    website: httpUrl(profile.website),
    irWebsite: httpUrl(profile.irWebsite),
    industry: str(profile.industry) ?? str(profile.industryDisp),
    sector: str(profile.sector) ?? str(profile.sectorDisp),
    address1: str(profile.address1),
    address2: str(profile.address2),
    city: str(profile.city),
    state: str(profile.state),
    zip: str(profile.zip),
    country: str(profile.country),
    fullTimeEmployees: employees === null ? null : Math.round(employees),
    longBusinessSummary: str(profile.longBusinessSummary) ?? str(profile.description),
    companyOfficers: officers,
  };
  const current = num(price.regularMarketPrice);
  // quoteSummary gives percentages as fractions (0.0123 = 1.23 %): the change and the dividend yield.
  const changeFraction = num(price.regularMarketChangePercent);
  const yieldFraction = num(detail.dividendYield);
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
          exchangeTimezoneName: str(price.exchangeTimezoneName),
          marketCap: num(price.marketCap) ?? num(detail.marketCap),
          fiftyTwoWeekLow: num(detail.fiftyTwoWeekLow),
          fiftyTwoWeekHigh: num(detail.fiftyTwoWeekHigh),
          averageVolume: num(detail.averageVolume) ?? num(price.averageDailyVolume3Month),
          trailingEps: num(statistics.trailingEps),
          trailingPE: num(detail.trailingPE),
          dividendRate: num(detail.dividendRate),
          dividendYield: yieldFraction === null ? null : yieldFraction * 100,
        };
  return { profile: mapped, quote };
}

const HOUR = 60 * 60_000;
/**
 * Two bars closer than this belong to one interval. Intraday bars sit on an exact grid; daily,
 * weekly and monthly ones are stamped at a session's open, which a daylight-saving change moves
 * by an hour, so those keep a margin (two trading days are at least 23 h apart).
 */
const SAME_BAR_WITHIN_MS: Record<HistoryInterval, number> = {
  '1m': 60_000,
  '5m': 5 * 60_000,
  '15m': 15 * 60_000,
  '30m': 30 * 60_000,
  '1h': HOUR,
  '1d': 20 * HOUR,
  '1wk': 6 * 24 * HOUR,
  '1mo': 27 * 24 * HOUR,
};

/**
 * Maps /v8/finance/chart's first result to bars, skipping the null gaps Yahoo leaves. While a
 * market is open Yahoo appends the live point off the bar grid (…13:58:27 in a 5-minute series,
 * a second row inside the last hour, week or month): a bar that starts less than one interval
 * after the one before it belongs to that bar and is merged into it (docs/api.md#live-data).
 */
export function mapChart(result: unknown, interval: HistoryInterval): Bar[] {
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
    const bar = { time: time * 1000, open: o, high: h, low: l, close: c, volume: num(volume[i]) ?? 0 };
    const previous = bars.at(-1);
    if (previous && bar.time - previous.time < SAME_BAR_WITHIN_MS[interval]) {
      previous.high = Math.max(previous.high, bar.high);
      previous.low = Math.min(previous.low, bar.low);
      previous.close = bar.close;
      previous.volume += bar.volume;
      return;
    }
    bars.push(bar);
  });
  return bars;
}

/**
 * A quote from the chart's `meta` (and the day's first bar for the open): the fallback when the
 * quote endpoints refuse us for want of a crumb (docs/api.md#live-data). Undefined without a price.
 */
export function mapChartMeta(result: unknown): StockQuote | undefined {
  const r = asObject(result);
  const meta = asObject(r.meta);
  const symbol = str(meta.symbol);
  const price = num(meta.regularMarketPrice);
  if (!symbol || price === null) return undefined;
  const previousClose = num(meta.chartPreviousClose) ?? num(meta.previousClose);
  const change = previousClose === null ? null : price - previousClose;
  const firstOpen = num(asArray(asObject(asArray(asObject(r.indicators).quote)[0]).open)[0]);
  return {
    symbol: symbol.toUpperCase(),
    shortName: name(meta.shortName) ?? name(meta.longName) ?? symbol.toUpperCase(),
    currentPrice: price,
    regularMarketOpen: firstOpen,
    regularMarketDayHigh: num(meta.regularMarketDayHigh),
    regularMarketDayLow: num(meta.regularMarketDayLow),
    regularMarketPreviousClose: previousClose,
    regularMarketVolume: num(meta.regularMarketVolume),
    regularMarketChange: change,
    regularMarketChangePercent: change === null || !previousClose ? null : (change / previousClose) * 100,
    regularMarketTime: isoFromEpochSeconds(meta.regularMarketTime),
    marketState: null,
    exchange: str(meta.exchangeName) ?? '',
    currency: str(meta.currency) ?? 'USD',
    exchangeTimezoneName: str(meta.exchangeTimezoneName),
    marketCap: null,
    // The chart's summary knows the year's range, nothing of earnings or dividends.
    fiftyTwoWeekLow: num(meta.fiftyTwoWeekLow),
    fiftyTwoWeekHigh: num(meta.fiftyTwoWeekHigh),
    averageVolume: null,
    trailingEps: null,
    trailingPE: null,
    dividendRate: null,
    dividendYield: null,
  };
}

/** Maps one item of /v1/finance/search's `news`. */
export function mapNews(item: unknown): NewsItem | undefined {
  const n = asObject(item);
  const title = str(n.title);
  const link = httpUrl(n.link);
  if (!title || !link) return undefined;
  const resolutions = asArray(asObject(n.thumbnail).resolutions)
    .map((res) => {
      const x = asObject(res);
      const url = httpUrl(x.url);
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

/** Quote types a symbol of ours can name; options and other derivatives are not offered. */
const SEARCHABLE_TYPES = new Set(['EQUITY', 'ETF', 'MUTUALFUND', 'INDEX', 'CRYPTOCURRENCY', 'CURRENCY', 'FUTURE']);

/**
 * Maps one item of /v1/finance/search's `quotes`. Only what a stock page can open is offered: a
 * symbol within our length and character rules, of a type we can price (an options contract such
 * as AAPL260227C00270000 is neither). The long name wins over the padded short one.
 */
export function mapSearchQuote(item: unknown): SymbolSearchResult | undefined {
  const x = asObject(item);
  const symbol = str(x.symbol)?.toUpperCase();
  if (!symbol || x.isYahooFinance === false) return undefined;
  if (symbol.length > SYMBOL_MAX_LENGTH || !SYMBOL_PATTERN.test(symbol)) return undefined;
  const type = str(x.quoteType);
  if (type !== null && !SEARCHABLE_TYPES.has(type.toUpperCase())) return undefined;
  return {
    symbol,
    shortName: name(x.longname) ?? name(x.shortname) ?? symbol,
    exchange: str(x.exchange),
    type,
  };
}
