/**
 * Paper-trading wallets through the real app (app.inject, no network): provider calls per
 * get_wallet_details on a wallet of 50 holdings, and median latency of get_wallet_details and of
 * a buy. SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Prints figures only.
 *
 *   npm run bench:wallets
 *
 * The app is imported from source; the npm script passes `--conditions=source` so the contract
 * package resolves to its source too.
 */
import os from 'node:os';

const REQUESTS = 200;
const WARM_UP = 20;
const HOLDINGS = 50;
/** Friday 2025-03-14, 11:00 in New York: the market is open. */
const NOW = Date.parse('2025-03-14T15:00:00Z');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

interface Row {
  database: string;
  callsPerDetails: string;
  detailsMedian: number;
  detailsP95: number;
  detailsCpu: number;
  buyMedian: number;
  buyP95: number;
  buyCpu: number;
  walletsMedian: number;
  /** The demo provider's own time for one getQuotes of the 50 symbols (part of every figure above). */
  quotesMedian: number;
}

interface Samples {
  /** Wall time of each request, ms. */
  wall: number[];
  /** This process's CPU time per request, ms (less disturbed by other jobs on a shared machine). */
  cpuPerRequest: number;
}

/** CPU time this process has used, in ms. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function bench(kind: 'sqlite' | 'postgres'): Promise<Row> {
  const { createTestApp, injectAs, signUp } = await import('../src/test/test-app.js');
  const { DemoMarketDataProvider } = await import('../src/integrations/market-data/demo/demo-provider.js');
  const { DEMO_UNIVERSE } = await import('../src/integrations/market-data/demo/universe.js');
  const { CountingMarketDataProvider } = await import('../src/integrations/market-data/testing/counting-provider.js');

  // US listings only: the figures are for one quote call, without the exchange-rate one.
  const us = DEMO_UNIVERSE.filter((c) => c.currency === 'USD');
  const universe = [
    ...us,
    ...us.slice(0, Math.max(0, HOLDINGS - us.length)).map((c, i) => ({
      ...c,
      symbol: `ZQ${i}`,
    })),
  ];
  const market = new CountingMarketDataProvider(new DemoMarketDataProvider({ now: () => NOW, universe }));
  const t = await createTestApp(kind, {}, undefined, { marketData: market });
  try {
    const user = await signUp(t.app);
    const post = (url: string, payload: object) => injectAs(t.app, user, { method: 'POST', url, payload });
    const created = await post('/api/finance/create_wallet', { wallet_name: 'Bench' });
    const walletId: number = created.json().wallet.wallet_id;
    for (const company of universe.slice(0, HOLDINGS)) {
      const res = await post('/api/finance/add_stock_to_wallet', {
        wallet_id: walletId,
        symbol: company.symbol,
        quantity: 1,
      });
      if (res.statusCode !== 200) throw new Error(`buy failed: ${res.body}`);
    }

    async function time(op: () => Promise<{ statusCode: number; body: string }>): Promise<Samples> {
      for (let i = 0; i < WARM_UP; i++) await op();
      const wall: number[] = [];
      const cpuStart = cpuMs();
      for (let i = 0; i < REQUESTS; i++) {
        const start = performance.now();
        const res = await op();
        wall.push(performance.now() - start);
        if (res.statusCode !== 200) throw new Error(`request failed: ${res.statusCode} ${res.body}`);
      }
      return { wall, cpuPerRequest: (cpuMs() - cpuStart) / REQUESTS };
    }

    market.reset();
    const detailsUrl = `/api/finance/get_wallet_details?wallet_id=${walletId}`;
    const first = await injectAs(t.app, user, { method: 'GET', url: detailsUrl });
    const holdings = first.json().wallet.stocks.length;
    const calls = `${market.calls.getQuotes} getQuotes + ${market.calls.getQuote} getQuote (${holdings} holdings)`;

    const details = await time(() => injectAs(t.app, user, { method: 'GET', url: detailsUrl }));
    const wallets = await time(() => injectAs(t.app, user, { method: 'GET', url: '/api/finance/get_wallets' }));
    // One share of KO per buy: 220 buys cost far less than the wallet's cash.
    const buys = await time(() =>
      post('/api/finance/add_stock_to_wallet', { wallet_id: walletId, symbol: 'KO', quantity: 1 }),
    );
    const symbols = universe.slice(0, HOLDINGS).map((c) => c.symbol);
    const quotes: number[] = [];
    for (let i = 0; i < 50; i++) {
      const start = performance.now();
      await market.getQuotes(symbols);
      quotes.push(performance.now() - start);
    }
    return {
      database: kind,
      callsPerDetails: calls,
      detailsMedian: median(details.wall),
      detailsP95: percentile(details.wall, 0.95),
      detailsCpu: details.cpuPerRequest,
      buyMedian: median(buys.wall),
      buyP95: percentile(buys.wall, 0.95),
      buyCpu: buys.cpuPerRequest,
      walletsMedian: median(wallets.wall),
      quotesMedian: median(quotes),
    };
  } finally {
    await t.close();
  }
}

async function main() {
  const kinds: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  console.log(
    `Wallet bench: ${REQUESTS} requests per figure after ${WARM_UP} warm-up, via app.inject; ` +
      `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}` +
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
          'provider calls per get_wallet_details': r.callsPerDetails,
          'get_wallet_details median': ms(r.detailsMedian),
          'get_wallet_details p95': ms(r.detailsP95),
          'get_wallet_details CPU/req': ms(r.detailsCpu),
          'buy median': ms(r.buyMedian),
          'buy p95': ms(r.buyP95),
          'buy CPU/req': ms(r.buyCpu),
          'get_wallets median': ms(r.walletsMedian),
          'demo getQuotes(50) alone': ms(r.quotesMedian),
        },
      ]),
    ),
  );
}

await main();
