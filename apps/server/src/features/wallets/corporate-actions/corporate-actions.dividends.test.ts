import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DemoMarketDataProvider } from '../../../integrations/market-data/demo/demo-provider.js';
import type { Dividend } from '../../../integrations/market-data/types.js';
import { applierOn, corporateActionsEnv, walletCalls } from '../../../test/corporate-actions.js';
import {
  createInstanceOn,
  createTestApp,
  injectAs,
  signUp,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { priceToE4, saleProceedsCents } from '../money.js';

const DAY = 86_400_000;
type Instance = Awaited<ReturnType<typeof createInstanceOn>>;
const at = (ms: number) => vi.setSystemTime(ms);

/** What `quantity` shares are paid for `dividend`, in cents, at `usdPerUnit` dollars per unit of its currency. */
const paid = (dividend: Dividend, quantity: number, usdPerUnit = 1) =>
  saleProceedsCents(priceToE4(dividend.amount * usdPerUnit)!, quantity);

/**
 * docs/api.md#corporate-actions: dividends are paid once, on the pay date, to the shares held
 * before the ex-date, also when the server was down on those dates; re-runs and a second instance
 * running at the same moment never pay twice. The clock is pinned (Date only) and moved through
 * Johnson & Johnson's and Shell's dividends of early 2024.
 */
describe.each(testDatabaseKinds)('dividends in wallets on %s', (kind) => {
  const market = new DemoMarketDataProvider({ now: () => Date.now() });
  let first: TestApp;
  let second: Instance | undefined;
  let alice: TestUser;
  let bob: TestUser;
  let jnj: Dividend;
  let jnjMay: Dividend;
  let shell: Dividend;
  const wallets: Record<string, number> = {};

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // The schedule as the market states it once it is all known.
    at(Date.parse('2024-12-31T12:00:00Z'));
    const jnjYear = (await market.corporateActions('JNJ', '2024-01-01', '2024-12-31')).dividends;
    [jnj, jnjMay] = jnjYear as [Dividend, Dividend];
    shell = (await market.corporateActions('SHEL.L', '2024-01-01', '2024-12-31')).dividends[0]!;
    expect(jnj.exDate < shell.payDate && shell.exDate < jnj.exDate).toBe(true);

    // Instance 1, before the ex-dates: its schedule runs (nothing is due yet).
    at(shell.exTime - 5 * DAY);
    first = await createTestApp(kind, corporateActionsEnv(true), undefined, { marketData: market });
    alice = await signUp(first.app);
    bob = await signUp(first.app);
    const a = walletCalls(first.app, alice);
    const b = walletCalls(first.app, bob);
    for (const name of ['held', 'boughtOnEx', 'soldOnEx', 'soldBefore', 'shell']) wallets[name] = await a.create(name);
    wallets.bob = await b.create('bob');
    await a.buy(wallets.held!, 'JNJ', 10);
    await a.buy(wallets.soldOnEx!, 'JNJ', 7);
    await a.buy(wallets.soldBefore!, 'JNJ', 4);
    await a.buy(wallets.shell!, 'SHEL.L', 100);
    await b.buy(wallets.bob!, 'JNJ', 3);
    at(jnj.exTime - 60_000);
    await a.sell(wallets.soldBefore!, 'JNJ', 4);
    // On the ex-date itself, after its open: a buyer gets nothing, a seller still gets paid.
    at(jnj.exTime + 60 * 60_000);
    await a.buy(wallets.boughtOnEx!, 'JNJ', 9);
    await a.sell(wallets.soldOnEx!, 'JNJ', 7);
    // The server goes down before either pay date...
    await first.app.close();
  });

  afterAll(async () => {
    await second?.close();
    await first.database.drop();
    vi.useRealTimers();
  });

  /** Another instance on the same database (its own connections), started now. */
  const instance = (schedule: boolean) =>
    createInstanceOn(first, { corporateActionsIntervalMs: schedule ? 3_600_000 : undefined }, { marketData: market });

  const rows = (walletId: number) =>
    first.database.handle.db
      .selectFrom('wallet_corporate_actions')
      .selectAll()
      .where('wallet_id', '=', walletId)
      .orderBy('id')
      .execute();
  const cash = async (walletId: number) =>
    (
      await first.database.handle.db
        .selectFrom('wallets')
        .select('cash_cents')
        .where('id', '=', walletId)
        .executeTakeFirstOrThrow()
    ).cash_cents;
  const history = (walletId: number) =>
    first.database.handle.db
      .selectFrom('wallet_history')
      .selectAll()
      .where('wallet_id', '=', walletId)
      .orderBy('id')
      .execute();

  it('pays what fell due while the server was down, once, when it starts again', async () => {
    const cashBefore = await cash(wallets.held!);
    const snapshotsBefore = (await history(wallets.held!)).length;
    // ...and comes back after both pay dates.
    at(shell.payTime + 2 * DAY);
    second = await instance(true);
    // The run on start is not awaited (a slow source must not hold the start): wait for its result.
    await vi.waitFor(async () => expect(await rows(wallets.shell!)).toHaveLength(1), { timeout: 30_000 });
    await vi.waitFor(async () => expect(await rows(wallets.held!)).toHaveLength(1), { timeout: 30_000 });

    const [row] = await rows(wallets.held!);
    expect(row).toMatchObject({
      kind: 'dividend',
      symbol: 'JNJ',
      date: jnj.exDate,
      pay_date: jnj.payDate,
      currency: 'USD',
      amount_per_share: jnj.amount,
      quantity: 10,
      cash_cents: paid(jnj, 10),
    });
    expect(await cash(wallets.held!)).toBe(cashBefore + paid(jnj, 10));
    // A value snapshot like a trade's: the new balance.
    const snapshots = await history(wallets.held!);
    expect(snapshots).toHaveLength(snapshotsBefore + 1);
    expect(snapshots.at(-1)?.balance_cents).toBe(cashBefore + paid(jnj, 10));

    // Shell pays pence: converted at the pound's dollar rate of the day it is paid.
    const rate = (await market.getQuote('GBPUSD=X')).currentPrice / 100;
    expect((await rows(wallets.shell!))[0]).toMatchObject({
      currency: 'GBp',
      quantity: 100,
      cash_cents: paid(shell, 100, rate),
    });
  });

  it('pays the shares held before the ex-date: a buyer on it gets nothing, a seller on it is paid', async () => {
    expect(await rows(wallets.boughtOnEx!)).toEqual([]);
    expect(await rows(wallets.soldBefore!)).toEqual([]);
    expect(await rows(wallets.soldOnEx!)).toMatchObject([{ quantity: 7, cash_cents: paid(jnj, 7) }]);
    expect(await rows(wallets.bob!)).toMatchObject([{ quantity: 3, cash_cents: paid(jnj, 3) }]);
  });

  it('pays nothing again: re-runs, and two instances at once', async () => {
    const before = await Promise.all(
      Object.values(wallets).map(async (id) => [await cash(id), (await rows(id)).length]),
    );
    const third = await instance(false);
    try {
      const runs = await Promise.all([
        applierOn(second!.app.deps.database, market).run(),
        applierOn(third.app.deps.database, market).run(),
        applierOn(second!.app.deps.database, market).run(),
      ]);
      for (const run of runs) expect(run).toMatchObject({ dividends: 0, splits: 0, cashCents: 0 });
      expect(await applierOn(third.app.deps.database, market).run()).toMatchObject({ dividends: 0 });
    } finally {
      await third.close();
    }
    const after = await Promise.all(
      Object.values(wallets).map(async (id) => [await cash(id), (await rows(id)).length]),
    );
    expect(after).toEqual(before);
  });

  it('has two instances that find the same dividend due pay it once between them', async () => {
    at(jnjMay.payTime + DAY);
    const third = await instance(false);
    const fourth = await instance(false);
    const held = await cash(wallets.held!);
    try {
      const runs = await Promise.all([
        applierOn(third.app.deps.database, market).run(),
        applierOn(fourth.app.deps.database, market).run(),
      ]);
      // Still holding: the 10 shares, the 9 bought on the February ex-date, Bob's 3.
      expect(runs.reduce((n, run) => n + run.dividends, 0)).toBe(3);
    } finally {
      await third.close();
      await fourth.close();
    }
    expect((await rows(wallets.held!)).map((r) => r.date)).toEqual([jnj.exDate, jnjMay.exDate]);
    expect(await cash(wallets.held!)).toBe(held + paid(jnjMay, 10));
    expect((await rows(wallets.boughtOnEx!)).map((r) => [r.date, r.quantity])).toEqual([[jnjMay.exDate, 9]]);
    expect((await rows(wallets.soldOnEx!)).map((r) => r.date)).toEqual([jnj.exDate]);
  });

  it('lists a wallet’s dividends for its owner only', async () => {
    const app = second!.app;
    const res = await injectAs(app, alice, {
      method: 'GET',
      url: `/api/finance/get_wallet_events?wallet_id=${wallets.held}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: '2 dividends and 0 splits' });
    expect(res.json().events.map((e: { date: string }) => e.date)).toEqual([jnjMay.exDate, jnj.exDate]);
    expect(res.json().events[1]).toMatchObject({
      kind: 'dividend',
      symbol: 'JNJ',
      pay_date: jnj.payDate,
      amount_per_share: jnj.amount,
      amount_per_share_usd: priceToE4(jnj.amount)! / 10_000,
      fx_rate: 1,
      numerator: null,
      quantity: 10,
      shares_delta: 0,
      cash_amount_cents: paid(jnj, 10),
      cash_amount: paid(jnj, 10) / 100,
    });
    // Bob asking for Alice's wallet: not found, like a wallet that does not exist.
    const foreign = await injectAs(app, bob, {
      method: 'GET',
      url: `/api/finance/get_wallet_events?wallet_id=${wallets.held}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, message: 'Wallet not found' });
    const missing = await injectAs(app, bob, { method: 'GET', url: '/api/finance/get_wallet_events?wallet_id=999999' });
    expect(missing.statusCode).toBe(404);
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/finance/get_wallet_events?wallet_id=${wallets.held}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await injectAs(app, alice, { method: 'GET', url: '/api/finance/get_wallet_events?wallet_id=abc' });
    expect(bad.statusCode).toBe(400);
  });
});
