import {
  type HistoryInterval,
  type HistoryRange,
  intervalNotAllowedMessage,
  isIntervalAllowed,
  type NewsItem,
  type StockProfile,
  type StockQuote,
  type SymbolSearchResult,
} from '@site/contract';
import { badRequest } from '../../../core/http-errors.js';
import {
  DAY_MS,
  newYorkClock,
  SESSION_MINUTES,
  type Session,
  sessionAt,
  tradingIndexOnOrAfter,
  tradingIndexOnOrBefore,
} from '../calendar.js';
import type { Bar, MarketDataProvider } from '../types.js';
import { unknownSymbol } from '../types.js';
import { brandName, generateNews } from './news.js';
import {
  aggregateBars,
  aggregateMinutes,
  type MinuteBars,
  minuteTime,
  openTimeOfIndex,
  PriceSeries,
} from './price-series.js';
import { DEMO_COUNTRY, DEMO_UNIVERSE, type DemoCompany } from './universe.js';

const INTRADAY_MINUTES: Partial<Record<HistoryInterval, number>> = { '1m': 1, '5m': 5, '15m': 15, '30m': 30, '1h': 60 };
const RANGE_MONTHS: Partial<Record<HistoryRange, number>> = { '1mo': 1, '3mo': 3, '6mo': 6, '1y': 12, '5y': 60 };
/** Minute bars of this many recent (symbol, day) pairs are kept (~30 KB each): enough to price a
 * 100-symbol watchlist or a large wallet without regenerating bars on every quote. */
const MINUTE_CACHE_SIZE = 128;

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** The same calendar day `months` earlier (clamped to the month's length). */
function monthsBefore(epochDay: number, months: number): number {
  const date = new Date(epochDay * DAY_MS);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Math.floor(Date.UTC(y, m, Math.min(date.getUTCDate(), lastDay)) / DAY_MS);
}

export interface DemoProviderOptions {
  /** The clock; tests pin it. */
  now?: () => number;
  universe?: DemoCompany[];
}

/**
 * The offline market (docs/architecture.md#data-and-configuration): a bundled universe of well-known US stocks with seeded price
 * paths (see price-series.ts), market-hours intraday bars and generated news. Same clock, same
 * answers.
 */
export class DemoMarketDataProvider implements MarketDataProvider {
  readonly mode = 'demo' as const;
  private readonly now: () => number;
  private readonly companies: Map<string, DemoCompany>;
  private readonly series = new Map<string, PriceSeries>();
  private readonly minuteCache = new Map<string, MinuteBars>();

  constructor(options: DemoProviderOptions = {}) {
    this.now = options.now ?? Date.now;
    this.companies = new Map((options.universe ?? DEMO_UNIVERSE).map((c) => [c.symbol, c]));
  }

  /** Every symbol of the universe, in its order. */
  symbols(): string[] {
    return [...this.companies.keys()];
  }

  private seriesOf(symbol: string): PriceSeries {
    const cached = this.series.get(symbol);
    if (cached) return cached;
    const company = this.companies.get(symbol);
    if (!company) throw unknownSymbol(symbol);
    const series = new PriceSeries(company);
    this.series.set(symbol, series);
    return series;
  }

  /** The series of a symbol that trades at the session (with a pinned past clock, later listings do not exist yet). */
  private listed(symbol: string, session: Session): PriceSeries {
    const series = this.seriesOf(symbol);
    if (session.index < series.firstIndex) throw unknownSymbol(symbol);
    return series;
  }

  private minutes(series: PriceSeries, index: number): MinuteBars {
    const key = `${series.company.symbol}:${index}`;
    const hit = this.minuteCache.get(key);
    if (hit) {
      this.minuteCache.delete(key);
      this.minuteCache.set(key, hit);
      return hit;
    }
    const bars = series.minuteBars(index);
    this.minuteCache.set(key, bars);
    if (this.minuteCache.size > MINUTE_CACHE_SIZE) {
      const oldest = this.minuteCache.keys().next().value;
      if (oldest !== undefined) this.minuteCache.delete(oldest);
    }
    return bars;
  }

  /** A day's bar as of the session: today's is built from the minutes traded so far. */
  private dayBar(series: PriceSeries, index: number, session: Session): Bar {
    if (index === session.index && session.minutes < SESSION_MINUTES) {
      return aggregateMinutes(this.minutes(series, index), 0, session.minutes, openTimeOfIndex(index));
    }
    return { time: openTimeOfIndex(index), ...series.dailyBar(index) };
  }

  private quoteOf(series: PriceSeries, session: Session): StockQuote {
    const { company } = series;
    const today = this.dayBar(series, session.index, session);
    const previousClose = session.index > series.firstIndex ? series.dailyBar(session.index - 1).close : today.open;
    const change = today.close - previousClose;
    const lastTrade =
      session.minutes < SESSION_MINUTES
        ? minuteTime(session.index, session.minutes - 1)
        : minuteTime(session.index, SESSION_MINUTES);
    return {
      symbol: company.symbol,
      shortName: company.shortName,
      currentPrice: today.close,
      regularMarketOpen: today.open,
      regularMarketDayHigh: today.high,
      regularMarketDayLow: today.low,
      regularMarketPreviousClose: previousClose,
      regularMarketVolume: today.volume,
      regularMarketChange: round4(change),
      regularMarketChangePercent: round4((change / previousClose) * 100),
      regularMarketTime: new Date(lastTrade).toISOString(),
      marketState: session.state,
      exchange: company.exchange,
      currency: 'USD',
      // Every demo listing trades in New York (docs/product.md).
      exchangeTimezoneName: 'America/New_York',
      marketCap: Math.round(today.close * company.sharesOutstanding),
    };
  }

  async getQuote(symbol: string): Promise<StockQuote> {
    const session = sessionAt(this.now());
    return this.quoteOf(this.listed(symbol, session), session);
  }

  async getQuotes(symbols: readonly string[]): Promise<Map<string, StockQuote>> {
    const session = sessionAt(this.now());
    const out = new Map<string, StockQuote>();
    for (const symbol of symbols) {
      const series = this.companies.has(symbol) ? this.seriesOf(symbol) : undefined;
      if (series && session.index >= series.firstIndex && !out.has(symbol)) {
        out.set(symbol, this.quoteOf(series, session));
      }
    }
    return out;
  }

  async getProfile(symbol: string): Promise<StockProfile> {
    const { company } = this.listed(symbol, sessionAt(this.now()));
    return {
      symbol: company.symbol,
      shortName: company.shortName,
      longName: company.longName,
      exchange: company.exchange,
      website: company.website,
      irWebsite: company.irWebsite,
      industry: company.industry,
      sector: company.sector,
      address1: company.address1,
      address2: company.address2 ?? null,
      city: company.city,
      state: company.state,
      zip: company.zip,
      country: DEMO_COUNTRY,
      fullTimeEmployees: company.fullTimeEmployees,
      longBusinessSummary: company.summary,
      companyOfficers: company.officers.map(([name, title]) => ({ name, title })),
    };
  }

  async getHistory(symbol: string, range: HistoryRange, interval: HistoryInterval): Promise<Bar[]> {
    if (!isIntervalAllowed(range, interval)) throw badRequest(intervalNotAllowedMessage(range, interval));
    const session = sessionAt(this.now());
    const series = this.listed(symbol, session);
    const last = session.index;
    let first: number;
    if (range === '1d') first = last;
    else if (range === '5d') first = last - 4;
    else if (range === 'max') first = series.firstIndex;
    else first = tradingIndexOnOrAfter(monthsBefore(session.epochDay, RANGE_MONTHS[range] ?? 12) + 1);
    first = Math.max(first, series.firstIndex);

    const step = INTRADAY_MINUTES[interval];
    if (step) {
      const bars: Bar[] = [];
      for (let index = first; index <= last; index++) {
        const minutes = this.minutes(series, index);
        const available = index === last ? session.minutes : SESSION_MINUTES;
        for (let start = 0; start < available; start += step) {
          bars.push(aggregateMinutes(minutes, start, Math.min(start + step, available), minuteTime(index, start)));
        }
      }
      return bars;
    }

    const days: Bar[] = [];
    for (let index = first; index <= last; index++) days.push(this.dayBar(series, index, session));
    if (interval === '1wk') {
      return aggregateBars(days, (bar) => Math.floor(tradingIndexOnOrBefore(newYorkClock(bar.time).epochDay) / 5));
    }
    if (interval === '1mo') return aggregateBars(days, (bar) => new Date(bar.time).toISOString().slice(0, 7));
    return days;
  }

  async getNews(symbol: string): Promise<NewsItem[]> {
    const session = sessionAt(this.now());
    const series = this.listed(symbol, session);
    const { company } = series;
    const day = newYorkClock(this.now()).epochDay;
    // The move headline restates the quote the pages show beside it (same change, same sign).
    const quote = this.quoteOf(series, session);
    const peers = [...this.companies.values()].filter((c) => c.sector === company.sector && c.symbol !== symbol);
    const pool = peers.length > 0 ? peers : [...this.companies.values()].filter((c) => c.symbol !== symbol);
    const peer = pool[(series.seed + day) % Math.max(pool.length, 1)] ?? company;
    return generateNews({
      company,
      name: brandName(company),
      peer,
      peerName: brandName(peer),
      lastMove: quote.regularMarketChangePercent ?? 0,
      lastTradeMs: Math.min(Date.parse(quote.regularMarketTime ?? '') || this.now(), this.now()),
      seed: series.seed,
      day,
    });
  }

  async search(query: string, limit = 10): Promise<SymbolSearchResult[]> {
    const q = query.trim().toUpperCase();
    if (!q) return [];
    const scored: [number, DemoCompany][] = [];
    for (const company of this.companies.values()) {
      const name = company.longName.toUpperCase();
      const score =
        company.symbol === q
          ? 0
          : company.symbol.startsWith(q)
            ? 1
            : name.startsWith(q)
              ? 2
              : name.includes(q)
                ? 3
                : -1;
      if (score >= 0) scored.push([score, company]);
    }
    scored.sort((a, b) => a[0] - b[0] || a[1].symbol.localeCompare(b[1].symbol));
    return scored.slice(0, limit).map(([, c]) => ({
      symbol: c.symbol,
      shortName: c.shortName,
      exchange: c.exchange,
      type: 'EQUITY',
    }));
  }
}
