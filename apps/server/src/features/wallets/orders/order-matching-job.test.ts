import { afterEach, describe, expect, it, vi } from 'vitest';
import { DemoMarketDataProvider } from '../../../integrations/market-data/demo/demo-provider.js';
import { FixedPriceMarketDataProvider } from '../../../integrations/market-data/testing/fixed-price-provider.js';
import { createInstanceOn, createTestApp, type TestApp } from '../../../test/test-app.js';
import { newTrader, ordersHarness } from './orders.test-support.js';

/** Saturday 2025-03-15: closed. */
const SATURDAY = Date.parse('2025-03-15T16:00:00Z');
/** Monday 2025-03-17, 10:00 in New York: open. */
const MONDAY = Date.parse('2025-03-17T14:00:00Z');
const JOB = 'order-matching';

/**
 * ORDER_MATCH_INTERVAL_SECONDS (docs/api.md#orders): the app runs the matcher on its own (the
 * wallets feature's job, core/jobs.ts), once when it is ready (the catch-up after a restart) and
 * then on its timer, and stops it on close.
 */
describe('order matching job', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
    vi.useRealTimers();
  });

  it('fills on its timer once the market opens and the price crosses', async () => {
    // The app's timers are fired by hand: no real time passes between runs.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let now = SATURDAY;
    const clock = () => now;
    const market = new FixedPriceMarketDataProvider(new DemoMarketDataProvider({ now: clock }), { ZSCHED: 50 });
    t = await createTestApp('sqlite', { ORDER_MATCH_INTERVAL_SECONDS: '60' }, undefined, {
      marketData: market,
      clock,
    });
    const { jobs } = t.app.deps;
    expect(jobs.names()).toContain(JOB);
    await jobs.runNow(JOB); // The run at start is over.
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
    vi.advanceTimersByTime(60_000);
    await jobs.runNow(JOB); // Joins the run the tick started.
    expect(await status()).toBe('open');
    now = MONDAY;
    vi.advanceTimersByTime(60_000);
    // Only the tick runs the matcher now: wait for its fill.
    await vi.waitFor(async () => expect(await status()).toBe('filled'), { timeout: 30_000 });
  });

  it('is not added when the interval is 0', async () => {
    t = await createTestApp('sqlite', { ORDER_MATCH_INTERVAL_SECONDS: '0' });
    expect(t.app.deps.jobs.names()).not.toContain(JOB);
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
      // The price crossed while "down"; an instance with an hour's period starts and closes at once.
      h.setPrice('ZSTART', 40);
      const instance = await createInstanceOn(
        h.t,
        { orderMatchIntervalMs: 3_600_000 },
        { marketData: h.market, clock: h.now },
      );
      await instance.close();
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
