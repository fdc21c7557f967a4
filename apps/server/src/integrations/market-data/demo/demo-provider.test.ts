import { type HistoryInterval, type HistoryRange, INTERVALS, isIntervalServed, RANGES } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../core/http-errors.js';
import {
  type ExchangeCalendar,
  epochDayOf,
  FX,
  isTradingDay,
  LONDON,
  localClock,
  localTimeToUtc,
  NEW_YORK,
  sessionAt,
  TOKYO,
  tradingIndexOf,
  XETRA,
} from '../calendar.js';
import type { Bar } from '../types.js';
import { DEMO_DIVIDENDS } from './corporate-actions.js';
import { DemoMarketDataProvider } from './demo-provider.js';
import { PriceSeries } from './price-series.js';
import { DEMO_ANCHOR_DATE, DEMO_FX_PAIRS, DEMO_UNIVERSE } from './universe.js';

/** Friday 2025-03-14, 11:00 in New York (EDT): the market is open. */
const FRIDAY_11AM = Date.parse('2025-03-14T15:00:00Z');
/** Saturday 2025-03-15, noon in New York. */
const SATURDAY = Date.parse('2025-03-15T16:00:00Z');
/** Monday 2025-03-17, 08:00 in New York: before the open. */
const MONDAY_8AM = Date.parse('2025-03-17T12:00:00Z');
/** Wednesday 2025-01-15, 15:00 in New York (EST). */
const WINTER_3PM = Date.parse('2025-01-15T20:00:00Z');

const at = (now: number) => new DemoMarketDataProvider({ now: () => now });
const pairs = RANGES.flatMap((r) => INTERVALS.map((i) => [r, i] as const)).filter(([r, i]) => isIntervalServed(r, i));
const INTERVAL_MINUTES: Partial<Record<HistoryInterval, number>> = { '1m': 1, '5m': 5, '15m': 15, '30m': 30, '1h': 60 };

async function expectHttpError(promise: Promise<unknown>, status: number) {
  await expect(promise).rejects.toBeInstanceOf(HttpError);
  await expect(promise).rejects.toMatchObject({ statusCode: status });
}

const newYorkClock = (ms: number) => localClock(NEW_YORK, ms);
const calendarOf = (symbol: string) => DEMO_UNIVERSE.find((c) => c.symbol === symbol)?.calendar ?? NEW_YORK;

/**
 * High ≥ max(Open, Close), Low ≤ min(Open, Close), positive prices and whole positive volumes,
 * strictly increasing times on business days; intraday bars start on their interval within a
 * trading segment of the exchange (09:30–16:00 New York; 09:00–11:30 and 12:30–15:30 Tokyo),
 * other bars at the open. Collects every violation so one assertion reports them.
 */
function problemsOf(bars: Bar[], now: number, cal: ExchangeCalendar, stepMinutes?: number): string[] {
  const problems: string[] = [];
  if (bars.length === 0) problems.push('no bars');
  const open = cal.segments[0]?.[0];
  let previous = Number.NEGATIVE_INFINITY;
  for (const bar of bars) {
    const at = new Date(bar.time).toISOString();
    const { epochDay, minuteOfDay } = localClock(cal, bar.time);
    if (bar.high < Math.max(bar.open, bar.close)) problems.push(`${at}: high below open/close`);
    if (bar.low > Math.min(bar.open, bar.close)) problems.push(`${at}: low above open/close`);
    if (!(bar.low > 0)) problems.push(`${at}: low not positive`);
    if (!(bar.volume > 0) || !Number.isInteger(bar.volume)) problems.push(`${at}: bad volume ${bar.volume}`);
    if (!(bar.time > previous)) problems.push(`${at}: not after the previous bar`);
    if (bar.time > now) problems.push(`${at}: in the future`);
    if (!isTradingDay(epochDay)) problems.push(`${at}: not a business day`);
    if (stepMinutes) {
      const onGrid = cal.segments.some(
        ([a, b]) => minuteOfDay >= a && minuteOfDay < b && (minuteOfDay - a) % stepMinutes === 0,
      );
      if (!onGrid) problems.push(`${at}: not a ${stepMinutes}-minute bar within market hours`);
    } else if (minuteOfDay !== open) {
      problems.push(`${at}: not stamped at the open`);
    }
    previous = bar.time;
  }
  return problems;
}

describe('demo universe', () => {
  const required = [
    'AAPL',
    'MSFT',
    'GOOGL',
    'AMZN',
    'NVDA',
    'META',
    'TSLA',
    'JPM',
    'V',
    'JNJ',
    'WMT',
    'PG',
    'XOM',
    'KO',
    'PEP',
    'DIS',
    'NFLX',
    'INTC',
    'AMD',
    'IBM',
    'ORCL',
    'CSCO',
    'ADBE',
    'CRM',
    'BA',
    'CAT',
    'GE',
    'MCD',
    'NKE',
    'SBUX',
    'T',
    'VZ',
    'PFE',
    'MRK',
    'UNH',
    'HD',
    'COST',
    'BAC',
    'GS',
    'CVX',
  ];

  it('has at least 40 well-known tickers, each once', () => {
    const symbols = DEMO_UNIVERSE.map((c) => c.symbol);
    expect(symbols.length).toBeGreaterThanOrEqual(40);
    expect(new Set(symbols).size).toBe(symbols.length);
    expect(symbols).toEqual(expect.arrayContaining(required));
  });

  it.each(DEMO_UNIVERSE.map((c) => c.symbol))('%s has every profile and quote field filled in', async (symbol) => {
    const p = at(FRIDAY_11AM);
    const profile = await p.getProfile(symbol);
    for (const key of [
      'shortName',
      'longName',
      'exchange',
      'website',
      'irWebsite',
      'industry',
      'sector',
      'address1',
      'city',
      'zip',
      'country',
      'longBusinessSummary',
    ] as const) {
      expect(profile[key], key).toEqual(expect.stringMatching(/\S/));
    }
    // Only US addresses carry a state line.
    if (profile.country === 'United States') expect(profile.state).toMatch(/^[A-Z]{2}$/);
    else expect(profile.state).toBeNull();
    expect(profile.website).toMatch(/^https:\/\//);
    expect(profile.irWebsite).toMatch(/^https:\/\//);
    expect(['NMS', 'NYQ', 'JPX', 'GER', 'LSE']).toContain(profile.exchange);
    expect(profile.fullTimeEmployees).toBeGreaterThan(1000);
    expect(profile.longBusinessSummary?.split(/(?<=\.)\s/).length).toBeGreaterThanOrEqual(2);
    expect(profile.companyOfficers.length).toBeGreaterThanOrEqual(2);
    expect(profile.companyOfficers.length).toBeLessThanOrEqual(4);
    for (const officer of profile.companyOfficers) {
      expect(officer.name).toMatch(/\S/);
      expect(officer.title).toMatch(/\S/);
    }
    const quote = await p.getQuote(symbol);
    expect(quote.symbol).toBe(symbol);
    for (const value of [
      quote.currentPrice,
      quote.regularMarketOpen,
      quote.regularMarketDayHigh,
      quote.regularMarketDayLow,
      quote.regularMarketPreviousClose,
      quote.regularMarketVolume,
      quote.marketCap,
    ]) {
      expect(value).toBeGreaterThan(0);
    }
  });

  it('lands each simulated path on its anchor price', () => {
    const index = tradingIndexOf(epochDayOf(DEMO_ANCHOR_DATE));
    for (const company of DEMO_UNIVERSE) {
      expect(new PriceSeries(company).rawClose(index)).toBeCloseTo(company.anchorPrice, 6);
    }
  });
});

describe('demo prices are deterministic', () => {
  it('gives the same answers for the same clock, from separate instances', async () => {
    const a = at(FRIDAY_11AM);
    const b = at(FRIDAY_11AM);
    expect(await a.getQuote('AAPL')).toEqual(await b.getQuote('AAPL'));
    expect(await a.getHistory('AAPL', '5d', '5m')).toEqual(await b.getHistory('AAPL', '5d', '5m'));
    expect(await a.getHistory('AAPL', '5y', '1wk')).toEqual(await b.getHistory('AAPL', '5y', '1wk'));
    expect(await a.getNews('AAPL')).toEqual(await b.getNews('AAPL'));
  });

  it('computes a day the same way whether or not later days were simulated first', async () => {
    const late = at(FRIDAY_11AM);
    await late.getHistory('MSFT', 'max', '1d');
    const early = at(Date.parse('2020-06-10T18:00:00Z'));
    const fromEarly = await early.getHistory('MSFT', '1mo', '1d');
    const fromLate = (await late.getHistory('MSFT', 'max', '1d')).filter((bar) =>
      fromEarly.slice(0, -1).some((e) => e.time === bar.time),
    );
    // Every complete day of the early view appears unchanged in the late one.
    expect(fromLate).toEqual(fromEarly.slice(0, -1));
  });

  it('gives different symbols different paths', async () => {
    const p = at(FRIDAY_11AM);
    const aapl = (await p.getHistory('AAPL', '1y', '1d')).map((b) => b.close / (b.open || 1));
    const msft = (await p.getHistory('MSFT', '1y', '1d')).map((b) => b.close / (b.open || 1));
    expect(aapl).not.toEqual(msft);
  });

  it('does not repeat news between symbols', async () => {
    const p = at(FRIDAY_11AM);
    const aapl = (await p.getNews('AAPL')).map((n) => n.uuid);
    const msft = (await p.getNews('MSFT')).map((n) => n.uuid);
    expect(aapl.filter((id) => msft.includes(id))).toEqual([]);
  });
});

describe('the live-ish current price', () => {
  it('during market hours equals the last intraday bar close and today’s bar, and is stable within a minute', async () => {
    const p = at(FRIDAY_11AM);
    const quote = await p.getQuote('AAPL');
    expect(quote.marketState).toBe('REGULAR');
    const minutes = await p.getHistory('AAPL', '1d', '1m');
    // 09:30 to 11:00 inclusive of the minute in progress: 91 bars.
    expect(minutes).toHaveLength(91);
    expect(quote.currentPrice).toBe(minutes.at(-1)?.close);
    const [today] = await p.getHistory('AAPL', '1d', '1d');
    expect(today).toMatchObject({
      open: quote.regularMarketOpen,
      high: quote.regularMarketDayHigh,
      low: quote.regularMarketDayLow,
      close: quote.currentPrice,
      volume: quote.regularMarketVolume,
    });
    expect(quote.regularMarketTime).toBe('2025-03-14T15:00:00.000Z');
    expect((await at(FRIDAY_11AM + 59_000).getQuote('AAPL')).currentPrice).toBe(quote.currentPrice);
    const later = await Promise.all(
      [1, 2, 3, 4, 5].map(async (m) => (await at(FRIDAY_11AM + m * 60_000).getQuote('AAPL')).currentPrice),
    );
    expect(new Set([quote.currentPrice, ...later]).size).toBeGreaterThan(1);
  });

  it('outside market hours is the last close', async () => {
    const friday = at(Date.parse('2025-03-14T21:00:00Z'));
    const saturday = at(SATURDAY);
    const monday = at(MONDAY_8AM);
    const fridayClose = (await friday.getHistory('AAPL', '5d', '1d')).at(-1);
    for (const [p, state] of [
      [friday, 'POST'],
      [saturday, 'CLOSED'],
      [monday, 'PRE'],
    ] as const) {
      const quote = await p.getQuote('AAPL');
      expect(quote.marketState).toBe(state);
      expect(quote.currentPrice).toBe(fridayClose?.close);
      expect(quote.regularMarketTime).toBe('2025-03-14T20:00:00.000Z');
      const day = await p.getHistory('AAPL', '1d', '1m');
      expect(day).toHaveLength(390);
      expect(day.at(-1)?.close).toBe(fridayClose?.close);
    }
  });

  it('reports the previous close and the change from it', async () => {
    const p = at(FRIDAY_11AM);
    const quote = await p.getQuote('AAPL');
    const days = await p.getHistory('AAPL', '5d', '1d');
    expect(quote.regularMarketPreviousClose).toBe(days.at(-2)?.close);
    expect(quote.regularMarketChange).toBeCloseTo(quote.currentPrice - (days.at(-2)?.close ?? 0), 4);
  });
});

describe('demo bars', () => {
  it.each(pairs)('range %s interval %s: consistent, increasing, business days only', async (range, interval) => {
    for (const now of [FRIDAY_11AM, SATURDAY, WINTER_3PM]) {
      for (const symbol of ['NVDA', 'KO', 'META', '7203.T', 'SAP.DE', 'SHEL.L']) {
        const bars = await at(now).getHistory(symbol, range as HistoryRange, interval as HistoryInterval);
        const step = INTERVAL_MINUTES[interval as HistoryInterval];
        expect(problemsOf(bars, now, calendarOf(symbol), step), symbol).toEqual([]);
      }
    }
  });

  it('has the expected number of bars per range', async () => {
    const p = at(SATURDAY);
    expect(await p.getHistory('AAPL', '1d', '1m')).toHaveLength(390);
    expect(await p.getHistory('AAPL', '1d', '5m')).toHaveLength(78);
    expect(await p.getHistory('AAPL', '1d', '1h')).toHaveLength(7);
    expect(await p.getHistory('AAPL', '5d', '1m')).toHaveLength(5 * 390);
    expect(await p.getHistory('AAPL', '5d', '1d')).toHaveLength(5);
    expect((await p.getHistory('AAPL', '1mo', '1d')).length).toBeGreaterThanOrEqual(20);
    expect((await p.getHistory('AAPL', '1y', '1d')).length).toBeGreaterThanOrEqual(250);
    expect((await p.getHistory('AAPL', '1y', '1d')).length).toBeLessThanOrEqual(262);
    expect((await p.getHistory('AAPL', '1y', '1mo')).length).toBeGreaterThanOrEqual(12);
  });

  it('goes back at least 20 years, or to the listing date', async () => {
    const p = at(SATURDAY);
    const aapl = await p.getHistory('AAPL', 'max', '1d');
    expect(aapl[0]?.time).toBeLessThan(SATURDAY - 20 * 365.25 * 86_400_000);
    expect(aapl.length).toBeLessThan(8000);
    const meta = await p.getHistory('META', 'max', '1d');
    expect(new Date(meta[0]?.time ?? 0).toISOString().slice(0, 10)).toBe('2012-05-18');
    expect(meta[0]?.open).toBeCloseTo(38.23, 0);
  });

  it('builds each day’s minute bars to match its daily bar exactly', async () => {
    const p = at(SATURDAY);
    const days = await p.getHistory('TSLA', '5d', '1d');
    const minutes = await p.getHistory('TSLA', '5d', '1m');
    const hours = await p.getHistory('TSLA', '5d', '1h');
    for (const day of days) {
      const date = newYorkClock(day.time).epochDay;
      for (const bars of [minutes, hours]) {
        const ofDay = bars.filter((b) => newYorkClock(b.time).epochDay === date);
        expect({
          open: ofDay[0]?.open,
          high: Math.max(...ofDay.map((b) => b.high)),
          low: Math.min(...ofDay.map((b) => b.low)),
          close: ofDay.at(-1)?.close,
          volume: ofDay.reduce((sum, b) => sum + b.volume, 0),
        }).toEqual({ open: day.open, high: day.high, low: day.low, close: day.close, volume: day.volume });
      }
    }
  });

  it('aggregates weeks and months from the daily bars', async () => {
    const p = at(SATURDAY);
    const days = await p.getHistory('KO', '6mo', '1d');
    for (const [interval, key] of [
      ['1wk', (b: Bar) => Math.floor(tradingIndexOf(newYorkClock(b.time).epochDay) / 5)],
      ['1mo', (b: Bar) => new Date(b.time).toISOString().slice(0, 7)],
    ] as const) {
      const groups = await p.getHistory('KO', '6mo', interval);
      expect(groups.reduce((s, b) => s + b.volume, 0)).toBe(days.reduce((s, b) => s + b.volume, 0));
      for (const group of groups) {
        const members = days.filter((d) => key(d) === key(group));
        expect(group.time).toBe(members[0]?.time);
        expect(group.open).toBe(members[0]?.open);
        expect(group.close).toBe(members.at(-1)?.close);
        expect(group.high).toBe(Math.max(...members.map((d) => d.high)));
        expect(group.low).toBe(Math.min(...members.map((d) => d.low)));
      }
    }
  });

  it('lets other requests in while it makes a year of hourly bars from minutes', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const bars = await at(SATURDAY).getHistory('AAPL', '1y', '1h');
    counting = false;
    expect(bars.length).toBeGreaterThan(250 * 6);
    // About 250 trading days, ten per turn of the event loop.
    expect(turns).toBeGreaterThanOrEqual(20);
  });

  it('refuses a forbidden range/interval pair', async () => {
    await expectHttpError(at(SATURDAY).getHistory('AAPL', '1y', '1m'), 400);
  });
});

describe('demo news', () => {
  it('has 5–10 realistic items per symbol and day, newest first, none in the future', async () => {
    for (const symbol of ['AAPL', 'JPM', 'XOM', 'V']) {
      const news = await at(FRIDAY_11AM).getNews(symbol);
      expect(news.length).toBeGreaterThanOrEqual(5);
      expect(news.length).toBeLessThanOrEqual(10);
      expect(new Set(news.map((n) => n.uuid)).size).toBe(news.length);
      expect(new Set(news.map((n) => n.title)).size).toBe(news.length);
      const times = news.map((n) => n.providerPublishTime);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const item of news) {
        expect(item.title.length).toBeGreaterThan(15);
        expect(item.link).toMatch(/^https:\/\/example\.com\/news\/2025-03-14\//);
        expect(item.publisher).toMatch(/\S/);
        expect(item.relatedTickers[0]).toBe(symbol);
        expect(item.thumbnail.resolutions[0]?.url).toMatch(/^data:image\/svg\+xml,/);
        expect(item.providerPublishTime * 1000).toBeLessThanOrEqual(FRIDAY_11AM);
      }
    }
  });

  it('reports the same day change as the quote beside it, for every symbol and at any hour', async () => {
    const moveTitle = /shares (rise|slip) (\d+\.\d{2})%|shares hold steady/;
    let checked = 0;
    for (const now of [FRIDAY_11AM, SATURDAY, MONDAY_8AM, WINTER_3PM]) {
      const p = at(now);
      for (const symbol of p.symbols()) {
        const quote = await p.getQuote(symbol);
        const news = await p.getNews(symbol);
        const move = news.map((n) => n.title.match(moveTitle)).find(Boolean);
        expect(move, `${symbol}: no move headline`).toBeTruthy();
        const percent = quote.regularMarketChangePercent ?? 0;
        // The page shows the quote's percentage to two decimals; the headline says the same.
        const shown = Math.abs(percent).toFixed(2);
        if (shown === '0.00') expect(move?.[0]).toBe('shares hold steady');
        else {
          expect(move?.[1], `${symbol} at ${new Date(now).toISOString()}`).toBe(percent > 0 ? 'rise' : 'slip');
          expect(move?.[2], `${symbol} at ${new Date(now).toISOString()}`).toBe(shown);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('changes from one day to the next', async () => {
    const today = await at(FRIDAY_11AM).getNews('AAPL');
    const nextDay = await at(FRIDAY_11AM + 86_400_000).getNews('AAPL');
    expect(nextDay.map((n) => n.uuid)).not.toEqual(today.map((n) => n.uuid));
  });
});

describe('demo key statistics agree with the charts and with each other', () => {
  const clocks = [FRIDAY_11AM, SATURDAY, MONDAY_8AM, WINTER_3PM];

  it('52-week range: the 1y chart’s lowest low and highest high, containing the day range and every close', async () => {
    for (const now of clocks) {
      const p = at(now);
      for (const symbol of [...p.symbols(), ...DEMO_FX_PAIRS.map((pair) => pair.symbol)]) {
        const quote = await p.getQuote(symbol);
        const year = await p.getHistory(symbol, '1y', '1d');
        const where = `${symbol} at ${new Date(now).toISOString()}`;
        expect(quote.fiftyTwoWeekLow, where).toBe(Math.min(...year.map((bar) => bar.low)));
        expect(quote.fiftyTwoWeekHigh, where).toBe(Math.max(...year.map((bar) => bar.high)));
        const low = quote.fiftyTwoWeekLow ?? Number.NaN;
        const high = quote.fiftyTwoWeekHigh ?? Number.NaN;
        expect(low, where).toBeLessThanOrEqual(quote.regularMarketDayLow ?? Number.NaN);
        expect(high, where).toBeGreaterThanOrEqual(quote.regularMarketDayHigh ?? Number.NaN);
        for (const bar of year) {
          expect(bar.close, where).toBeGreaterThanOrEqual(low);
          expect(bar.close, where).toBeLessThanOrEqual(high);
        }
      }
    }
  });

  it('average volume: the mean of the last three months of finished days', async () => {
    for (const now of clocks) {
      const p = at(now);
      for (const symbol of ['AAPL', 'JPM', '7203.T', 'SHEL.L']) {
        const quote = await p.getQuote(symbol);
        // The last bar is the quote's own session (still trading, or the one the quote reports).
        const finished = (await p.getHistory(symbol, '6mo', '1d')).slice(0, -1).slice(-63);
        const mean = finished.reduce((sum, bar) => sum + bar.volume, 0) / finished.length;
        expect(finished).toHaveLength(63);
        expect(quote.averageVolume, symbol).toBe(Math.round(mean));
      }
    }
  });

  it('P/E is the price over a plausible EPS, and no P/E for a loss', async () => {
    for (const now of clocks) {
      const p = at(now);
      for (const company of DEMO_UNIVERSE) {
        const quote = await p.getQuote(company.symbol);
        const eps = quote.trailingEps ?? Number.NaN;
        // Near the company's own figure in early 2025 (the universe's, as of the anchor date).
        expect(Math.sign(eps), company.symbol).toBe(Math.sign(company.trailingEps));
        if (now === WINTER_3PM) expect(Math.abs(eps / company.trailingEps - 1), company.symbol).toBeLessThan(0.1);
        if (eps > 0) {
          expect(quote.trailingPE, company.symbol).toBeCloseTo(quote.currentPrice / eps, 3);
          expect(quote.trailingPE, company.symbol).toBeGreaterThan(5);
          expect(quote.trailingPE, company.symbol).toBeLessThan(300);
        } else {
          expect(quote.trailingPE, company.symbol).toBeNull();
        }
      }
    }
  });

  it('keeps a P/E near the company’s own on a clock years before the anchor date', async () => {
    const p = at(Date.parse('2012-06-15T15:00:00Z'));
    for (const company of DEMO_UNIVERSE.filter((c) => c.trailingEps > 0 && c.listed < '2012-01-01')) {
      const quote = await p.getQuote(company.symbol);
      const anchorPE = company.anchorPrice / company.trailingEps;
      const pe = quote.trailingPE ?? Number.NaN;
      expect(pe / anchorPE, company.symbol).toBeGreaterThan(0.5);
      expect(pe / anchorPE, company.symbol).toBeLessThan(2);
    }
  });

  it('earnings are restated each quarter, not every day', async () => {
    // 2025-03-14 and 2025-02-03 share Q1 2025; 2025-04-15 starts Q2.
    const march = await at(FRIDAY_11AM).getQuote('AAPL');
    const february = await at(Date.parse('2025-02-03T16:00:00Z')).getQuote('AAPL');
    const april = await at(Date.parse('2025-04-15T16:00:00Z')).getQuote('AAPL');
    expect(february.trailingEps).toBe(march.trailingEps);
    expect(february.dividendRate).toBe(march.dividendRate);
    expect(april.trailingEps).not.toBe(march.trailingEps);
  });

  it('dividend yield is the annual dividend over the price; none for a company that pays none', async () => {
    const p = at(FRIDAY_11AM);
    for (const company of DEMO_UNIVERSE) {
      const quote = await p.getQuote(company.symbol);
      const policy = DEMO_DIVIDENDS[company.symbol];
      // Intel's dividend was suspended in 2024: it pays none in 2025.
      if (!policy || (policy.until !== undefined && policy.until < '2025-03-14')) {
        expect(quote.dividendRate, company.symbol).toBeNull();
        expect(quote.dividendYield, company.symbol).toBeNull();
        continue;
      }
      const rate = quote.dividendRate ?? Number.NaN;
      expect(rate, company.symbol).toBeGreaterThan(0);
      expect(quote.dividendYield, company.symbol).toBeCloseTo((rate / quote.currentPrice) * 100, 3);
      expect(quote.dividendYield, company.symbol).toBeLessThan(10);
    }
  });

  it('quotes as the dividend a year what the schedule pays that year (the chart marks and wallets agree)', async () => {
    // 2025 has no demo split, so each payment of the year is on today's share count.
    const p = at(Date.parse('2025-12-30T16:00:00Z'));
    let payers = 0;
    for (const company of DEMO_UNIVERSE) {
      const policy = DEMO_DIVIDENDS[company.symbol];
      if (!policy || (policy.until !== undefined && policy.until < '2025-01-01')) continue;
      payers++;
      const quote = await p.getQuote(company.symbol);
      const { dividends } = await p.corporateActions(company.symbol, '2025-01-01', '2025-12-31');
      expect(dividends, company.symbol).toHaveLength(policy.perYear);
      const paid = dividends.reduce((sum, d) => sum + d.amount, 0);
      expect(quote.dividendRate, company.symbol).toBeCloseTo(paid, 6);
    }
    expect(payers).toBeGreaterThan(30);
  });

  it('gives currency pairs a year’s range but no volume, earnings or dividends', async () => {
    const quote = await at(FRIDAY_11AM).getQuote('EURUSD=X');
    expect(quote).toMatchObject({
      regularMarketVolume: 0,
      averageVolume: 0,
      trailingEps: null,
      trailingPE: null,
      dividendRate: null,
      dividendYield: null,
    });
    expect(quote.fiftyTwoWeekLow).toBeLessThanOrEqual(quote.currentPrice);
    expect(quote.fiftyTwoWeekHigh).toBeGreaterThanOrEqual(quote.currentPrice);
  });

  it('writes dividend news only about companies that pay one', async () => {
    const nonPayers = DEMO_UNIVERSE.filter((c) => !DEMO_DIVIDENDS[c.symbol] || DEMO_DIVIDENDS[c.symbol]?.until).map(
      (c) => c.symbol,
    );
    expect(nonPayers.length).toBeGreaterThan(3);
    for (let day = 0; day < 20; day++) {
      const p = at(FRIDAY_11AM + day * 86_400_000);
      for (const symbol of nonPayers) {
        for (const item of await p.getNews(symbol)) expect(item.title, symbol).not.toMatch(/dividend watch|payout/i);
      }
    }
  });
});

describe('unknown symbols', () => {
  it('are not found, never invented', async () => {
    const p = at(FRIDAY_11AM);
    await expectHttpError(p.getQuote('ZZZZ'), 404);
    await expectHttpError(p.getProfile('ZZZZ'), 404);
    await expectHttpError(p.getHistory('ZZZZ', '1y', '1d'), 404);
    await expectHttpError(p.getNews('ZZZZ'), 404);
    const quotes = await p.getQuotes(['AAPL', 'ZZZZ', 'MSFT']);
    expect([...quotes.keys()]).toEqual(['AAPL', 'MSFT']);
  });

  it('include companies not listed yet at the clock', async () => {
    const p = at(Date.parse('2010-06-01T15:00:00Z'));
    await expectHttpError(p.getQuote('META'), 404);
    await expectHttpError(p.getProfile('META'), 404);
    await expectHttpError(p.getHistory('META', 'max', '1d'), 404);
    expect([...(await p.getQuotes(['META', 'AAPL'])).keys()]).toEqual(['AAPL']);
  });
});

describe('search', () => {
  it('ranks exact symbols first, then symbol prefixes, then names', async () => {
    const p = at(FRIDAY_11AM);
    expect((await p.search('v')).map((r) => r.symbol)[0]).toBe('V');
    expect((await p.search('coca')).map((r) => r.symbol)).toEqual(['KO']);
    expect((await p.search('micro')).map((r) => r.symbol)).toEqual(expect.arrayContaining(['MSFT', 'AMD']));
    expect(await p.search('qqqqqq')).toEqual([]);
  });
});

describe('market calendar', () => {
  const offsetAt = (cal: ExchangeCalendar, iso: string) => {
    const ms = Date.parse(iso);
    const { epochDay, minuteOfDay } = localClock(cal, ms);
    return (epochDay * 86_400_000 + minuteOfDay * 60_000 - Math.floor(ms / 60_000) * 60_000) / 60_000;
  };

  it('follows each exchange’s daylight-saving rules', () => {
    expect(offsetAt(NEW_YORK, '2025-03-09T06:59:00Z')).toBe(-300);
    expect(offsetAt(NEW_YORK, '2025-03-09T07:00:00Z')).toBe(-240);
    expect(offsetAt(NEW_YORK, '2025-11-02T05:59:00Z')).toBe(-240);
    expect(offsetAt(NEW_YORK, '2025-11-02T06:00:00Z')).toBe(-300);
    // Before 2007: first Sunday of April to last Sunday of October.
    expect(offsetAt(NEW_YORK, '2005-03-20T12:00:00Z')).toBe(-300);
    expect(offsetAt(NEW_YORK, '2005-04-04T12:00:00Z')).toBe(-240);
    expect(offsetAt(NEW_YORK, '2005-10-31T12:00:00Z')).toBe(-300);
    // Europe switches on the last Sundays of March and October at 01:00 UTC; Tokyo never does.
    expect(offsetAt(LONDON, '2025-03-30T00:59:00Z')).toBe(0);
    expect(offsetAt(LONDON, '2025-03-30T01:00:00Z')).toBe(60);
    expect(offsetAt(XETRA, '2025-10-26T00:59:00Z')).toBe(120);
    expect(offsetAt(XETRA, '2025-10-26T01:00:00Z')).toBe(60);
    expect(offsetAt(TOKYO, '2025-07-01T00:00:00Z')).toBe(540);
  });

  it('turns a local time on an exchange’s date into the instant', () => {
    const day = epochDayOf('2025-03-14');
    expect(new Date(localTimeToUtc(NEW_YORK, day, 9 * 60 + 30)).toISOString()).toBe('2025-03-14T13:30:00.000Z');
    // 09:00 in Tokyo is midnight UTC of the same date: a Tokyo day bar belongs to its own date.
    expect(new Date(localTimeToUtc(TOKYO, day, 9 * 60)).toISOString()).toBe('2025-03-14T00:00:00.000Z');
    expect(new Date(localTimeToUtc(XETRA, day, 9 * 60)).toISOString()).toBe('2025-03-14T08:00:00.000Z');
    expect(new Date(localTimeToUtc(LONDON, epochDayOf('2025-06-13'), 8 * 60)).toISOString()).toBe(
      '2025-06-13T07:00:00.000Z',
    );
  });

  it('finds the current session', () => {
    expect(sessionAt(NEW_YORK, FRIDAY_11AM)).toMatchObject({ minutes: 91, state: 'REGULAR' });
    expect(sessionAt(NEW_YORK, Date.parse('2025-03-14T13:30:00Z'))).toMatchObject({ minutes: 1, state: 'REGULAR' });
    expect(sessionAt(NEW_YORK, Date.parse('2025-03-14T19:59:59Z'))).toMatchObject({ minutes: 390, state: 'REGULAR' });
    expect(sessionAt(NEW_YORK, SATURDAY)).toMatchObject({
      epochDay: epochDayOf('2025-03-14'),
      minutes: 390,
      state: 'CLOSED',
    });
    expect(sessionAt(NEW_YORK, MONDAY_8AM)).toMatchObject({ epochDay: epochDayOf('2025-03-14'), state: 'PRE' });
  });

  it('knows Tokyo’s lunch break and that other exchanges have no extended hours', () => {
    // 11:45 JST: the morning's 150 minutes are all there is until 12:30.
    expect(sessionAt(TOKYO, Date.parse('2025-03-14T02:45:00Z'))).toMatchObject({ minutes: 150, state: 'REGULAR' });
    expect(sessionAt(TOKYO, Date.parse('2025-03-14T03:30:00Z'))).toMatchObject({ minutes: 151, state: 'REGULAR' });
    // 15:30 JST on: closed with all 330 minutes; 08:00 JST Monday: Friday's session, closed (no pre-market).
    expect(sessionAt(TOKYO, Date.parse('2025-03-14T06:30:00Z'))).toMatchObject({ minutes: 330, state: 'CLOSED' });
    expect(sessionAt(TOKYO, Date.parse('2025-03-16T23:00:00Z'))).toMatchObject({
      epochDay: epochDayOf('2025-03-14'),
      state: 'CLOSED',
    });
    expect(sessionAt(LONDON, FRIDAY_11AM)).toMatchObject({ minutes: 7 * 60 + 1, state: 'REGULAR' });
    // Currencies trade all day on weekdays.
    expect(sessionAt(FX, Date.parse('2025-03-13T23:30:00Z'))).toMatchObject({ minutes: 1411, state: 'REGULAR' });
    expect(sessionAt(FX, SATURDAY)).toMatchObject({ minutes: 1440, state: 'CLOSED' });
  });
});

describe('demo listings outside the US', () => {
  it('quotes Toyota in yen on Tokyo time, SAP in euros and Shell in pence', async () => {
    const p = at(FRIDAY_11AM);
    const quotes = await p.getQuotes(['7203.T', 'SAP.DE', 'SHEL.L']);
    expect(quotes.get('7203.T')).toMatchObject({
      currency: 'JPY',
      exchange: 'JPX',
      exchangeTimezoneName: 'Asia/Tokyo',
    });
    expect(quotes.get('SAP.DE')).toMatchObject({
      currency: 'EUR',
      exchange: 'GER',
      exchangeTimezoneName: 'Europe/Berlin',
    });
    expect(quotes.get('SHEL.L')).toMatchObject({
      currency: 'GBp',
      exchange: 'LSE',
      exchangeTimezoneName: 'Europe/London',
    });
    // 11:00 New York is 00:00 Saturday in Tokyo: Friday's session closed, its last trade at 15:30 JST.
    expect(quotes.get('7203.T')).toMatchObject({
      marketState: 'CLOSED',
      regularMarketTime: '2025-03-14T06:30:00.000Z',
    });
    // London is open until 16:30 GMT = 16:30 UTC in March.
    expect(quotes.get('SHEL.L')?.marketState).toBe('REGULAR');
    // Prices are of the right size for their units (yen in thousands, pence in thousands).
    expect(quotes.get('7203.T')?.currentPrice).toBeGreaterThan(1000);
    expect(quotes.get('SHEL.L')?.currentPrice).toBeGreaterThan(1000);
    expect(quotes.get('SAP.DE')?.currentPrice).toBeLessThan(1000);
    const profile = await p.getProfile('7203.T');
    expect(profile).toMatchObject({
      country: 'Japan',
      city: 'Toyota',
      state: null,
      longName: 'Toyota Motor Corporation',
    });
  });

  it('draws Tokyo bars in Tokyo hours, around the lunch break', async () => {
    const p = at(SATURDAY);
    const hours = await p.getHistory('7203.T', '1d', '1h');
    const tokyo = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString().slice(11, 16);
    expect(hours.map((b) => tokyo(b.time))).toEqual(['09:00', '10:00', '11:00', '12:30', '13:30', '14:30']);
    expect(await p.getHistory('7203.T', '1d', '1m')).toHaveLength(330);
    expect(await p.getHistory('SHEL.L', '1d', '5m')).toHaveLength(102);
    // A Tokyo day bar is stamped at 09:00 JST = 00:00 UTC of the same date, never the evening before.
    const days = await p.getHistory('7203.T', '5d', '1d');
    expect(days.map((b) => new Date(b.time).toISOString())).toEqual([
      '2025-03-10T00:00:00.000Z',
      '2025-03-11T00:00:00.000Z',
      '2025-03-12T00:00:00.000Z',
      '2025-03-13T00:00:00.000Z',
      '2025-03-14T00:00:00.000Z',
    ]);
  });

  it('quotes the dollar rates of their currencies, to six decimals for the yen', async () => {
    const p = at(FRIDAY_11AM);
    const pairs = await p.getQuotes(DEMO_FX_PAIRS.map((pair) => pair.symbol));
    expect([...pairs.keys()]).toEqual(['JPYUSD=X', 'EURUSD=X', 'GBPUSD=X']);
    const yen = pairs.get('JPYUSD=X');
    expect(yen).toMatchObject({ currency: 'USD', exchange: 'CCY', marketState: 'REGULAR', marketCap: null });
    expect(yen?.currentPrice).toBeGreaterThan(0.003);
    expect(yen?.currentPrice).toBeLessThan(0.02);
    expect(Math.round((yen?.currentPrice ?? 0) * 1e6)).toBeCloseTo((yen?.currentPrice ?? 0) * 1e6, 6);
    expect(pairs.get('GBPUSD=X')?.currentPrice).toBeGreaterThan(0.9);
    expect(pairs.get('GBPUSD=X')?.currentPrice).toBeLessThan(2.5);
    // The same clock gives the same rate; a pair is not a company, so it has no news.
    expect((await at(FRIDAY_11AM).getQuote('JPYUSD=X')).currentPrice).toBe(yen?.currentPrice);
    expect(await p.getNews('EURUSD=X')).toEqual([]);
    expect((await p.search('EUR'))[0]).toMatchObject({ symbol: 'EURUSD=X', type: 'CURRENCY' });
  });

  it('lands each currency pair on its anchor rate', () => {
    const index = tradingIndexOf(epochDayOf(DEMO_ANCHOR_DATE));
    for (const pair of DEMO_FX_PAIRS) {
      expect(new PriceSeries(pair).rawClose(index)).toBeCloseTo(pair.anchorPrice, 8);
    }
  });
});

describe('demo quotes asked again within a minute', () => {
  it('are built once per minute of the session, each caller getting its own copy', async () => {
    let now = Date.UTC(2025, 2, 12, 15, 0, 30); // a Wednesday, New York's session under way
    const provider = new DemoMarketDataProvider({ now: () => now });
    const first = await provider.getQuote('AAPL');
    const again = await provider.getQuote('AAPL');
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    // A caller changing its copy changes no one else's.
    (again as { currentPrice: number }).currentPrice = -1;
    expect((await provider.getQuote('AAPL')).currentPrice).toBe(first.currentPrice);
    // The next minute is a new quote, as a fresh provider at that time gives it.
    now += 60_000;
    const next = await provider.getQuote('AAPL');
    expect(next).toEqual(await at(now).getQuote('AAPL'));
    expect(next.regularMarketTime).not.toBe(first.regularMarketTime);
  });
});
