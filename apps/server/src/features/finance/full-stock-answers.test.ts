import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DemoMarketDataProvider } from '../../integrations/market-data/demo/demo-provider.js';
import { CountingMarketDataProvider } from '../../integrations/market-data/testing/counting-provider.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Friday 2025-03-14, 11:00 in New York: the market is open, so the answer holds today's moving bar. */
const NOW = Date.parse('2025-03-14T15:00:00Z');
const MAX_DAILY = '/api/finance/get_full_stock?symbol=AAPL&range=max&interval=1d';
const ENCODINGS = ['br', 'gzip', undefined] as const;

function decoded(res: LightMyRequestResponse): string {
  const body = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  expect(encoding).toBeUndefined();
  return body.toString('utf8');
}

/** docs/api.md#other-behaviour: get_full_stock answers are built once per (symbol, range, interval) and kept while true. */
describe('get_full_stock answers kept serialized and compressed', () => {
  let t: TestApp;
  let uncached: TestApp;
  const market = new CountingMarketDataProvider(new DemoMarketDataProvider({ now: () => NOW }));

  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, undefined, { marketData: market });
    // The same market without the cache: what every answer must equal.
    uncached = await createTestApp('sqlite', { FULL_STOCK_CACHE: 'off' }, undefined, {
      marketData: new DemoMarketDataProvider({ now: () => NOW }),
    });
  });
  afterAll(async () => {
    await t.close();
    await uncached.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const get = (app: TestApp, url: string, encoding?: string) =>
    app.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('builds 90 concurrent identical requests once, and answers each encoding with the same JSON', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2030-01-01T00:00:10Z') });
    market.reset();
    const responses = await Promise.all(
      Array.from({ length: 90 }, (_, i) => get(t, MAX_DAILY, ENCODINGS[i % ENCODINGS.length])),
    );
    expect(market.otherCalls).toEqual({ getProfile: 1, getHistory: 1, getNews: 1 });
    expect(market.calls.getQuote).toBe(1);

    const expected = await get(uncached, MAX_DAILY);
    expect(expected.statusCode).toBe(200);
    const history = Object.keys(expected.json().history);
    expect(history.length).toBeGreaterThan(6000);
    responses.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.headers['content-encoding']).toBe(ENCODINGS[i % ENCODINGS.length]);
      expect(decoded(res)).toBe(expected.body);
    });
    // Compressed once: every brotli answer is the same bytes, far smaller than the JSON.
    const br = responses.filter((res) => res.headers['content-encoding'] === 'br').map((res) => res.rawPayload);
    expect(new Set(br.map((b) => b.toString('base64'))).size).toBe(1);
    expect(br[0]!.length).toBeLessThan(expected.rawPayload.length / 3);
  });

  it('keeps (symbol, range, interval) keys apart', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2030-01-01T00:05:10Z') });
    market.reset();
    const urls = [
      MAX_DAILY,
      '/api/finance/get_full_stock?symbol=AAPL&range=max&interval=1wk',
      '/api/finance/get_full_stock?symbol=MSFT&range=max&interval=1d',
      '/api/finance/get_full_stock?symbol=AAPL&range=5y&interval=1d',
      '/api/finance/get_full_stock?symbol=aapl',
    ];
    for (let round = 0; round < 3; round++) {
      for (const url of urls) {
        const res = await get(t, url, 'gzip');
        expect(decoded(res)).toBe((await get(uncached, url)).body);
      }
    }
    expect(market.otherCalls.getHistory).toBe(urls.length);
    // The last two differ only in their range: a default range is its own key (1y), not 5y's.
    const fiveYears = (await get(t, urls[3]!)).json();
    const oneYear = (await get(t, urls[4]!)).json();
    expect([fiveYears.range, oneYear.range]).toEqual(['5y', '1y']);
    expect(Object.keys(fiveYears.history).length).toBeGreaterThan(Object.keys(oneYear.history).length);
  });

  it('builds again when the minute the demo answer holds is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2030-01-01T00:10:30Z') });
    market.reset();
    await get(t, MAX_DAILY, 'br');
    vi.setSystemTime(Date.parse('2030-01-01T00:10:59.999Z'));
    await get(t, MAX_DAILY, 'br');
    expect(market.otherCalls.getHistory).toBe(1);
    vi.setSystemTime(Date.parse('2030-01-01T00:11:00Z'));
    const res = await get(t, MAX_DAILY, 'br');
    expect(market.otherCalls.getHistory).toBe(2);
    expect(decoded(res)).toBe((await get(uncached, MAX_DAILY)).body);
  });

  it('caches no failure: an unknown symbol is a 404 each time', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get(t, '/api/finance/get_full_stock?symbol=ZZZZ', 'br');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toContain('ZZZZ');
    }
  });
});
