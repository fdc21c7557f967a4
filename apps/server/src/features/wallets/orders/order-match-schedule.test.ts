import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DemoMarketDataProvider } from '../../../integrations/market-data/demo/demo-provider.js';
import { FixedPriceMarketDataProvider } from '../../../integrations/market-data/testing/fixed-price-provider.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { scheduleOrderMatching } from './order-match-schedule.js';
import { newTrader, ordersHarness } from './orders.test-support.js';

/** Saturday 2025-03-15: closed. */
const SATURDAY = Date.parse('2025-03-15T16:00:00Z');
/** Monday 2025-03-17, 10:00 in New York: open. */
const MONDAY = Date.parse('2025-03-17T14:00:00Z');

const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
};

/**
 * ORDER_MATCH_INTERVAL_SECONDS (docs/api.md#orders): the app runs the matcher on its own, once
 * when it is ready (the catch-up after a restart) and then on its timer, and stops it on close.
 */
describe('order matching schedule', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('fills on its timer once the market opens and the price crosses', async () => {
    let now = SATURDAY;
    const clock = () => now;
    const market = new FixedPriceMarketDataProvider(new DemoMarketDataProvider({ now: clock }), { ZSCHED: 50 });
    t = await createTestApp('sqlite', { ORDER_MATCH_INTERVAL_SECONDS: '0.05' }, undefined, {
      marketData: market,
      clock,
    });
    const me = await newTrader(t);
    const wallet = await me.wallet();
    const order = await me.placed({
      wallet_id: wallet,
      symbol: 'ZSCHED',
      side: 'buy',
      type: 'limit',
      quantity: 2,
      limit_price: 45,
      time_in_force: 'gtc',
    });
    const status = async () =>
      (
        await t?.database.handle.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', order.order_id)
          .executeTakeFirstOrThrow()
      )?.status;

    market.prices.set('ZSCHED', 44); // Crossed, but the market is closed: the timer checks nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await status()).toBe('open');
    now = MONDAY;
    expect(await until(async () => (await status()) === 'filled')).toBe(true);
  });

  it('runs once as soon as the app is ready (the catch-up after a restart), not a period later, and waits for a run on close', async () => {
    const h = await ordersHarness('sqlite');
    try {
      h.setNow(MONDAY);
      h.setPrice('ZSTART', 50);
      const me = await newTrader(h.t);
      const wallet = await me.wallet();
      const order = await me.placed({
        wallet_id: wallet,
        symbol: 'ZSTART',
        side: 'buy',
        type: 'limit',
        quantity: 1,
        limit_price: 45,
        time_in_force: 'gtc',
      });
      // The price crossed while "down"; an app with an hour's period starts.
      h.setPrice('ZSTART', 40);
      const host = Fastify({ logger: false });
      scheduleOrderMatching(host, await h.matcher(), 3_600_000);
      await host.ready();
      await host.close();
      const row = await h
        .db()
        .selectFrom('orders')
        .select('status')
        .where('id', '=', order.order_id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('filled');
    } finally {
      await h.close();
    }
  });
});
