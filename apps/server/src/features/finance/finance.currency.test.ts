import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoMarketDataProvider } from '../../integrations/market-data/demo/demo-provider.js';
import { withForeignListings } from '../../integrations/market-data/testing/foreign-listings.js';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../test/test-app.js';

/** Friday 2025-03-14, 11:00 in New York. */
const NOW = Date.parse('2025-03-14T15:00:00Z');

describe('stock answers for listings in other currencies (docs/api.md#money)', () => {
  let t: TestApp;
  let noRate: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    const demo = new DemoMarketDataProvider({ now: () => NOW });
    t = await createTestApp('sqlite', {}, undefined, {
      marketData: withForeignListings(demo, { JPY: 0.0064, GBP: 1.25 }).provider,
    });
    noRate = await createTestApp('sqlite', {}, undefined, { marketData: withForeignListings(demo, {}).provider });
    alice = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    await noRate.close();
  });

  it('get_stock keeps the yen price and adds its dollar value; dollar listings are their own', async () => {
    const toyota = (await t.app.inject({ method: 'GET', url: '/api/finance/get_stock?symbol=7203.T' })).json().symbol;
    expect(toyota).toMatchObject({ currency: 'JPY', currentPrice: 2893.5 });
    expect(toyota.currentPriceUsd).toBeCloseTo(18.5184, 10);
    const shell = (await t.app.inject({ method: 'GET', url: '/api/finance/get_stock?symbol=SHEL.L' })).json().symbol;
    expect(shell.currentPriceUsd).toBeCloseTo(31.875, 10);
    const apple = (await t.app.inject({ method: 'GET', url: '/api/finance/get_stock?symbol=AAPL' })).json().symbol;
    expect(apple.currentPriceUsd).toBe(apple.currentPrice);
  });

  it('the watchlist carries each item’s currency and dollar price', async () => {
    for (const symbol of ['7203.T', 'AAPL']) {
      await injectAs(t.app, alice, { method: 'POST', url: '/api/finance/add_watchlist', payload: { symbol } });
    }
    const list = (await injectAs(t.app, alice, { method: 'GET', url: '/api/finance/get_watchlist' })).json();
    const [toyota, apple] = list.items;
    expect(toyota).toMatchObject({ symbol: '7203.T', currency: 'JPY', currentPrice: 2893.5 });
    expect(toyota.currentPriceUsd).toBeCloseTo(18.5184, 10);
    expect(apple).toMatchObject({ symbol: 'AAPL', currency: 'USD' });
    expect(apple.currentPriceUsd).toBe(apple.currentPrice);
  });

  it('without a rate the price stays in yen and the dollar value is null, not the yen number', async () => {
    const toyota = (await noRate.app.inject({ method: 'GET', url: '/api/finance/get_stock?symbol=7203.T' })).json();
    expect(toyota.symbol).toMatchObject({ currency: 'JPY', currentPrice: 2893.5, currentPriceUsd: null });
  });
});
