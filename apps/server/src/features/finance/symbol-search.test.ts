import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoMarketDataProvider } from '../../integrations/market-data/demo/demo-provider.js';
import { type FakeUpstream, readFixture, startFakeUpstream } from '../../integrations/testing/fake-upstream.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';

const yahooFixture = (name: string) =>
  readFixture(new URL(`../../integrations/market-data/yahoo/fixtures/${name}`, import.meta.url));

/** Friday 2025-03-14, 11:00 in New York. */
const NOW = Date.parse('2025-03-14T15:00:00Z');

const symbols = (res: { json: () => { results: { symbol: string }[] } }) => res.json().results.map((r) => r.symbol);

describe.each(testDatabaseKinds)('symbol search resolves names to their best listing on %s', (kind) => {
  describe('demo market', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, {}, undefined, { marketData: new DemoMarketDataProvider({ now: () => NOW }) });
    });
    afterAll(() => t.close());
    const search = (q: string) => t.app.inject({ url: `/api/finance/search?q=${encodeURIComponent(q)}` });

    it('finds a company by part of its name, in any case, with spaces', async () => {
      for (const q of ['toyota', 'Toyota Motor', 'TOYOTA']) {
        const res = await search(q);
        expect(res.statusCode).toBe(200);
        expect(symbols(res)[0], q).toBe('7203.T');
      }
      expect(symbols(await search('microsoft'))[0]).toBe('MSFT');
    });

    it('puts the symbol itself first when the text is one', async () => {
      expect(symbols(await search('t'))[0]).toBe('T');
      expect(symbols(await search('aapl'))[0]).toBe('AAPL');
    });
  });

  describe('live market (Yahoo)', () => {
    let t: TestApp;
    let yahoo: FakeUpstream;
    beforeAll(async () => {
      yahoo = await startFakeUpstream();
      t = await createTestApp(kind, {
        DATA_MODE: 'live',
        YAHOO_BASE_URL: yahoo.baseUrl,
        YAHOO_COOKIE_URL: yahoo.baseUrl,
        YAHOO_CRUMB: 'off',
        YAHOO_MAX_RETRIES: '0',
      });
    });
    afterAll(async () => {
      await t?.close();
      await yahoo?.close();
    });
    const search = (q: string) => t.app.inject({ url: `/api/finance/search?q=${encodeURIComponent(q)}` });

    it('asks Yahoo and picks the highest-scored equity for a company name', async () => {
      yahoo.on('/v1/finance/search', { body: yahooFixture('search-toyota.json') });
      const res = await search('toyota');
      expect(res.statusCode).toBe(200);
      expect(res.json().results[0]).toEqual({
        symbol: 'TM',
        shortName: 'Toyota Motor Corporation',
        exchange: 'NYQ',
        type: 'EQUITY',
      });
      expect(symbols(res)).toEqual(['TM', '7203.T', 'TOYOF', '6201.T', '8015.T']);
      expect(yahoo.requests.at(-1)?.query.get('q')).toBe('toyota');
    });

    it('puts equities before funds, indices and futures named alike, unless the text is a symbol', async () => {
      yahoo.on('/v1/finance/search', { body: yahooFixture('search-nasdaq.json') });
      expect(symbols(await search('nasdaq'))).toEqual(['NDAQ', 'QQQ', '^IXIC', 'NQ=F', '^NDX']);
      expect(symbols(await search('qqq'))[0]).toBe('QQQ');
      expect(symbols(await search('^ixic'))[0]).toBe('^IXIC');
    });
  });
});
