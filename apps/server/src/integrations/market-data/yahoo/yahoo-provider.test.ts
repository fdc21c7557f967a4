import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../../core/http-errors.js';
import { YahooClient, type YahooClientOptions } from './yahoo-client.js';
import { YahooMarketDataProvider } from './yahoo-provider.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), 'utf8');

type Reply = { status?: number; body?: string; headers?: Record<string, string>; delayMs?: number; destroy?: boolean };
type Handler = (req: http.IncomingMessage, url: URL) => Reply;

/**
 * A stand-in for Yahoo on 127.0.0.1: each path answers from a queue of replies (the last one
 * repeats) and every request is recorded.
 */
class FakeYahoo {
  private server = http.createServer((req, res) => this.handle(req, res));
  private routes = new Map<string, Handler[]>();
  /** Delayed answers still to come: cleared on reset and stop, so a long delay keeps nothing open. */
  private timers = new Set<NodeJS.Timeout>();
  requests: { path: string; url: URL; headers: http.IncomingHttpHeaders }[] = [];
  port = 0;

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  }

  on(pathname: string, ...handlers: (Handler | Reply)[]) {
    this.routes.set(
      pathname,
      handlers.map((h) => (typeof h === 'function' ? h : () => h)),
    );
  }

  reset() {
    this.clearTimers();
    this.routes.clear();
    this.requests = [];
  }

  hits(pathname: string) {
    return this.requests.filter((r) => r.path === pathname);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.baseUrl);
    this.requests.push({ path: url.pathname, url, headers: req.headers });
    const queue = this.routes.get(url.pathname);
    const handler = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    const reply: Reply = handler ? handler(req, url) : { status: 404, body: '{"finance":{"error":"no route"}}' };
    const send = () => {
      if (reply.destroy) {
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body ?? '');
    };
    if (reply.delayMs) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (!res.destroyed) send();
      }, reply.delayMs);
      this.timers.add(timer);
    } else {
      send();
    }
  }

  private clearTimers() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  async stop() {
    this.clearTimers();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const yahoo = new FakeYahoo();
let clock = Date.parse('2025-01-15T16:00:00Z');
const sleeps: number[] = [];

function provider(options: Partial<YahooClientOptions> = {}) {
  const client = new YahooClient({
    baseUrl: yahoo.baseUrl,
    cookieUrl: `${yahoo.baseUrl}/cookie`,
    crumb: 'off',
    // Far beyond any answer of the local fake, however loaded the machine: only the time-out
    // case is impatient, against an answer that never comes in time.
    timeoutMs: 30_000,
    maxRetries: 2,
    retryBaseMs: 1,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now: () => clock,
    ...options,
  });
  return new YahooMarketDataProvider({ client, quoteTtlMs: 15_000, profileTtlMs: 86_400_000, now: () => clock });
}

async function httpError(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}

beforeAll(() => yahoo.start());
afterAll(() => yahoo.stop());
afterEach(() => {
  yahoo.reset();
  sleeps.length = 0;
});

describe('Yahoo live adapter against recorded responses', () => {
  it('gets many quotes in one batched call and caches them for the quote TTL', async () => {
    yahoo.on('/v7/finance/quote', { body: fixture('quote-aapl-msft.json') });
    const p = provider();
    const quotes = await p.getQuotes(['AAPL', 'MSFT', 'AAPL']);
    expect(yahoo.hits('/v7/finance/quote')).toHaveLength(1);
    expect(yahoo.hits('/v7/finance/quote')[0]?.url.searchParams.get('symbols')).toBe('AAPL,MSFT');
    expect(quotes.get('AAPL')).toEqual({
      symbol: 'AAPL',
      shortName: 'Apple Inc.',
      currentPrice: 228.26,
      regularMarketOpen: 229.5,
      regularMarketDayHigh: 230.1,
      regularMarketDayLow: 227.8,
      regularMarketPreviousClose: 229.69,
      regularMarketVolume: 38912345,
      regularMarketChange: -1.43,
      regularMarketChangePercent: -0.62258,
      regularMarketTime: '2025-01-15T16:00:00.000Z',
      marketState: 'REGULAR',
      exchange: 'NMS',
      currency: 'USD',
      exchangeTimezoneName: 'America/New_York',
      marketCap: 3431234567890,
      fiftyTwoWeekLow: 164.08,
      fiftyTwoWeekHigh: 260.1,
      averageVolume: 44987654,
      trailingEps: 6.08,
      trailingPE: 37.542763,
      dividendRate: 1,
      // The quote endpoint's yield is in percent already, not its trailing fraction (0.0042…).
      dividendYield: 0.44,
    });
    expect(quotes.get('MSFT')?.currentPrice).toBe(426.31);
    // An answer without the statistics leaves them null, never 0 or NaN.
    expect(quotes.get('MSFT')).toMatchObject({
      fiftyTwoWeekLow: null,
      fiftyTwoWeekHigh: null,
      averageVolume: null,
      trailingEps: null,
      trailingPE: null,
      dividendRate: null,
      dividendYield: null,
    });

    await p.getQuote('MSFT');
    expect(yahoo.hits('/v7/finance/quote')).toHaveLength(1);
    clock += 16_000;
    await p.getQuote('MSFT');
    expect(yahoo.hits('/v7/finance/quote')).toHaveLength(2);
  });

  it('maps quoteSummary { raw, fmt } numbers into a profile and primes the quote cache', async () => {
    yahoo.on('/v10/finance/quoteSummary/AAPL', { body: fixture('quotesummary-aapl.json') });
    const p = provider();
    const profile = await p.getProfile('AAPL');
    expect(profile).toEqual({
      symbol: 'AAPL',
      shortName: 'Apple Inc.',
      longName: 'Apple Inc.',
      exchange: 'NMS',
      website: 'https://www.apple.com',
      irWebsite: 'http://investor.apple.com/',
      industry: 'Consumer Electronics',
      sector: 'Technology',
      address1: 'One Apple Park Way',
      address2: null,
      city: 'Cupertino',
      state: 'CA',
      zip: '95014',
      country: 'United States',
      fullTimeEmployees: 164000,
      longBusinessSummary: expect.stringContaining('Apple Inc. designs'),
      companyOfficers: [
        { name: 'Mr. Timothy D. Cook', title: 'CEO & Director' },
        { name: 'Mr. Kevan  Parekh', title: 'Senior VP & CFO' },
      ],
    });
    expect(yahoo.hits('/v10/finance/quoteSummary/AAPL')[0]?.url.searchParams.get('modules')).toBe(
      'assetProfile,summaryProfile,price,summaryDetail,defaultKeyStatistics',
    );
    // The price module already gave a quote: no v7 call, and the fraction became a percent.
    const quote = await p.getQuote('AAPL');
    expect(yahoo.hits('/v7/finance/quote')).toHaveLength(0);
    expect(quote).toMatchObject({ currentPrice: 228.26, regularMarketVolume: 38912345, marketCap: 3431234567890 });
    expect(quote.regularMarketChangePercent).toBeCloseTo(-0.62258, 6);
    // The statistics as the quote endpoint gives them: summaryDetail's yield fraction in percent,
    // the earnings from defaultKeyStatistics.
    expect(quote).toMatchObject({
      fiftyTwoWeekLow: 164.08,
      fiftyTwoWeekHigh: 260.1,
      averageVolume: 44987654,
      trailingEps: 6.08,
      trailingPE: 37.542763,
      dividendRate: 1,
    });
    expect(quote.dividendYield).toBeCloseTo(0.44, 10);
    // Profiles are cached for a day.
    await p.getProfile('AAPL');
    expect(yahoo.hits('/v10/finance/quoteSummary/AAPL')).toHaveLength(1);
  });

  it('maps chart history, skipping the null bars Yahoo leaves', async () => {
    yahoo.on('/v8/finance/chart/AAPL', { body: fixture('chart-aapl-5d-1d.json') });
    const bars = await provider().getHistory('AAPL', '5d', '1d');
    const request = yahoo.hits('/v8/finance/chart/AAPL')[0]?.url.searchParams;
    expect(request?.get('range')).toBe('5d');
    expect(request?.get('interval')).toBe('1d');
    expect(bars).toHaveLength(4);
    expect(bars[0]).toEqual({
      time: 1736519400000,
      open: 240.01,
      high: 240.16,
      low: 233,
      close: 236.85,
      volume: 61710900,
    });
    expect(bars.map((b) => b.time)).toEqual([...bars.map((b) => b.time)].sort((a, b) => a - b));
  });

  it('maps news from search, keeping items without a thumbnail and dropping broken ones', async () => {
    yahoo.on('/v1/finance/search', { body: fixture('search-aapl-news.json') });
    const news = await provider().getNews('AAPL');
    expect(news).toHaveLength(2);
    expect(news[0]).toEqual({
      uuid: '5b1f0c2e-7a4d-3c11-9e8a-2f6d9b0c1a11',
      title: 'Apple supplier shares climb as iPhone demand steadies',
      link: 'https://finance.example.com/news/apple-supplier-shares-climb.html',
      publisher: 'Example Wire',
      providerPublishTime: 1736950000,
      relatedTickers: ['AAPL', 'TSM'],
      thumbnail: {
        resolutions: [
          { url: 'https://images.example.com/original.jpg', width: 1200, height: 800, tag: 'original' },
          { url: 'https://images.example.com/140x140.jpg', width: 140, height: 140, tag: '140x140' },
        ],
      },
    });
    expect(news[1]).toMatchObject({ relatedTickers: [], thumbnail: { resolutions: [] } });
  });

  it('searches symbols, skipping non-finance results', async () => {
    yahoo.on('/v1/finance/search', { body: fixture('search-quotes.json') });
    const results = await provider().search('apple');
    expect(results).toEqual([
      { symbol: 'AAPL', shortName: 'Apple Inc.', exchange: 'NMS', type: 'EQUITY' },
      { symbol: 'APLE', shortName: 'Apple Hospitality REIT, Inc.', exchange: 'NYQ', type: 'EQUITY' },
    ]);
  });

  describe('unknown symbols are 404, never invented', () => {
    it('quoteSummary "Not Found" (HTTP 404), then remembered for a while', async () => {
      yahoo.on('/v10/finance/quoteSummary/ZZZZ', { status: 404, body: fixture('quotesummary-notfound.json') });
      const p = provider();
      const error = await httpError(p.getProfile('ZZZZ'));
      expect(error.statusCode).toBe(404);
      expect(error.message).toContain('ZZZZ');
      expect((await httpError(p.getProfile('ZZZZ'))).statusCode).toBe(404);
      expect(yahoo.hits('/v10/finance/quoteSummary/ZZZZ')).toHaveLength(1);
    });

    it('chart "Not Found"', async () => {
      yahoo.on('/v8/finance/chart/ZZZZ', { status: 404, body: fixture('chart-notfound.json') });
      expect((await httpError(provider().getHistory('ZZZZ', '1y', '1d'))).statusCode).toBe(404);
    });

    it('an empty v7 result: absent from getQuotes, 404 from getQuote', async () => {
      yahoo.on('/v7/finance/quote', { body: fixture('quote-empty.json') });
      const p = provider();
      expect((await p.getQuotes(['ZZZZ'])).size).toBe(0);
      expect((await httpError(p.getQuote('ZZZZ'))).statusCode).toBe(404);
    });
  });

  describe('failures become 502/503 with a readable message, never a crash', () => {
    it('a time-out is a 503 and is not retried', async () => {
      yahoo.on('/v7/finance/quote', { delayMs: 600_000, body: fixture('quote-aapl-msft.json') });
      const error = await httpError(provider({ timeoutMs: 100 }).getQuote('AAPL'));
      expect(error.statusCode).toBe(503);
      expect(error.message).toMatch(/did not answer within 0\.1 s/);
      expect(yahoo.hits('/v7/finance/quote')).toHaveLength(1);
    });

    it('429 then success: backs off (honouring Retry-After) and succeeds', async () => {
      yahoo.on(
        '/v7/finance/quote',
        { status: 429, body: 'Too Many Requests', headers: { 'retry-after': '2' } },
        { status: 429, body: 'Too Many Requests' },
        { body: fixture('quote-aapl-msft.json') },
      );
      const quote = await provider({ retryBaseMs: 100 }).getQuote('AAPL');
      expect(quote.currentPrice).toBe(228.26);
      expect(yahoo.hits('/v7/finance/quote')).toHaveLength(3);
      expect(sleeps[0]).toBe(2000);
      expect(sleeps[1]).toBeGreaterThanOrEqual(200);
      expect(sleeps[1]).toBeLessThanOrEqual(250);
    });

    it('persistent 429 is a 503 after the retries', async () => {
      yahoo.on('/v7/finance/quote', { status: 429, body: 'Too Many Requests' });
      const error = await httpError(provider({ maxRetries: 1 }).getQuote('AAPL'));
      expect(error.statusCode).toBe(503);
      expect(error.message).toMatch(/limiting requests/);
      expect(yahoo.hits('/v7/finance/quote')).toHaveLength(2);
    });

    it('persistent 500 is a 502 after the retries', async () => {
      yahoo.on('/v8/finance/chart/AAPL', { status: 500, body: '<html>oops</html>' });
      const error = await httpError(provider().getHistory('AAPL', '1y', '1d'));
      expect(error.statusCode).toBe(502);
      expect(error.message).toMatch(/HTTP 500/);
      expect(yahoo.hits('/v8/finance/chart/AAPL')).toHaveLength(3);
    });

    it('a 500 then success recovers', async () => {
      yahoo.on('/v8/finance/chart/AAPL', { status: 503, body: '' }, { body: fixture('chart-aapl-5d-1d.json') });
      expect(await provider().getHistory('AAPL', '5d', '1d')).toHaveLength(4);
    });

    it('malformed JSON is a 502', async () => {
      yahoo.on('/v10/finance/quoteSummary/AAPL', { body: '{"quoteSummary": {"result": [' });
      const error = await httpError(provider().getProfile('AAPL'));
      expect(error.statusCode).toBe(502);
      expect(error.message).toMatch(/could not read \(HTTP 200\)/);
    });

    it('JSON of the wrong shape is a 502', async () => {
      yahoo.on('/v7/finance/quote', { body: '{"something": "else"}' });
      yahoo.on('/v8/finance/chart/AAPL', { body: '{"chart": {"result": [{"timestamp": "nope"}], "error": null}}' });
      expect((await httpError(provider().getQuote('AAPL'))).statusCode).toBe(502);
      expect((await httpError(provider().getHistory('AAPL', '1y', '1d'))).statusCode).toBe(502);
    });

    it('a dropped connection is retried, then a 503', async () => {
      yahoo.on('/v1/finance/search', { destroy: true });
      const error = await httpError(provider().getNews('AAPL'));
      expect(error.statusCode).toBe(503);
      expect(error.message).toMatch(/cannot be reached/);
      expect(yahoo.hits('/v1/finance/search')).toHaveLength(3);
    });

    it('an unreachable host is a 503', async () => {
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      const p = provider({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 });
      expect((await httpError(p.getQuote('AAPL'))).statusCode).toBe(503);
    });
  });

  describe('cookie and crumb handshake', () => {
    const crumbRoutes = () => {
      yahoo.on('/cookie', { status: 404, body: '', headers: { 'set-cookie': 'A3=session-cookie; Path=/; HttpOnly' } });
      yahoo.on('/v1/test/getcrumb', (req) =>
        req.headers.cookie === 'A3=session-cookie'
          ? { body: 'crumb-1', headers: { 'content-type': 'text/plain' } }
          : { status: 401, body: '' },
      );
    };

    it('fetches a cookie and crumb once and sends them with the endpoints that need them', async () => {
      crumbRoutes();
      yahoo.on('/v7/finance/quote', { body: fixture('quote-aapl-msft.json') });
      yahoo.on('/v8/finance/chart/AAPL', { body: fixture('chart-aapl-5d-1d.json') });
      const p = provider({ crumb: 'auto' });
      await p.getQuotes(['AAPL']);
      await p.getQuotes(['MSFT', 'IBM']);
      await p.getHistory('AAPL', '5d', '1d');
      expect(yahoo.hits('/cookie')).toHaveLength(1);
      expect(yahoo.hits('/v1/test/getcrumb')).toHaveLength(1);
      for (const hit of yahoo.hits('/v7/finance/quote')) {
        expect(hit.url.searchParams.get('crumb')).toBe('crumb-1');
        expect(hit.headers.cookie).toBe('A3=session-cookie');
      }
      expect(yahoo.hits('/v8/finance/chart/AAPL')[0]?.url.searchParams.has('crumb')).toBe(false);
    });

    it('refreshes a rejected crumb once', async () => {
      crumbRoutes();
      yahoo.on(
        '/v7/finance/quote',
        {
          status: 401,
          body: '{"finance":{"result":null,"error":{"code":"Unauthorized","description":"Invalid Crumb"}}}',
        },
        { body: fixture('quote-aapl-msft.json') },
      );
      const quote = await provider({ crumb: 'auto' }).getQuote('AAPL');
      expect(quote.symbol).toBe('AAPL');
      expect(yahoo.hits('/v1/test/getcrumb')).toHaveLength(2);
    });

    it('goes on without a crumb when the handshake fails', async () => {
      yahoo.on('/cookie', { status: 500, body: '' });
      yahoo.on('/v1/test/getcrumb', { status: 500, body: '<html></html>' });
      yahoo.on('/v7/finance/quote', { body: fixture('quote-aapl-msft.json') });
      const quote = await provider({ crumb: 'auto' }).getQuote('AAPL');
      expect(quote.currentPrice).toBe(228.26);
      expect(yahoo.hits('/v7/finance/quote')[0]?.url.searchParams.has('crumb')).toBe(false);
    });

    it('never handshakes when the crumb is off', async () => {
      yahoo.on('/v7/finance/quote', { body: fixture('quote-aapl-msft.json') });
      await provider({ crumb: 'off' }).getQuote('AAPL');
      expect(yahoo.hits('/cookie')).toHaveLength(0);
      expect(yahoo.hits('/v7/finance/quote')[0]?.url.searchParams.has('crumb')).toBe(false);
    });
  });
});

describe('Yahoo live adapter: what real answers do that our first fixtures missed', () => {
  it('merges the live point off the bar grid into its bar (5m), keeping OHLC and volume right', async () => {
    yahoo.on('/v8/finance/chart/7203.T', { body: fixture('chart-7203t-1d-5m-live.json') });
    const bars = await provider().getHistory('7203.T', '1d', '5m');
    expect(bars.map((b) => new Date(b.time).toISOString().slice(11, 19))).toEqual([
      '00:00:00',
      '00:05:00',
      '00:10:00',
      '00:15:00',
    ]);
    // The 00:19:47 point (volume 0) closed the 00:15 bar.
    expect(bars.at(-1)).toEqual({
      time: Date.parse('2025-01-15T00:15:00Z'),
      open: 2896,
      high: 2898,
      low: 2891,
      close: 2893.5,
      volume: 301900,
    });
  });

  it('merges the latest month when Yahoo sends it as two rows', async () => {
    yahoo.on('/v8/finance/chart/AAPL', { body: fixture('chart-aapl-3mo-1mo-split.json') });
    const bars = await provider().getHistory('AAPL', '3mo', '1mo');
    expect(bars).toHaveLength(3);
    expect(bars[2]).toEqual({
      time: Date.parse('2025-01-01T05:00:00Z'),
      open: 248.93,
      high: 248.93,
      low: 226.21,
      close: 237.87,
      volume: 352900300 + 39832000,
    });
  });

  it('keeps daily bars a daylight-saving change brought 23 hours apart', async () => {
    const day = JSON.parse(fixture('chart-aapl-5d-1d.json'));
    // 2025-03-07 14:30Z and 2025-03-10 13:30Z (New York moved to summer time), then a Tuesday.
    day.chart.result[0].timestamp = [1741357800, 1741613400, 1741696200, 1741782600, 1741869000];
    day.chart.result[0].indicators.quote[0] = {
      open: [1, 2, 3, 4, 5],
      high: [1, 2, 3, 4, 5],
      low: [1, 2, 3, 4, 5],
      close: [1, 2, 3, 4, 5],
      volume: [1, 1, 1, 1, 1],
    };
    yahoo.on('/v8/finance/chart/AAPL', { body: JSON.stringify(day) });
    expect(await provider().getHistory('AAPL', '5d', '1d')).toHaveLength(5);
  });

  describe('without a cookie (an EU consent redirect)', () => {
    const consentWall = () => {
      yahoo.on('/cookie', {
        status: 307,
        body: '',
        headers: { location: 'https://consent.yahoo.com/v2/collectConsent?sessionId=3_cc-session_abc' },
      });
      yahoo.on('/v1/test/getcrumb', { status: 401, body: '', headers: { 'content-type': 'text/plain' } });
      yahoo.on('/v7/finance/quote', { status: 401, body: fixture('crumb-invalid.json') });
      yahoo.on('/v10/finance/quoteSummary/AAPL', { status: 401, body: fixture('crumb-invalid.json') });
      yahoo.on('/v8/finance/chart/AAPL', { body: fixture('chart-aapl-1d-1d.json') });
    };

    it('prices from the chart, which needs no crumb', async () => {
      consentWall();
      const quote = await provider({ crumb: 'auto' }).getQuote('AAPL');
      expect(quote).toMatchObject({
        symbol: 'AAPL',
        shortName: 'Apple Inc.',
        currentPrice: 237.87,
        regularMarketOpen: 234.64,
        regularMarketDayHigh: 238.96,
        regularMarketDayLow: 234.43,
        regularMarketPreviousClose: 233.28,
        exchange: 'NMS',
        currency: 'USD',
        exchangeTimezoneName: 'America/New_York',
        // The chart's summary has the year's range but no earnings, dividends or average volume.
        fiftyTwoWeekLow: 164.08,
        fiftyTwoWeekHigh: 260.1,
        averageVolume: null,
        trailingPE: null,
        dividendYield: null,
      });
      expect(quote.regularMarketChange).toBeCloseTo(4.59, 6);
    });

    it('gives the profile what the chart knows instead of failing the stock page', async () => {
      consentWall();
      const profile = await provider({ crumb: 'auto' }).getProfile('AAPL');
      expect(profile).toMatchObject({
        symbol: 'AAPL',
        shortName: 'Apple Inc.',
        longName: 'Apple Inc.',
        exchange: 'NMS',
      });
      expect(profile.longBusinessSummary).toBeNull();
    });

    it('asks no profile endpoint that would refuse while the handshake waits out its back-off', async () => {
      consentWall();
      yahoo.on('/v8/finance/chart/MSFT', { body: fixture('chart-aapl-1d-1d.json').replaceAll('AAPL', 'MSFT') });
      const p = provider({ crumb: 'auto' });
      await p.getProfile('AAPL');
      expect(yahoo.hits('/v10/finance/quoteSummary/AAPL')).toHaveLength(1);
      await p.getProfile('MSFT');
      expect(yahoo.requests.filter((r) => r.path.startsWith('/v10/'))).toHaveLength(1);
      expect(yahoo.hits('/v8/finance/chart/MSFT')).toHaveLength(1);
    });

    it('does not retry the failed handshake on every request, but again after the back-off', async () => {
      consentWall();
      const p = provider({ crumb: 'auto' });
      for (let i = 0; i < 5; i++) {
        await p.getQuotes(['AAPL']);
        clock += 20_000; // past the 15 s quote cache, so every call asks Yahoo again
      }
      // 5 calls over 80 s: the first handshake failed, the next came after its 1-minute wait.
      // While it waits, quotes come from the chart without first asking an endpoint that refuses.
      expect(yahoo.hits('/v7/finance/quote')).toHaveLength(2);
      expect(yahoo.hits('/v8/finance/chart/AAPL')).toHaveLength(5);
      expect(yahoo.hits('/cookie')).toHaveLength(2);
    });
  });

  it('prefers the long name to a padded short one, and offers only symbols a stock page can open', async () => {
    yahoo.on('/v1/finance/search', { body: fixture('search-apple-options.json') });
    const results = await provider().search('apple');
    expect(results).toEqual([
      { symbol: 'AAPL', shortName: 'Apple Inc.', exchange: 'NMS', type: 'EQUITY' },
      { symbol: 'IVV', shortName: 'iShares Core S&P 500 ETF', exchange: 'PCX', type: 'ETF' },
    ]);
  });

  it('uses the summary profile’s description for crypto and funds', async () => {
    yahoo.on('/v10/finance/quoteSummary/BTC-USD', { body: fixture('quotesummary-btc-usd.json') });
    const p = provider();
    const profile = await p.getProfile('BTC-USD');
    expect(profile).toMatchObject({ symbol: 'BTC-USD', shortName: 'Bitcoin USD', website: null });
    expect(profile.longBusinessSummary).toMatch(/^Bitcoin \(BTC\) is a cryptocurrency/);
    // A coin has no earnings or dividends: those statistics are null.
    expect(await p.getQuote('BTC-USD')).toMatchObject({ trailingPE: null, trailingEps: null, dividendYield: null });
  });

  it('passes only http(s) links and images on to clients', async () => {
    yahoo.on('/v1/finance/search', { body: fixture('search-news-unsafe-urls.json') });
    const news = await provider().getNews('AAPL');
    expect(news.map((n) => n.link)).toEqual([
      'https://finance.yahoo.com/news/apple-shares-rise-supplier-update-150512345.html',
    ]);
    expect(news[0]?.thumbnail.resolutions.map((r) => r.url)).toEqual([
      'https://s.yimg.com/uu/api/res/1.2/abc/original.jpg',
    ]);
  });

  it('reads dividends and splits from the chart events from `from` to now, and keeps them an hour', async () => {
    yahoo.on('/v8/finance/chart/NVDA', { body: fixture('chart-nvda-1d-events.json') });
    const p = provider();
    const actions = await p.corporateActions('NVDA', '2021-06-01', '2021-12-31');
    const [hit] = yahoo.hits('/v8/finance/chart/NVDA');
    expect(Object.fromEntries(hit?.url.searchParams ?? [])).toEqual({
      period1: String(Date.parse('2021-05-31T00:00:00Z') / 1000),
      period2: String(clock / 1000),
      interval: '1d',
      events: 'div,split',
      includePrePost: 'false',
    });
    expect(actions).toMatchObject({ symbol: 'NVDA', currency: 'USD' });
    // The 2021 dividends on the share counts of 2021: the 10:1 split of 2024 is outside the dates asked for but undone.
    expect(actions.dividends.map((d) => d.amount)).toEqual([0.16, 0.04]);
    expect(actions.splits.map((s) => [s.date, s.numerator, s.denominator])).toEqual([['2021-07-20', 4, 1]]);
    await p.corporateActions('NVDA', '2021-06-01', '2021-12-31');
    expect(yahoo.hits('/v8/finance/chart/NVDA')).toHaveLength(1);
  });

  it('answers 404 for a symbol the chart does not know', async () => {
    yahoo.on('/v8/finance/chart/NOPE', { status: 404, body: fixture('chart-notfound.json') });
    const error = await httpError(provider().corporateActions('NOPE', '2024-01-01', '2024-12-31'));
    expect(error.statusCode).toBe(404);
  });

  it('keeps the path of a base URL (a proxy at /proxy/yahoo)', async () => {
    yahoo.on('/proxy/yahoo/v7/finance/quote', { body: fixture('quote-aapl-msft.json') });
    const quote = await provider({ baseUrl: `${yahoo.baseUrl}/proxy/yahoo/` }).getQuote('AAPL');
    expect(quote.symbol).toBe('AAPL');
    expect(yahoo.hits('/proxy/yahoo/v7/finance/quote')).toHaveLength(1);
  });
});
