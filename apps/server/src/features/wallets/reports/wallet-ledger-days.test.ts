import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { corporateActionsRepository } from '../corporate-actions/corporate-actions.repository.js';
import { MARKET_OPEN, newTrader, type OrdersHarness, ordersHarness } from '../orders/orders.test-support.js';
import { readKeyedLedger } from './ledger.repository.js';
import { type KeyedLedgerDay, ledgerDays } from './ledger-days.js';

/*
 * The ledger by day (migration 028, docs/api.md#wallet-performance) after every kind of ledger
 * write: the stored days equal the days summed from the ledger itself, and the report served from
 * them is byte for byte the one rebuilt from the ledger alone.
 */
describe.each(testDatabaseKinds)('a wallet’s ledger by day on %s', (kind) => {
  let h: OrdersHarness;
  let me: Awaited<ReturnType<typeof newTrader>>;
  let other: Awaited<ReturnType<typeof newTrader>>;
  const db = () => h.t.database.handle.db;

  beforeAll(async () => {
    h = await ordersHarness(kind);
    h.setPrice('AAPL', 100);
    h.setPrice('MSFT', 50);
    me = await newTrader(h.t);
    other = await newTrader(h.t);
  });
  afterAll(async () => {
    await h?.close();
  });

  const versions = (walletId: number) =>
    db()
      .selectFrom('wallet_ledger_versions')
      .select(['ledger_version', 'days_version'])
      .where('wallet_id', '=', walletId)
      .executeTakeFirstOrThrow();
  const normalized = (days: KeyedLedgerDay[]) =>
    days.map((day) => ({ ...day, positions: [...day.positions].sort((a, b) => (a[0] < b[0] ? -1 : 1)) }));
  async function storedDays(walletId: number) {
    const rows = await db().selectFrom('wallet_ledger_days').selectAll().where('wallet_id', '=', walletId).execute();
    return normalized(
      rows
        .map((row) => ({
          day: row.day,
          cashDeltaCents: row.cash_delta_cents,
          positions: JSON.parse(row.positions),
          last: { at: row.last_at, rank: row.last_rank as 0 | 1, id: row.last_id },
        }))
        .sort((a, b) => a.day - b.day),
    );
  }
  async function fromLedger(walletId: number) {
    const { entries, keys } = await readKeyedLedger(db(), walletId);
    return normalized(ledgerDays(entries, keys));
  }
  async function report(walletId: number): Promise<string> {
    const res = await me.get('get_wallet_performance', { wallet_id: walletId });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  }

  /**
   * The days kept by the write (or, `behind`, left for the report to rebuild) equal the ledger's,
   * and the report equals the one rebuilt from the ledger alone (the days marked behind).
   */
  async function expectAsTheLedger(walletId: number, { behind = false } = {}) {
    const before = await versions(walletId);
    if (behind) expect(before.days_version).not.toBe(before.ledger_version);
    else {
      expect(before.days_version).toBe(before.ledger_version);
      expect(await storedDays(walletId)).toEqual(await fromLedger(walletId));
    }
    const served = await report(walletId);
    const stored = await versions(walletId);
    expect(stored.days_version, 'a report stores days it rebuilt').toBe(stored.ledger_version);
    expect(await storedDays(walletId)).toEqual(await fromLedger(walletId));

    await db()
      .updateTable('wallet_ledger_versions')
      .set({ days_version: -1 })
      .where('wallet_id', '=', walletId)
      .execute();
    expect(await report(walletId), 'the report rebuilt from the ledger alone').toBe(served);
    expect((await versions(walletId)).days_version).toBe(stored.ledger_version);
    return served;
  }

  /** Days as of the ledger's version equal the ledger's; behind ones are rebuilt by the next report. */
  async function expectConsistent(walletId: number) {
    const now = await versions(walletId);
    await expectAsTheLedger(walletId, { behind: now.days_version !== now.ledger_version });
  }

  it('keeps the days as the ledger through a buy, a sale, an order fill, a dividend and a split', async () => {
    h.setNow(MARKET_OPEN);
    const walletId = await me.wallet();
    await expectAsTheLedger(walletId);

    await me.buy(walletId, 'AAPL', 10);
    await expectAsTheLedger(walletId);

    const sold = await me.post('sell_stock_from_wallet', { wallet_id: walletId, symbol: 'AAPL', quantity: 3 });
    expect(sold.statusCode, sold.body).toBe(200);
    await expectAsTheLedger(walletId);

    const order = await me.placed({
      wallet_id: walletId,
      symbol: 'MSFT',
      side: 'buy',
      type: 'limit',
      quantity: 4,
      limit_price: 60,
      time_in_force: 'gtc',
    });
    await (await h.matcher()).matchOnce();
    const filled = await db().selectFrom('orders').select('status').where('id', '=', order.order_id).executeTakeFirst();
    expect(filled?.status).toBe('filled');
    await expectAsTheLedger(walletId);

    const actions = corporateActionsRepository(h.t.database.handle);
    const now = new Date(h.now()).toISOString();
    // Paid today, at the trades' very instant: after them in the ledger (trades first).
    const dividend = await actions.applyDividend({
      walletId,
      symbol: 'AAPL',
      date: '2025-03-12',
      payDate: '2025-03-14',
      currency: 'USD',
      quantity: 7,
      amountPerShare: 0.25,
      fxRate: 1,
      amountE4: 2500,
      cashCents: 175,
      now,
      stocksValueCents: () => 0,
    });
    expect(dividend).toBe('applied');
    await expectAsTheLedger(walletId);

    // Effective on its date, two days back: a day before every other entry.
    const split = await actions.applySplit({
      walletId,
      symbol: 'AAPL',
      date: '2025-03-12',
      currency: 'USD',
      quantity: 7,
      numerator: 2,
      denominator: 1,
      sharesDelta: 7,
      cashCents: 0,
      now,
    });
    expect(split).toBe('applied');
    await expectAsTheLedger(walletId);
  });

  it('leaves the days behind when an entry lands before another of its symbol that day, and the report rebuilds them', async () => {
    const walletId = await me.wallet();
    await me.buy(walletId, 'AAPL', 4);
    const actions = corporateActionsRepository(h.t.database.handle);
    // Paid on 2025-03-13, applied later: it counts at 17:00 UTC that day.
    const dividend = await actions.applyDividend({
      walletId,
      symbol: 'AAPL',
      date: '2025-03-11',
      payDate: '2025-03-13',
      currency: 'USD',
      quantity: 4,
      amountPerShare: 0.5,
      fxRate: 1,
      amountE4: 5000,
      cashCents: 200,
      now: '2025-03-13T18:00:00.000Z',
      stocksValueCents: () => 0,
    });
    expect(dividend).toBe('applied');
    await expectAsTheLedger(walletId);
    // Applied at 16:00 UTC the same day: before the dividend, in the same symbol and day.
    const split = await actions.applySplit({
      walletId,
      symbol: 'AAPL',
      date: '2025-03-13',
      currency: 'USD',
      quantity: 4,
      numerator: 3,
      denominator: 1,
      sharesDelta: 8,
      cashCents: 0,
      now: '2025-03-13T16:00:00.000Z',
    });
    expect(split).toBe('applied');
    await expectAsTheLedger(walletId, { behind: true });
  });

  it('sees a ledger row written outside the app (the trigger moves the version) and rebuilds', async () => {
    h.setNow(MARKET_OPEN);
    const walletId = await me.wallet();
    await me.buy(walletId, 'MSFT', 2);
    await report(walletId);
    await db()
      .insertInto('wallet_trades')
      .values({
        wallet_id: walletId,
        side: 'buy',
        symbol: 'AAPL',
        quantity: 1,
        price_e4: 1_000_000,
        cash_cents: 10_000,
        realized_gain_cents: 0,
        created_at: '2025-03-13T15:00:00.000Z',
      })
      .execute();
    await expectAsTheLedger(walletId, { behind: true });
  });

  it('keeps the days as the ledger when trades in one wallet, and a report rebuilding it, run at once', async () => {
    h.setNow(MARKET_OPEN);
    const walletId = await me.wallet();
    await me.buy(walletId, 'AAPL', 20);
    await Promise.all([
      me.buy(walletId, 'AAPL', 1),
      me.buy(walletId, 'MSFT', 1),
      me.post('sell_stock_from_wallet', { wallet_id: walletId, symbol: 'AAPL', quantity: 2 }),
      me.buy(walletId, 'MSFT', 3),
    ]);
    // Each trade's time is taken before its transaction waits for the wallet: one that commits
    // after a later-stamped one of its symbol leaves the days behind (ledger-days.ts addToDay).
    await expectConsistent(walletId);

    // Days behind, rebuilt by a report while two trades commit: whatever wins, nothing is lost.
    await db()
      .updateTable('wallet_ledger_versions')
      .set({ days_version: -1 })
      .where('wallet_id', '=', walletId)
      .execute();
    await Promise.all([report(walletId), me.buy(walletId, 'AAPL', 1), me.buy(walletId, 'MSFT', 1)]);
    await expectConsistent(walletId);
  });

  it('answers another user 404 for the wallet’s performance, and stores nothing for them', async () => {
    const walletId = await me.wallet();
    await me.buy(walletId, 'AAPL', 1);
    await db()
      .updateTable('wallet_ledger_versions')
      .set({ days_version: -1 })
      .where('wallet_id', '=', walletId)
      .execute();
    const res = await other.get('get_wallet_performance', { wallet_id: walletId });
    expect(res.statusCode, res.body).toBe(404);
    expect((await versions(walletId)).days_version).toBe(-1);
    await expectAsTheLedger(walletId, { behind: true });
  });
});
