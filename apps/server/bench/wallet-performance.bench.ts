/**
 * Wallet performance (docs/api.md#wallet-performance) for a wallet of 20 symbols created a year
 * ago: provider calls per rebuild, and median times of get_wallet_performance with the daily
 * closes cached (through the app, app.inject) and with them fetched afresh (the service with an
 * empty closes cache, the demo market's own price paths already simulated), each beside the
 * baseline get_wallet_details of the same wallet measured in the same run. SQLite always;
 * PostgreSQL too when TEST_DATABASE_URL is set. Prints figures only.
 *
 *   npm run bench:wallet-performance
 */
import os from 'node:os';

const REQUESTS = 100;
const WARM_UP = 10;
const SYMBOLS = 20;
const DAY_MS = 86_400_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Row {
  database: string;
  days: number;
  calls: string;
  firstMs: number;
  coldMedian: number;
  warmMedian: number;
  detailsMedian: number;
}

async function timeAll(op: () => Promise<unknown>, count: number, warmUp: number): Promise<number[]> {
  for (let i = 0; i < warmUp; i++) await op();
  const wall: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await op();
    wall.push(performance.now() - start);
  }
  return wall;
}

async function bench(kind: 'sqlite' | 'postgres'): Promise<Row> {
  const { createTestApp, injectAs, signUp } = await import('../src/test/test-app.js');
  const { DemoMarketDataProvider } = await import('../src/integrations/market-data/demo/demo-provider.js');
  const { DEMO_UNIVERSE } = await import('../src/integrations/market-data/demo/universe.js');
  const { CountingMarketDataProvider } = await import('../src/integrations/market-data/testing/counting-provider.js');
  const { ledgerRepository } = await import('../src/features/wallets/reports/ledger.repository.js');
  const { dailyClosesSource } = await import('../src/features/wallets/reports/daily-closes.js');
  const { walletReportsService } = await import('../src/features/wallets/reports/wallet-reports.service.js');

  // The demo market on the real clock, so "a year ago" and "today" are the bench's own days.
  const market = new CountingMarketDataProvider(new DemoMarketDataProvider());
  const t = await createTestApp(kind, {}, undefined, { marketData: market });
  try {
    const user = await signUp(t.app);
    const post = (url: string, payload: object) => injectAs(t.app, user, { method: 'POST', url, payload });
    const walletId: number = (await post('/api/finance/create_wallet', { wallet_name: 'Bench' })).json().wallet_id;
    const symbols = DEMO_UNIVERSE.filter((c) => c.currency === 'USD')
      .slice(0, SYMBOLS)
      .map((c) => c.symbol);
    for (const symbol of symbols) {
      const res = await post('/api/finance/add_stock_to_wallet', { wallet_id: walletId, symbol, quantity: 2 });
      if (res.statusCode !== 200) throw new Error(`buy failed: ${res.body}`);
      const sold = await post('/api/finance/sell_stock_from_wallet', { wallet_id: walletId, symbol, quantity: 1 });
      if (sold.statusCode !== 200) throw new Error(`sell failed: ${sold.body}`);
    }
    // Back-date the wallet a year and spread its 40 trades over that year (a buy and, 9 days
    // later, a sale of each symbol), so the rebuild covers ~252 trading days.
    const db = t.database.handle.db;
    const yearAgo = Date.now() - 365 * DAY_MS;
    await db
      .updateTable('wallets')
      .set({ created_at: new Date(yearAgo).toISOString() })
      .where('id', '=', walletId)
      .execute();
    const trades = await db
      .selectFrom('wallet_trades')
      .select('id')
      .where('wallet_id', '=', walletId)
      .orderBy('id')
      .execute();
    for (const [i, trade] of trades.entries()) {
      const at = yearAgo + (Math.floor(i / 2) * 17 + (i % 2) * 9 + 1) * DAY_MS;
      await db
        .updateTable('wallet_trades')
        .set({ created_at: new Date(at).toISOString() })
        .where('id', '=', trade.id)
        .execute();
    }

    const performanceUrl = `/api/finance/get_wallet_performance?wallet_id=${walletId}`;
    const get = (url: string) => injectAs(t.app, user, { method: 'GET', url });
    market.reset();
    const started = performance.now();
    const first = await get(performanceUrl);
    const firstMs = performance.now() - started;
    if (first.statusCode !== 200) throw new Error(`performance failed: ${first.body}`);
    const days = first.json().series.length as number;
    const calls =
      `${market.calls.getQuotes} getQuotes + ${market.otherCalls.getHistory} getHistory + ` +
      `${market.otherCalls.getProfile} getProfile`;

    const warm = await timeAll(() => get(performanceUrl), REQUESTS, WARM_UP);
    const details = await timeAll(
      () => get(`/api/finance/get_wallet_details?wallet_id=${walletId}`),
      REQUESTS,
      WARM_UP,
    );
    const ledger = ledgerRepository(t.database.handle);
    const cold = await timeAll(
      () =>
        walletReportsService(ledger, market, { closes: dailyClosesSource(market) }).performance(
          user.id,
          walletId,
          'SPY',
        ),
      REQUESTS / 2,
      WARM_UP / 2,
    );
    return {
      database: kind,
      days,
      calls,
      firstMs,
      coldMedian: median(cold),
      warmMedian: median(warm),
      detailsMedian: median(details),
    };
  } finally {
    await t.close();
  }
}

async function main() {
  const kinds: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  console.log(
    `Wallet performance bench: ${SYMBOLS} symbols over a year; medians of ${REQUESTS} (cold: ${REQUESTS / 2}) ` +
      `after warm-up; Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}` +
      (process.env.TEST_DATABASE_URL ? '' : ' (set TEST_DATABASE_URL to include PostgreSQL)'),
  );
  const rows: Row[] = [];
  for (const kind of kinds) rows.push(await bench(kind));
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  console.table(
    Object.fromEntries(
      rows.map((r) => [
        r.database,
        {
          'trading days': r.days,
          'provider calls per rebuild': r.calls,
          'first call (price paths simulated)': ms(r.firstMs),
          'closes fetched, median': ms(r.coldMedian),
          'closes cached, median': ms(r.warmMedian),
          'baseline get_wallet_details, median': ms(r.detailsMedian),
          'cached ÷ baseline': `${(r.warmMedian / r.detailsMedian).toFixed(2)}×`,
          'fetched ÷ baseline': `${(r.coldMedian / r.detailsMedian).toFixed(2)}×`,
        },
      ]),
    ),
  );
}

await main();
