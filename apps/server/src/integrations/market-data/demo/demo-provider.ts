import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type HistoryInterval,
  type HistoryRange,
  intervalNotServedMessage,
  isIntervalServed,
  type NewsItem,
  type StockProfile,
  type StockQuote,
  type SymbolSearchResult,
} from '@site/contract';
import { badRequest } from '../../../core/http-errors.js';
import {
  epochDayOf,
  epochDayOfTradingIndex,
  isoDateOf,
  localClock,
  monthsBefore,
  type Session,
  segmentRanges,
  sessionAt,
  tradingIndexOnOrAfter,
  tradingIndexOnOrBefore,
} from '../calendar.js';
import type { Bar, CorporateActions, MarketDataProvider } from '../types.js';
import { profileFromQuote, unknownSymbol } from '../types.js';
import { DEMO_DIVIDENDS, DEMO_SPLITS, type DemoSplit, type DividendPolicy } from './corporate-actions.js';
import { annualDividend, dividendsOf } from './dividend-schedule.js';
import { DEMO_ETFS, type DemoEtf } from './etfs.js';
import { fiftyTwoWeekRange, type PastDays, pastDays, perShare, quarterReferenceIndex } from './key-statistics.js';
import { brandName, generateNews } from './news.js';
import { aggregateBars, aggregateMinutes, type MinuteBars, PriceSeries } from './price-series.js';
import { DEMO_FX_PAIRS, DEMO_UNIVERSE, type DemoCompany, type DemoFxPair } from './universe.js';

const INTRADAY_MINUTES: Partial<Record<HistoryInterval, number>> = { '1m': 1, '5m': 5, '15m': 15, '30m': 30, '1h': 60 };
const RANGE_MONTHS: Partial<Record<HistoryRange, number>> = { '1mo': 1, '3mo': 3, '6mo': 6, '1y': 12, '5y': 60 };
/** Minute bars of this many recent (symbol, day) pairs are kept (~30 KB each): enough to price a
 * 100-symbol watchlist or a large wallet without regenerating bars on every quote. */
const MINUTE_CACHE_SIZE = 128;
/** Days of minute bars made in one turn of the event loop (a few ms). */
const DAYS_PER_TURN = 10;

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

export interface DemoProviderOptions {
  /** The clock; tests pin it. */
  now?: () => number;
  universe?: DemoCompany[];
  /** Exchange-traded funds (the benchmarks of docs/api.md#wallet-performance). */
  etfs?: DemoEtf[];
  /** Dollar rates of the universe's other currencies. */
  fxPairs?: DemoFxPair[];
  /** Splits by symbol (corporate-actions.ts). */
  splits?: Readonly<Record<string, readonly DemoSplit[]>>;
  /** Dividend policies by symbol (corporate-actions.ts). */
  dividends?: Readonly<Record<string, DividendPolicy>>;
}

/** A listed series and the session it is in now. */
interface Listed {
  series: PriceSeries;
  session: Session;
}

/**
 * The offline market (docs/architecture.md#data-and-configuration): a bundled universe of
 * well-known stocks with seeded price paths (see price-series.ts), intraday bars in each
 * exchange's own hours and time zone, dollar rates for the listings in other currencies, and
 * generated news. Same clock, same answers.
 */
export class DemoMarketDataProvider implements MarketDataProvider {
  readonly mode = 'demo' as const;
  private readonly now: () => number;
  private readonly companies: Map<string, DemoCompany>;
  private readonly etfs: Map<string, DemoEtf>;
  private readonly pairs: Map<string, DemoFxPair>;
  private readonly series = new Map<string, PriceSeries>();
  private readonly minuteCache = new Map<string, MinuteBars>();
  /** Each symbol's finished-days statistics, for the latest session asked about. */
  private readonly pastCache = new Map<string, { index: number; past: PastDays }>();
  /** Each symbol's quote for the latest minute asked about: a wallet or watchlist asks for the same ones again and again. */
  private readonly quoteCache = new Map<string, { minute: string; quote: StockQuote }>();
  private readonly splits: Readonly<Record<string, readonly DemoSplit[]>>;
  private readonly dividends: Readonly<Record<string, DividendPolicy>>;

  constructor(options: DemoProviderOptions = {}) {
    this.now = options.now ?? Date.now;
    this.companies = new Map((options.universe ?? DEMO_UNIVERSE).map((c) => [c.symbol, c]));
    this.etfs = new Map((options.etfs ?? DEMO_ETFS).map((e) => [e.symbol, e]));
    this.pairs = new Map((options.fxPairs ?? DEMO_FX_PAIRS).map((p) => [p.symbol, p]));
    this.splits = options.splits ?? DEMO_SPLITS;
    this.dividends = options.dividends ?? DEMO_DIVIDENDS;
  }

  /** Every company symbol of the universe, in its order. */
  symbols(): string[] {
    return [...this.companies.keys()];
  }

  private seriesOf(symbol: string): PriceSeries | undefined {
    const cached = this.series.get(symbol);
    if (cached) return cached;
    const instrument = this.companies.get(symbol) ?? this.etfs.get(symbol) ?? this.pairs.get(symbol);
    if (!instrument) return undefined;
    const series = new PriceSeries(instrument, this.companies.has(symbol) ? (this.splits[symbol] ?? []) : []);
    this.series.set(symbol, series);
    return series;
  }

  /** A symbol's series and session now, if it trades (with a pinned past clock, later listings do not exist yet). */
  private listedOrUndefined(symbol: string): Listed | undefined {
    const series = this.seriesOf(symbol);
    if (!series) return undefined;
    const session = sessionAt(series.company.calendar, this.now());
    return session.index < series.firstIndex ? undefined : { series, session };
  }

  private listed(symbol: string): Listed {
    const listed = this.listedOrUndefined(symbol);
    if (!listed) throw unknownSymbol(symbol);
    return listed;
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
    if (index === session.index && session.minutes < series.sessionLength) {
      return aggregateMinutes(this.minutes(series, index), 0, session.minutes, series.openTime(index));
    }
    return { time: series.openTime(index), ...series.dailyBar(index) };
  }

  /** The trading index of a range's first day, the listing's first day at the earliest. */
  private rangeFirst(range: HistoryRange, { series, session }: Listed): number {
    const last = session.index;
    let first: number;
    if (range === '1d') first = last;
    else if (range === '5d') first = last - 4;
    else if (range === 'max') first = series.firstIndex;
    else first = tradingIndexOnOrAfter(monthsBefore(session.epochDay, RANGE_MONTHS[range] ?? 12) + 1);
    return Math.max(first, series.firstIndex);
  }

  private pastDaysOf(listed: Listed): PastDays {
    const { series, session } = listed;
    const cached = this.pastCache.get(series.company.symbol);
    if (cached?.index === session.index) return cached.past;
    const past = pastDays(series, session.index, this.rangeFirst('1y', listed));
    this.pastCache.set(series.company.symbol, { index: session.index, past });
    return past;
  }

  /** A quote is the same for the whole minute of a session: built once per minute, a copy to each caller. */
  private quoteOf(listed: Listed): StockQuote {
    const { series, session } = listed;
    const minute = `${session.epochDay}:${session.index}:${session.minutes}:${session.state}`;
    const cached = this.quoteCache.get(series.company.symbol);
    if (cached?.minute === minute) return { ...cached.quote };
    const quote = this.buildQuote(listed);
    this.quoteCache.set(series.company.symbol, { minute, quote });
    return { ...quote };
  }

  private buildQuote(listed: Listed): StockQuote {
    const { series, session } = listed;
    const { company } = series;
    const listing = this.companies.get(company.symbol);
    const fund = this.etfs.get(company.symbol);
    const today = this.dayBar(series, session.index, session);
    // On a split's first day, yesterday's close on today's share count (as Yahoo reports it).
    const previousClose =
      session.index > series.firstIndex
        ? series.adjustedBar(series.dailyBar(session.index - 1), session.index - 1, session.index).close
        : today.open;
    const change = today.close - previousClose;
    const lastTrade =
      session.minutes < series.sessionLength
        ? series.minuteTime(session.index, session.minutes - 1)
        : series.minuteTime(session.index, series.sessionLength);
    return {
      symbol: company.symbol,
      shortName: company.shortName,
      currentPrice: today.close,
      regularMarketOpen: today.open,
      regularMarketDayHigh: today.high,
      regularMarketDayLow: today.low,
      regularMarketPreviousClose: previousClose,
      // Currency pairs report no volume or market value, as Yahoo's do; funds no market value.
      regularMarketVolume: listing || fund ? today.volume : 0,
      regularMarketChange: round4(change),
      regularMarketChangePercent: round4((change / previousClose) * 100),
      regularMarketTime: new Date(lastTrade).toISOString(),
      marketState: session.state,
      exchange: listing?.exchange ?? fund?.exchange ?? 'CCY',
      currency: company.currency,
      exchangeTimezoneName: company.calendar.timeZone,
      // In the quote's currency, as Yahoo reports it (pence for London).
      marketCap: listing ? Math.round(today.close * listing.sharesOutstanding) : null,
      ...this.statistics(listed, today),
    };
  }

  /** docs/api.md#stock-statistics: the 52-week range is the 1y chart's, earnings and dividends per share. */
  private statistics(listed: Listed, today: Bar) {
    const { series, session } = listed;
    const listing = this.companies.get(series.company.symbol);
    const past = this.pastDaysOf(listed);
    const range = fiftyTwoWeekRange(past, today);
    const base = { fiftyTwoWeekLow: range.low, fiftyTwoWeekHigh: range.high };
    // A currency pair: no volume (as its quote says), no earnings, no dividends. A fund: its
    // volume, but no earnings of its own (and its distributions are not modelled).
    if (!listing) {
      return {
        ...base,
        averageVolume: this.etfs.has(series.company.symbol) ? past.averageVolume : 0,
        trailingEps: null,
        trailingPE: null,
        dividendRate: null,
        dividendYield: null,
      };
    }
    const reference = series.dailyBar(quarterReferenceIndex(series, session.epochDay)).close;
    const policy = this.dividends[listing.symbol];
    const dividendRate = policy ? annualDividend(series, policy, session.epochDay) : null;
    return { ...base, averageVolume: past.averageVolume, ...perShare(listing, reference, today.close, dividendRate) };
  }

  async getQuote(symbol: string): Promise<StockQuote> {
    return this.quoteOf(this.listed(symbol));
  }

  async getQuotes(symbols: readonly string[]): Promise<Map<string, StockQuote>> {
    const out = new Map<string, StockQuote>();
    for (const symbol of symbols) {
      const listed = out.has(symbol) ? undefined : this.listedOrUndefined(symbol);
      if (listed) out.set(symbol, this.quoteOf(listed));
    }
    return out;
  }

  async getProfile(symbol: string): Promise<StockProfile> {
    const listed = this.listed(symbol);
    const company = this.companies.get(symbol);
    const fund = this.etfs.get(symbol);
    if (fund)
      return {
        ...profileFromQuote(this.quoteOf(listed), fund.longName),
        website: fund.website,
        longBusinessSummary: fund.summary,
      };
    if (!company) return profileFromQuote(this.quoteOf(listed), listed.series.company.shortName);
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
      country: company.country,
      fullTimeEmployees: company.fullTimeEmployees,
      longBusinessSummary: company.summary,
      companyOfficers: company.officers.map(([name, title]) => ({ name, title })),
    };
  }

  async getHistory(symbol: string, range: HistoryRange, interval: HistoryInterval): Promise<Bar[]> {
    if (!isIntervalServed(range, interval)) throw badRequest(intervalNotServedMessage(range, interval));
    const listed = this.listed(symbol);
    const { series, session } = listed;
    const cal = series.company.calendar;
    const last = session.index;
    const first = this.rangeFirst(range, listed);

    const step = INTRADAY_MINUTES[interval];
    if (step) {
      // Bars start on the interval within each trading segment, so Tokyo's afternoon starts at 12:30.
      const segments = segmentRanges(cal);
      const bars: Bar[] = [];
      for (let index = first; index <= last; index++) {
        // A year of hourly bars makes 250 days of minutes (~100 ms): let waiting requests in between.
        if ((index - first) % DAYS_PER_TURN === DAYS_PER_TURN - 1) await nextTurn();
        const minutes = this.minutes(series, index);
        const available = index === last ? session.minutes : series.sessionLength;
        for (const [from, to] of segments) {
          const end = Math.min(to, available);
          for (let start = from; start < end; start += step) {
            const bar = aggregateMinutes(minutes, start, Math.min(start + step, end), series.minuteTime(index, start));
            bars.push(series.adjustedBar(bar, index, last));
          }
        }
      }
      return bars;
    }

    const days: Bar[] = [];
    // Charts show the past on today's share count (adjusted for splits since), as Yahoo's do.
    for (let index = first; index <= last; index++) {
      days.push(series.adjustedBar(this.dayBar(series, index, session), index, last));
    }
    const localDay = (bar: Bar) => localClock(cal, bar.time).epochDay;
    if (interval === '1wk') return aggregateBars(days, (bar) => Math.floor(tradingIndexOnOrBefore(localDay(bar)) / 5));
    if (interval === '1mo') return aggregateBars(days, (bar) => isoDateOf(localDay(bar)).slice(0, 7));
    return days;
  }

  async getNews(symbol: string): Promise<NewsItem[]> {
    const listed = this.listed(symbol);
    const { series } = listed;
    const company = this.companies.get(symbol);
    // Company news is generated for companies only: none about an exchange rate or a fund.
    if (!company) return [];
    const day = localClock(company.calendar, this.now()).epochDay;
    // The move headline restates the quote the pages show beside it (same change, same sign).
    const quote = this.quoteOf(listed);
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
      dividendsPerYear: quote.dividendRate === null ? null : (this.dividends[company.symbol]?.perYear ?? null),
    });
  }

  /**
   * The splits and dividends of corporate-actions.ts between `from` and `to` that have happened by
   * now: a split once its day has begun, a dividend once its ex-date has (its pay date may still
   * be ahead). Currency pairs have none.
   */
  async corporateActions(symbol: string, from: string, to: string): Promise<CorporateActions> {
    const listed = this.listed(symbol);
    const { series, session } = listed;
    const company = this.companies.get(symbol);
    const out: CorporateActions = { symbol, currency: series.company.currency, dividends: [], splits: [] };
    if (!company) return out;
    const today = localClock(company.calendar, this.now()).epochDay;
    const last = Math.min(epochDayOf(to), today);
    const first = epochDayOf(from);
    const known = (index: number) => series.openTime(index) <= this.now();
    for (const { index, split } of series.splits) {
      const day = epochDayOfTradingIndex(index);
      if (day < first || day > last || index < series.firstIndex || !known(index)) continue;
      out.splits.push({
        date: isoDateOf(day),
        time: series.openTime(index),
        numerator: split.numerator,
        denominator: split.denominator,
        // The split day's close, or its latest price while it trades.
        price: this.dayBar(series, index, session).close,
      });
    }
    const policy = this.dividends[symbol];
    if (policy) {
      out.dividends = dividendsOf(series, policy, first, last).filter((d) => d.exTime <= this.now());
    }
    return out;
  }

  async search(query: string, limit = 10): Promise<SymbolSearchResult[]> {
    const q = query.trim().toUpperCase();
    if (!q) return [];
    const scored: [number, DemoCompany | DemoEtf | DemoFxPair][] = [];
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
    for (const fund of this.etfs.values()) {
      const name = fund.longName.toUpperCase();
      const score =
        fund.symbol === q ? 0 : fund.symbol.startsWith(q) ? 1 : name.startsWith(q) ? 2 : name.includes(q) ? 3 : -1;
      if (score >= 0) scored.push([score, fund]);
    }
    for (const pair of this.pairs.values()) {
      const score = pair.symbol === q ? 0 : pair.symbol.startsWith(q) || pair.shortName.startsWith(q) ? 2 : -1;
      if (score >= 0) scored.push([score, pair]);
    }
    scored.sort((a, b) => a[0] - b[0] || a[1].symbol.localeCompare(b[1].symbol));
    return scored.slice(0, limit).map(([, c]) => {
      const company = this.companies.get(c.symbol);
      const fund = this.etfs.get(c.symbol);
      return {
        symbol: c.symbol,
        shortName: c.shortName,
        exchange: company?.exchange ?? fund?.exchange ?? 'CCY',
        type: company ? 'EQUITY' : fund ? 'ETF' : 'CURRENCY',
      };
    });
  }
}
