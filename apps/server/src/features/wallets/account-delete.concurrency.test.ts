import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, logIn, TEST_ADMIN_PASSWORD, TEST_PASSWORD, type TestUser } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { corporateActionsRepository } from './corporate-actions/corporate-actions.repository.js';
import { newTrader, type OrdersHarness, ordersHarness } from './orders/orders.test-support.js';

/** Saturday: nothing fills as it is placed, so every placement only reserves. */
const SATURDAY = Date.parse('2025-03-15T16:00:00Z');
const USERS = 4;
/** The `day`-th day from 2020-01-01. */
const isoDate = (day: number) => new Date(Date.UTC(2020, 0, day)).toISOString().slice(0, 10);
/** Order placements in flight at once per user, each chain placing again as soon as it is answered. */
const CHAINS = 5;

/**
 * docs/api.md#account: an account is deleted with everything it owns while its owner keeps trading
 * (real requests; a pool of connections on PostgreSQL). Every path that touches a user's wallets
 * takes the locks in one order (db/user-lock.ts), so neither the delete nor an order deadlocks:
 * the delete answers 200, each order is placed or finds its session or wallet gone, none is a 500.
 */
describe.each(testDatabaseKinds)('account deletion racing the owner’s trading on %s', (kind) => {
  let h: OrdersHarness;
  let admin: TestUser;

  beforeAll(async () => {
    h = await ordersHarness(kind);
    admin = await logIn(h.t.app, 'admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(() => h.close());

  /**
   * For each of USERS traders with two wallets, runs `remove` once their first order is answered
   * while CHAINS chains place limit orders and market buys; each chain stops after one request sent
   * once the delete answered. Returns the deletes' and the trading's answers.
   */
  async function raceTrading(remove: (user: TestUser) => Promise<LightMyRequestResponse>, symbol: string) {
    const traders = await Promise.all(Array.from({ length: USERS }, () => newTrader(h.t)));
    const wallets = await Promise.all(traders.map(async (me) => [await me.wallet(), await me.wallet()] as const));
    for (const [i, me] of traders.entries()) await me.buy(wallets[i]?.[0] ?? 0, symbol, 10);
    const trading: LightMyRequestResponse[] = [];
    const deletes = traders.map(async (me, i) => {
      let removed = false;
      let firstAnswered: () => void = () => {};
      const first = new Promise<void>((resolve) => {
        firstAnswered = resolve;
      });
      const chain = async (c: number) => {
        for (let n = 0, last = false; !last; n++) {
          last = removed;
          const wallet_id = wallets[i]?.[(c + n) % 2] ?? 0;
          trading.push(
            await (n % 3 === 2
              ? me.post('sell_stock_from_wallet', { wallet_id, symbol, quantity: 1 })
              : me.place({ wallet_id, symbol, side: 'buy', type: 'limit', quantity: 1, limit_price: 10 })),
          );
          firstAnswered();
        }
      };
      const chains = Array.from({ length: CHAINS }, (_, c) => chain(c));
      await first;
      const answer = await remove(me.user);
      removed = true;
      await Promise.all(chains);
      return answer;
    });
    return { deletes: await Promise.all(deletes), trading, traders };
  }

  async function expectNoDeadlock(run: Awaited<ReturnType<typeof raceTrading>>) {
    for (const res of run.deletes) expect(res.statusCode, res.body).toBe(200);
    const failed = run.trading.filter((r) => r.statusCode >= 500).map((r) => r.body);
    expect(failed).toEqual([]);
    const ids = run.traders.map((me) => me.user.id);
    const db = h.db();
    expect(await db.selectFrom('users').select('id').where('id', 'in', ids).execute()).toEqual([]);
    expect(await db.selectFrom('orders').select('id').where('user_id', 'in', ids).execute()).toEqual([]);
    expect(await db.selectFrom('wallets').select('id').where('user_id', 'in', ids).execute()).toEqual([]);
  }

  it('deletes the account of a user placing orders, answering no one 500', async () => {
    h.setNow(SATURDAY);
    h.setPrice('ZDEL1', 10);
    const run = await raceTrading(
      (user) =>
        injectAs(h.t.app, user, { method: 'POST', url: '/api/account/delete', payload: { password: TEST_PASSWORD } }),
      'ZDEL1',
    );
    await expectNoDeadlock(run);
  });

  it('lets the admin delete a user who is placing orders, answering no one 500', async () => {
    h.setNow(SATURDAY);
    h.setPrice('ZDEL2', 10);
    const run = await raceTrading(
      (user) => injectAs(h.t.app, admin, { method: 'DELETE', url: `/api/admin/users/${user.id}` }),
      'ZDEL2',
    );
    await expectNoDeadlock(run);
  });

  it('deletes the account while dividends are paid into its wallets, on another instance’s connections', async () => {
    h.setNow(SATURDAY);
    h.setPrice('ZDEL3', 10);
    const me = await newTrader(h.t);
    const wallets: number[] = [];
    for (let n = 0; n < 10; n++) {
      const wallet = await me.wallet();
      await me.buy(wallet, 'ZDEL3', 10);
      wallets.push(wallet);
    }
    const other = h.t.database.connectAgain();
    try {
      const actions = corporateActionsRepository(other);
      const pay = (walletId: number, day: number) =>
        actions.applyDividend({
          walletId,
          symbol: 'ZDEL3',
          date: isoDate(day),
          payDate: isoDate(day),
          currency: 'USD',
          quantity: 10,
          amountPerShare: 0.5,
          fxRate: 1,
          amountE4: 5_000,
          cashCents: 500,
          now: new Date(SATURDAY).toISOString(),
          stocksValueCents: () => 10_000,
        });
      // Two chains per wallet pay one dividend after another (a new date each) until the delete
      // answered, at most PAYS_PER_CHAIN each. Without a bound, twenty chains that each hold the
      // user's row in key share from one payment to the next can keep PostgreSQL's delete, which
      // waits for that row exclusively, waiting as long as they run (compatible row lockers do not
      // queue behind a waiting one): on a busy machine, past the test's limit.
      const PAYS_PER_CHAIN = 40;
      let removed = false;
      let day = 0;
      const failed: string[] = [];
      const chain = async (walletId: number) => {
        for (let last = false, paid = 0; !last && paid < PAYS_PER_CHAIN; paid++) {
          last = removed;
          await pay(walletId, ++day).catch((error: unknown) => failed.push(String(error)));
          // SQLite answers without leaving the microtask queue: let the delete's request run too.
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const chains = [...wallets, ...wallets].map(chain);
      const answer = await injectAs(h.t.app, me.user, {
        method: 'POST',
        url: '/api/account/delete',
        payload: { password: TEST_PASSWORD },
      });
      removed = true;
      await Promise.all(chains);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(failed).toEqual([]);
      expect(await h.db().selectFrom('wallets').select('id').where('user_id', '=', me.user.id).execute()).toEqual([]);
    } finally {
      await other.destroy();
    }
  });
});
