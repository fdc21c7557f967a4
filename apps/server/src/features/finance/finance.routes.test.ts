import { Readable } from 'node:stream';
import { INTERVALS, isIntervalServed, RANGES, WATCHLIST_MAX } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoMarketDataProvider } from '../../integrations/market-data/demo/demo-provider.js';
import { multipartBody } from '../../test/multipart.js';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';

/** Friday 2025-03-14, 11:00 in New York: the market is open. */
const NOW = Date.parse('2025-03-14T15:00:00Z');

/** Every field of docs/api.md#compatibility-promise (Stock). */
const STOCK_FIELDS = [
  'symbol',
  'shortName',
  'currentPrice',
  'regularMarketOpen',
  'regularMarketDayHigh',
  'regularMarketDayLow',
  'regularMarketPreviousClose',
  'regularMarketVolume',
  'exchange',
  'website',
  'irWebsite',
  'industry',
  'sector',
  'marketCap',
  'city',
  'state',
  'country',
  'fullTimeEmployees',
  'longBusinessSummary',
  'address1',
  'address2',
  'zip',
  'companyOfficers',
];

describe.each(testDatabaseKinds)('finance API on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { marketData: new DemoMarketDataProvider({ now: () => NOW }) });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string, user?: TestUser) =>
    user ? injectAs(t.app, user, { method: 'GET', url }) : t.app.inject({ url });
  const snapshot = () => t.database.handle.db.selectFrom('watchlist').selectAll().orderBy('id').execute();
  const watchlist = async (user: TestUser) => (await get('/api/finance/get_watchlist', user)).json();

  type Body = 'multipart' | 'urlencoded' | 'json';
  async function change(
    user: TestUser,
    action: 'add' | 'remove',
    fields: Record<string, string>,
    as: Body = 'multipart',
    extra: { csrf?: boolean; via?: 'cookie' | 'token' } = {},
  ) {
    const url = `/api/finance/${action}_watchlist`;
    if (as === 'multipart') {
      const { payload, headers } = await multipartBody(fields);
      return injectAs(t.app, user, { method: 'POST', url, payload, headers, ...extra });
    }
    if (as === 'urlencoded') {
      return injectAs(t.app, user, {
        method: 'POST',
        url,
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        ...extra,
      });
    }
    return injectAs(t.app, user, { method: 'POST', url, payload: fields, ...extra });
  }

  describe('GET /api/finance/get_stock', () => {
    it('answers anyone with the stock object under `symbol`, as the original API does, and an empty watchlist', async () => {
      const res = await get('/api/finance/get_stock?symbol=AAPL');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.watchlist).toEqual([]);
      expect(body.in_watchlist).toBe(false);
      expect(body).not.toHaveProperty('stock');
      for (const field of STOCK_FIELDS) expect(body.symbol, field).toHaveProperty(field);
      expect(body.symbol).toMatchObject({
        symbol: 'AAPL',
        shortName: 'Apple Inc.',
        exchange: 'NMS',
        city: 'Cupertino',
        country: 'United States',
        website: 'https://www.apple.com',
        marketState: 'REGULAR',
        currency: 'USD',
      });
      // A client of the original API reads the trade price as res.symbol.currentPrice.
      expect(body.symbol.currentPrice).toBeGreaterThan(0);
      expect(body.symbol.companyOfficers[0]).toEqual({ name: 'Timothy D. Cook', title: 'CEO & Director' });
    });

    it('trims and upper-cases the symbol', async () => {
      const res = await get('/api/finance/get_stock?symbol=%20msft%20');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ symbol: { symbol: 'MSFT' } });
    });

    it('gives a signed-in user their watchlist and whether the symbol is in it', async () => {
      const user = await signUp(t.app);
      expect((await get('/api/finance/get_stock?symbol=KO', user)).json()).toMatchObject({
        watchlist: [],
        in_watchlist: false,
      });
      expect((await change(user, 'add', { symbol: 'KO' })).statusCode).toBe(200);
      expect((await change(user, 'add', { symbol: 'MSFT' })).statusCode).toBe(200);
      expect((await get(`/api/finance/get_stock?symbol=ko&user=${user.id}`, user)).json()).toMatchObject({
        watchlist: ['KO', 'MSFT'],
        in_watchlist: true,
      });
      // Another user sees their own (empty) list, never this one.
      expect((await get('/api/finance/get_stock?symbol=KO', bob)).json()).toMatchObject({
        watchlist: [],
        in_watchlist: false,
      });
      expect((await get(`/api/finance/get_stock?symbol=KO&user=${user.id}`, bob)).statusCode).toBe(403);
    });

    it.each([
      ['missing', ''],
      ['empty', 'symbol='],
      ['blank', 'symbol=%20%20'],
      ['too long', `symbol=${'A'.repeat(16)}`],
      ['a space inside', 'symbol=AA%20PL'],
      ['markup', 'symbol=%3Cscript%3E'],
      ['a semicolon', 'symbol=AAPL%3B'],
      ['a leading dash', 'symbol=-AAPL'],
    ])('refuses a %s symbol with 400', async (_label, query) => {
      const res = await get(`/api/finance/get_stock?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400, fields: { symbol: expect.any(String) } });
    });

    it('answers an unknown symbol with a JSON 404', async () => {
      const res = await get('/api/finance/get_stock?symbol=ZZZZ');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 404, message: 'No stock found for symbol ZZZZ' });
    });
  });

  describe('GET /api/finance/get_full_stock', () => {
    it('defaults to 1y of daily bars, with info and news', async () => {
      const res = await get('/api/finance/get_full_stock?symbol=aapl');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        symbol: 'AAPL',
        range: '1y',
        interval: '1d',
        exchangeTimezoneName: 'America/New_York',
      });
      expect(body.info.exchangeTimezoneName).toBe('America/New_York');
      expect(body.info).toEqual((await get('/api/finance/get_stock?symbol=AAPL')).json().symbol);
      const keys = Object.keys(body.history);
      expect(keys.length).toBeGreaterThanOrEqual(250);
      expect(keys.length).toBeLessThanOrEqual(262);
      expect(keys).toEqual([...keys].sort());
      for (const key of keys) expect(key).toMatch(/^\d{4}-\d{2}-\d{2}T1[34]:30:00\.000Z$/);
      const last = body.history[keys.at(-1) ?? ''];
      expect(Object.keys(last).sort()).toEqual(['Close', 'High', 'Low', 'Open', 'Volume']);
      expect(last.Close).toBe(body.info.currentPrice);
      // docs/api.md#stock-statistics: the quote's key statistics reach the client and agree with
      // the year of bars beside them.
      const bars = Object.values(body.history) as { Low: number; High: number }[];
      expect(body.info.fiftyTwoWeekLow).toBe(Math.min(...bars.map((bar) => bar.Low)));
      expect(body.info.fiftyTwoWeekHigh).toBe(Math.max(...bars.map((bar) => bar.High)));
      expect(body.info.trailingPE).toBeCloseTo(body.info.currentPrice / body.info.trailingEps, 3);
      expect(body.info.dividendYield).toBeCloseTo((body.info.dividendRate / body.info.currentPrice) * 100, 3);
      expect(body.info.averageVolume).toBeGreaterThan(0);
      expect(body.news.length).toBeGreaterThanOrEqual(5);
      expect(body.news[0]).toMatchObject({
        title: expect.any(String),
        link: expect.stringMatching(/^https:\/\//),
        publisher: expect.any(String),
        relatedTickers: expect.arrayContaining(['AAPL']),
        thumbnail: {
          resolutions: expect.arrayContaining([
            expect.objectContaining({ url: expect.stringMatching(/^data:image\/svg/) }),
          ]),
        },
      });
    });

    const served = RANGES.flatMap((r) => INTERVALS.map((i) => [r, i] as const)).filter(([r, i]) =>
      isIntervalServed(r, i),
    );
    it.each(served)('serves range %s with interval %s', async (range, interval) => {
      const res = await get(`/api/finance/get_full_stock?symbol=MSFT&range=${range}&interval=${interval}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ range, interval });
      expect(Object.keys(body.history).length).toBeGreaterThan(0);
    });

    const forbidden = RANGES.flatMap((r) => INTERVALS.map((i) => [r, i] as const)).filter(
      ([r, i]) => !isIntervalServed(r, i),
    );
    it.each(forbidden)('refuses range %s with interval %s (400)', async (range, interval) => {
      const res = await get(`/api/finance/get_full_stock?symbol=MSFT&range=${range}&interval=${interval}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.fields.interval).toContain(`Interval ${interval} is not available for range ${range}`);
      expect(body.message).toContain('is not available');
    });

    it('refuses unknown ranges, intervals and symbols', async () => {
      expect((await get('/api/finance/get_full_stock?symbol=MSFT&range=2y')).json().fields).toHaveProperty('range');
      expect((await get('/api/finance/get_full_stock?symbol=MSFT&interval=2h')).json().fields).toHaveProperty(
        'interval',
      );
      expect((await get('/api/finance/get_full_stock?symbol=M$FT')).statusCode).toBe(400);
      expect((await get('/api/finance/get_full_stock?symbol=ZZZZ')).statusCode).toBe(404);
    });
  });

  describe('GET /api/finance/search', () => {
    it('finds symbols and names', async () => {
      const res = await get('/api/finance/search?q=apple');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        query: 'apple',
        results: [{ symbol: 'AAPL', shortName: 'Apple Inc.', exchange: 'NMS', type: 'EQUITY' }],
      });
      expect((await get('/api/finance/search?q=')).statusCode).toBe(400);
    });
  });

  describe('watchlist', () => {
    it('starts empty', async () => {
      const user = await signUp(t.app);
      const res = await get('/api/finance/get_watchlist', user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, symbols: [], message: 'No stocks in watchlist', items: [] });
    });

    it('adds with multipart, urlencoded and JSON bodies, upper-cased, and lists them with quotes', async () => {
      const user = await signUp(t.app);
      const first = await change(user, 'add', { symbol: 'msft', user: String(user.id) }, 'multipart');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        success: true,
        message: 'MSFT added to your watchlist',
        symbol: 'MSFT',
        symbols: ['MSFT'],
      });
      expect((await change(user, 'add', { symbol: ' aapl ', user: String(user.id) }, 'urlencoded')).statusCode).toBe(
        200,
      );
      const third = await change(user, 'add', { symbol: 'Nvda' }, 'json');
      expect(third.json().symbols).toEqual(['MSFT', 'AAPL', 'NVDA']);

      const list = await watchlist(user);
      expect(list).toMatchObject({
        success: true,
        symbols: ['MSFT', 'AAPL', 'NVDA'],
        message: '3 stocks in watchlist',
      });
      expect(list.items).toHaveLength(3);
      const quote = (await get('/api/finance/get_stock?symbol=MSFT')).json().symbol;
      expect(list.items[0]).toEqual({
        symbol: 'MSFT',
        shortName: 'Microsoft Corporation',
        exchange: 'NMS',
        currency: 'USD',
        currentPriceUsd: quote.currentPrice,
        currentPrice: quote.currentPrice,
        regularMarketOpen: quote.regularMarketOpen,
        regularMarketDayHigh: quote.regularMarketDayHigh,
        regularMarketDayLow: quote.regularMarketDayLow,
        regularMarketPreviousClose: quote.regularMarketPreviousClose,
        regularMarketChange: quote.regularMarketChange,
        regularMarketChangePercent: quote.regularMarketChangePercent,
      });
      expect((await get(`/api/finance/get_watchlist?user=${user.id}`, user)).statusCode).toBe(200);
    });

    it('removes with every body type, and answers 404 for a symbol not in the list', async () => {
      const user = await signUp(t.app);
      for (const symbol of ['AAPL', 'MSFT', 'IBM']) await change(user, 'add', { symbol });
      const removed = await change(user, 'remove', { symbol: 'aapl', user: String(user.id) }, 'multipart');
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({
        success: true,
        message: 'AAPL removed from your watchlist',
        symbol: 'AAPL',
        symbols: ['MSFT', 'IBM'],
      });
      expect((await change(user, 'remove', { symbol: 'msft' }, 'urlencoded')).statusCode).toBe(200);
      expect((await change(user, 'remove', { symbol: 'IBM' }, 'json')).json().symbols).toEqual([]);
      const again = await change(user, 'remove', { symbol: 'IBM' });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ success: false, code: 404, message: 'IBM is not in your watchlist' });
    });

    it('refuses a duplicate with 409 (success false) and keeps one row', async () => {
      const user = await signUp(t.app);
      await change(user, 'add', { symbol: 'GS' });
      const before = await snapshot();
      const res = await change(user, 'add', { symbol: 'gs' }, 'urlencoded');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, code: 409, message: 'GS is already in your watchlist' });
      expect(await snapshot()).toEqual(before);
    });

    it('keeps concurrent duplicate adds to one row', async () => {
      const user = await signUp(t.app);
      const results = await Promise.all(
        Array.from({ length: 5 }, () => change(user, 'add', { symbol: 'PEP' }, 'json')),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
      expect((await watchlist(user)).symbols).toEqual(['PEP']);
    });

    it(`holds at most ${WATCHLIST_MAX} symbols`, async () => {
      const user = await signUp(t.app);
      const rows = Array.from({ length: WATCHLIST_MAX - 1 }, (_, i) => ({
        user_id: user.id,
        symbol: `X${String(i).padStart(3, '0')}`,
        created_at: new Date().toISOString(),
      }));
      await t.database.handle.db.insertInto('watchlist').values(rows).execute();
      expect((await change(user, 'add', { symbol: 'AAPL' })).statusCode).toBe(200);
      const before = await snapshot();
      const full = await change(user, 'add', { symbol: 'MSFT' });
      expect(full.statusCode).toBe(400);
      expect(full.json().message).toContain(`at most ${WATCHLIST_MAX}`);
      expect(await snapshot()).toEqual(before);
      // Symbols the provider does not know keep their row but get no prices.
      const list = await watchlist(user);
      expect(list.symbols).toHaveLength(WATCHLIST_MAX);
      expect(list.items[0]).toMatchObject({ symbol: 'X000', currentPrice: null, shortName: null });
      expect(list.items.at(-1)).toMatchObject({ symbol: 'AAPL', currentPrice: expect.any(Number) });
    });

    describe('bad input gets a 4xx JSON error and changes nothing', () => {
      const cases: [
        string,
        () => Promise<{ payload: Buffer | string; headers: Record<string, string> }>,
        number,
        string?,
      ][] = [
        ['an unknown symbol', () => multipartBody({ symbol: 'ZZZZ' }), 404],
        ['a missing symbol', () => multipartBody({ user: '1' }), 400, 'symbol'],
        ['an empty symbol', () => multipartBody({ symbol: '' }), 400, 'symbol'],
        ['a too long symbol', () => multipartBody({ symbol: 'A'.repeat(16) }), 400, 'symbol'],
        ['bad characters', () => multipartBody({ symbol: 'AA PL' }), 400, 'symbol'],
        ['a non-numeric user', () => multipartBody({ symbol: 'AAPL', user: 'me' }), 400, 'user'],
        ['a file instead of text', () => multipartBody({ symbol: new Blob(['AAPL'], { type: 'text/plain' }) }), 400],
        [
          'a multipart body without a boundary',
          async () => ({ payload: 'symbol=AAPL', headers: { 'content-type': 'multipart/form-data' } }),
          400,
        ],
        [
          'a malformed multipart body',
          async () => ({ payload: '--x\r\ngarbage', headers: { 'content-type': 'multipart/form-data; boundary=x' } }),
          400,
        ],
        [
          'a too large form',
          async () => ({
            payload: `symbol=AAPL&pad=${'x'.repeat(20_000)}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }),
          413,
        ],
        [
          'an unsupported content type',
          async () => ({ payload: '<symbol>AAPL</symbol>', headers: { 'content-type': 'application/xml' } }),
          415,
        ],
        [
          'malformed JSON',
          async () => ({ payload: '{"symbol": ', headers: { 'content-type': 'application/json' } }),
          400,
        ],
      ];

      it.each(cases)('%s', async (_label, body, status, field) => {
        const before = await snapshot();
        for (const action of ['add', 'remove'] as const) {
          const { payload, headers } = await body();
          const res = await injectAs(t.app, alice, {
            method: 'POST',
            url: `/api/finance/${action}_watchlist`,
            payload,
            headers,
          });
          // An unknown symbol is "not in your watchlist" when removing: also a 404.
          expect(res.statusCode).toBe(status);
          const json = res.json();
          expect(json).toMatchObject({ success: false, code: status, message: expect.any(String) });
          if (field) expect(json.fields).toHaveProperty(field);
        }
        expect(await snapshot()).toEqual(before);
      });
    });

    describe('form bodies', () => {
      const post = async (user: TestUser, payload: string | Buffer | Readable, contentType: string) =>
        injectAs(t.app, user, {
          method: 'POST',
          url: '/api/finance/add_watchlist',
          payload,
          headers: { 'content-type': contentType },
        });
      const symbols = async (user: TestUser) => (await watchlist(user)).symbols as string[];

      it('take the first value of a repeated name, multipart and urlencoded alike', async () => {
        const user = await signUp(t.app);
        const form = new FormData();
        form.append('symbol', 'KO');
        form.append('symbol', 'PEP');
        const encoded = new Request('http://localhost/', { method: 'POST', body: form });
        const multipart = await post(
          user,
          Buffer.from(await encoded.arrayBuffer()),
          encoded.headers.get('content-type') ?? '',
        );
        expect(multipart.statusCode).toBe(200);
        const urlencoded = await post(user, 'symbol=NKE&symbol=ADBE', 'application/x-www-form-urlencoded');
        expect(urlencoded.statusCode).toBe(200);
        expect(await symbols(user)).toEqual(['KO', 'NKE']);
      });

      it('cannot reach Object.prototype through a field named __proto__', async () => {
        const user = await signUp(t.app);
        const urlencoded = await post(
          user,
          '__proto__=x&__proto__[polluted]=1&constructor=y&symbol=ORCL',
          'application/x-www-form-urlencoded',
        );
        expect(urlencoded.statusCode).toBe(200);
        const form = new FormData();
        form.append('__proto__', 'x');
        form.append('symbol', 'INTC');
        const encoded = new Request('http://localhost/', { method: 'POST', body: form });
        const multipart = await post(
          user,
          Buffer.from(await encoded.arrayBuffer()),
          encoded.headers.get('content-type') ?? '',
        );
        // @fastify/multipart refuses such field names outright (the urlencoded parser ignores them).
        expect(multipart.statusCode).toBe(400);
        expect(multipart.json()).toMatchObject({
          success: false,
          code: 400,
          message: expect.stringContaining('__proto__'),
        });
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.prototype).not.toHaveProperty('polluted');
        expect(await symbols(user)).toEqual(['ORCL']);
      });

      it('refuse a file part next to text fields (400) and a multipart body over 16 kB (413)', async () => {
        const user = await signUp(t.app);
        const withFile = await multipartBody({ symbol: 'AMD', note: new Blob(['hi'], { type: 'text/plain' }) });
        const refused = await post(user, withFile.payload, withFile.headers['content-type']);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ success: false, code: 400 });
        const big = await multipartBody({ symbol: 'AMD', pad: 'x'.repeat(17 * 1024) });
        const tooLarge = await post(user, big.payload, big.headers['content-type']);
        expect(tooLarge.statusCode).toBe(413);
        expect(tooLarge.json()).toMatchObject({ success: false, code: 413 });
        expect(await symbols(user)).toEqual([]);
      });

      it('count a streamed multipart body without Content-Length as it arrives: many small fields over 16 kB are 413', async () => {
        const user = await signUp(t.app);
        const fields = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'x'.repeat(1000)]));
        const big = await multipartBody({ symbol: 'AMD', ...fields });
        // A stream: sent chunked, so only the running count can refuse it.
        const res = await post(user, Readable.from([big.payload]), big.headers['content-type']);
        expect(res.statusCode).toBe(413);
        expect(await symbols(user)).toEqual([]);
      });
    });

    describe('authentication', () => {
      it('answers 401 to every watchlist call without a session', async () => {
        const list = await t.app.inject({ url: '/api/finance/get_watchlist' });
        expect(list.statusCode).toBe(401);
        expect(list.json()).toMatchObject({ success: false, code: 401 });
        for (const action of ['add', 'remove']) {
          const { payload, headers } = await multipartBody({ symbol: 'AAPL' });
          const res = await t.app.inject({ method: 'POST', url: `/api/finance/${action}_watchlist`, payload, headers });
          expect(res.statusCode).toBe(401);
        }
      });

      it('refuses cookie-authenticated changes without the CSRF header (403) and changes nothing', async () => {
        await change(alice, 'add', { symbol: 'CVX' });
        const before = await snapshot();
        expect((await change(alice, 'add', { symbol: 'XOM' }, 'multipart', { csrf: false })).statusCode).toBe(403);
        expect((await change(alice, 'remove', { symbol: 'CVX' }, 'urlencoded', { csrf: false })).statusCode).toBe(403);
        expect(await snapshot()).toEqual(before);
      });

      it('works with a bearer token and no CSRF header', async () => {
        const res = await change(alice, 'add', { symbol: 'WMT' }, 'multipart', { via: 'token' });
        expect(res.statusCode).toBe(200);
        expect(res.json().symbols).toContain('WMT');
      });
    });

    describe("a second user can neither see nor change the first user's watchlist", () => {
      it('keeps lists apart and answers 403 when naming the other user', async () => {
        await change(alice, 'add', { symbol: 'DIS' });
        const before = await snapshot();
        expect((await watchlist(bob)).symbols).not.toContain('DIS');
        expect((await get(`/api/finance/get_watchlist?user=${alice.id}`, bob)).statusCode).toBe(403);
        expect((await change(bob, 'add', { symbol: 'NFLX', user: String(alice.id) })).statusCode).toBe(403);
        expect((await change(bob, 'remove', { symbol: 'DIS', user: String(alice.id) }, 'urlencoded')).statusCode).toBe(
          403,
        );
        expect((await change(bob, 'remove', { symbol: 'DIS' }, 'json', {})).statusCode).toBe(404);
        expect(await snapshot()).toEqual(before);
        expect((await watchlist(alice)).symbols).toContain('DIS');
      });
    });
  });
});

describe('finance API in live mode with the market data source down', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    // Nothing listens on port 9 of the loopback: every upstream call fails at once.
    t = await createTestApp('sqlite', {
      DATA_MODE: 'live',
      YAHOO_BASE_URL: 'http://127.0.0.1:9',
      YAHOO_COOKIE_URL: 'http://127.0.0.1:9/cookie',
      YAHOO_CRUMB: 'off',
      YAHOO_MAX_RETRIES: '0',
    });
    user = await signUp(t.app);
    await t.database.handle.db
      .insertInto('watchlist')
      .values({ user_id: user.id, symbol: 'AAPL', created_at: new Date().toISOString() })
      .execute();
  });
  afterAll(() => t.close());

  it('answers market calls with a JSON 503, not a crash', async () => {
    for (const url of ['/api/finance/get_stock?symbol=AAPL', '/api/finance/get_full_stock?symbol=AAPL']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 503, message: expect.stringMatching(/market data/) });
    }
  });

  it('still lists the watchlist, without prices', async () => {
    const res = await injectAs(t.app, user, { method: 'GET', url: '/api/finance/get_watchlist' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      symbols: ['AAPL'],
      message: expect.stringContaining('prices are unavailable'),
      items: [{ symbol: 'AAPL', currentPrice: null }],
    });
  });
});

describe('public market calls are rate-limited per client address', () => {
  it('answers 429 past 600 calls a minute from one address, and not to another address', async () => {
    const t = await createTestApp('sqlite');
    try {
      const call = (ip: string) => t.app.inject({ method: 'GET', url: '/api/finance/search?q=a', remoteAddress: ip });
      for (let i = 0; i < 600; i++) expect((await call('10.9.9.9')).statusCode).toBe(200);
      const limited = await call('10.9.9.9');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ success: false, code: 429 });
      expect((await call('10.9.9.10')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
