/**
 * The order matcher's throughput (docs/api.md#orders): one `matchOnce()` over 10,000 open orders
 * (100 wallets × 100 orders, every type and side, on 200 symbols), as orders checked per second,
 * against a baseline measured in the same run on the same database: a plain SELECT of the same
 * open-order rows, which any matcher has to read. Three price situations, median of several runs
 * each:
 *
 * - still: nothing fills and no water mark moves (the common check between price moves);
 * - moving: every price ticks up, so every trailing sell's high-water mark moves (one UPDATE per
 *   symbol and side);
 * - filling: the prices fall so 1 order in 10 fills (each fill its own transaction with its trade).
 *
 * Orders are placed through the repository's real placement path (reservations included), not
 * over HTTP. SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Prints figures only.
 *
 *   npm run bench:orders
 */
import os from 'node:os';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const WALLETS = Math.ceil(ORDERS / 100);
const SYMBOLS = 200;
const RUNS = Number(process.env.BENCH_ORDER_RUNS ?? 7);
/** Friday 2025-03-14, 11:00 in New York: the market is open. */
const NOW = Date.parse('2025-03-14T15:00:00Z');
const BASE_PRICE = 100;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Row {
  database: string;
  orders: number;
  selectMs: number;
  stillMs: number;
  movingMs: number;
  fillingMs: number;
  filled: number;
  checked: number;
}

async function bench(kind: 'sqlite' | 'postgres'): Promise<Row> {
  const { createTestApp, signUp, injectAs } = await import('../src/test/test-app.js');
  const { DemoMarketDataProvider } = await import('../src/integrations/market-data/demo/demo-provider.js');
  const { FixedPriceMarketDataProvider } = await import(
    '../src/integrations/market-data/testing/fixed-price-provider.js'
  );
  const { walletsRepository } = await import('../src/features/wallets/wallets.repository.js');
  const { ordersRepository, OPEN_ORDER_COLUMNS } = await import('../src/features/wallets/orders/orders.repository.js');
  const { orderMatcher } = await import('../src/features/wallets/orders/order-matcher.js');
  const { buyReserveCents } = await import('../src/features/wallets/orders/order-rules.js');

  const clock = () => NOW;
  const symbols = Array.from({ length: SYMBOLS }, (_, i) => `ZB${i}`);
  const market = new FixedPriceMarketDataProvider(new DemoMarketDataProvider({ now: clock }));
  const setAll = (dollars: number) => {
    for (const symbol of symbols) market.prices.set(symbol, dollars);
  };
  setAll(BASE_PRICE);
  const t = await createTestApp(kind, {}, undefined, { marketData: market, clock });
  try {
    const handle = t.database.handle;
    const wallets = walletsRepository(handle);
    const orders = ordersRepository(handle, wallets);
    // As the app builds it (features/wallets/index.ts): several wallets' fills at once on PostgreSQL.
    const matcher = orderMatcher({ orders, market, clock, fillConcurrency: kind === 'postgres' ? 4 : 1 });

    // 100 wallets (20 per user), each holding 100 shares of three symbols for its sell orders.
    const walletIds: { userId: number; walletId: number; held: string[] }[] = [];
    while (walletIds.length < WALLETS) {
      const user = await signUp(t.app);
      for (let w = 0; w < 20 && walletIds.length < WALLETS; w++) {
        const res = await injectAs(t.app, user, {
          method: 'POST',
          url: '/api/finance/create_wallet',
          payload: { wallet_name: `Bench ${w}` },
        });
        const walletId = res.json().wallet.wallet_id as number;
        const held = [0, 1, 2].map((k) => symbols[(walletIds.length * 3 + k) % SYMBOLS]!);
        for (const symbol of held) {
          const buy = await injectAs(t.app, user, {
            method: 'POST',
            url: '/api/finance/add_stock_to_wallet',
            payload: { wallet_id: walletId, symbol, quantity: 100 },
          });
          if (buy.statusCode !== 200) throw new Error(`buy failed: ${buy.body}`);
        }
        walletIds.push({ userId: user.id, walletId, held });
      }
    }

    // 100 orders per wallet, none fillable at BASE_PRICE: limit buys below it, stop buys above it,
    // stop-limit buys above, trailing sells 10 % under the mark; sells on the symbols held.
    const priceE4 = BASE_PRICE * 10_000;
    let placed = 0;
    for (const [w, { userId, walletId, held }] of walletIds.entries()) {
      for (let k = 0; k < 100 && placed < ORDERS; k++, placed++) {
        const kindOf = k % 5;
        const sell = kindOf >= 3;
        const symbol = sell ? held[k % held.length]! : symbols[(w * 7 + k) % SYMBOLS]!;
        const terms = {
          side: (sell ? 'sell' : 'buy') as 'buy' | 'sell',
          type: (['limit', 'stop', 'stop_limit', 'trailing_stop', 'limit'] as const)[kindOf]!,
          // Limit buys at 80–99 (one in ten at 95 or above, so a fall to 95 fills 1 order in 10).
          limitE4:
            kindOf === 0
              ? (k % 10 === 0 ? 95 : 80 + (k % 15)) * 10_000
              : kindOf === 2
                ? 130 * 10_000
                : kindOf === 4
                  ? 150 * 10_000
                  : null,
          stopE4: kindOf === 1 ? 120 * 10_000 : kindOf === 2 ? 125 * 10_000 : null,
          trailAmountE4: null,
          trailPercentE2: kindOf === 3 ? 1000 : null,
          waterMarkE4: kindOf === 3 ? priceE4 : null,
          triggered: false,
        };
        const result = await orders.place(
          {
            user_id: userId,
            wallet_id: walletId,
            symbol,
            side: terms.side,
            type: terms.type,
            quantity: 1,
            limit_price_e4: terms.limitE4,
            stop_price_e4: terms.stopE4,
            trail_amount_e4: null,
            trail_percent_e2: terms.trailPercentE2,
            water_mark_e4: terms.waterMarkE4,
            triggered_at: null,
            time_in_force: 'gtc',
            expires_at: new Date(NOW + 90 * 86_400_000).toISOString(),
            time_zone: 'America/New_York',
            reserved_cents: buyReserveCents(terms, priceE4, 1),
            created_at: new Date(NOW).toISOString(),
          },
          100,
        );
        if (result.kind !== 'placed') throw new Error(`placement refused: ${result.kind}`);
      }
    }

    const db = handle.db;
    const baseline = async () => {
      const start = performance.now();
      const rows = await db
        .selectFrom('orders')
        .select([...OPEN_ORDER_COLUMNS])
        .where('status', '=', 'open')
        .orderBy('symbol')
        .orderBy('id')
        .execute();
      if (rows.length < ORDERS * 0.9) throw new Error(`only ${rows.length} open orders`);
      return performance.now() - start;
    };
    let checked = 0;
    const timeMatch = async (expectFills: boolean) => {
      const start = performance.now();
      const report = await matcher.matchOnce();
      const ms = performance.now() - start;
      if (!expectFills && report.filled > 0) throw new Error('the still bench filled orders');
      checked = report.checked;
      return { ms, report };
    };

    // Warm-up: statement caches, JIT.
    await baseline();
    await timeMatch(false);
    const selects: number[] = [];
    const still: number[] = [];
    const moving: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      selects.push(await baseline());
      setAll(BASE_PRICE);
      still.push((await timeMatch(false)).ms);
      // A new high each run: every trailing sell's mark moves.
      setAll(BASE_PRICE + (run + 1) * 0.01);
      moving.push((await timeMatch(false)).ms);
    }
    // The fall to 95 fills the limit buys at 95 or above (1 order in 10), once.
    setAll(95);
    const fill = await timeMatch(true);
    return {
      database: kind,
      orders: placed,
      selectMs: median(selects),
      stillMs: median(still),
      movingMs: median(moving),
      fillingMs: fill.ms,
      filled: fill.report.filled,
      checked,
    };
  } finally {
    await t.close();
  }
}

async function main() {
  const kinds: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  console.log(
    `Order matcher bench: ${ORDERS.toLocaleString('en-US')} open orders on ${SYMBOLS} symbols, median of ${RUNS} runs; ` +
      `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}` +
      (process.env.TEST_DATABASE_URL ? '' : ' (set TEST_DATABASE_URL to include PostgreSQL)'),
  );
  const rows: Row[] = [];
  for (const kind of kinds) rows.push(await bench(kind));
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const perSecond = (n: number, msTaken: number) => `${Math.round((n / msTaken) * 1000).toLocaleString('en-US')}/s`;
  console.table(
    Object.fromEntries(
      rows.map((r) => [
        r.database,
        {
          'open orders': r.orders,
          'baseline: SELECT of the open orders': ms(r.selectMs),
          'matchOnce, prices still': ms(r.stillMs),
          'orders checked per second (still)': perSecond(r.checked, r.stillMs),
          'ratio to baseline (still)': `${(r.stillMs / r.selectMs).toFixed(2)}×`,
          'matchOnce, trailing marks moving': ms(r.movingMs),
          'orders checked per second (moving)': perSecond(r.checked, r.movingMs),
          [`matchOnce filling ${rows[0]?.filled ?? 0}`]: ms(r.fillingMs),
          'fills per second': perSecond(r.filled, r.fillingMs),
        },
      ]),
    ),
  );
}

await main();
