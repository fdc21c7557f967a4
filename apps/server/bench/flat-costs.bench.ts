/**
 * Flat costs: how the server's cost of one request grows with the data behind it. For each call
 * below, the median cost per request at 10 / 100 / 1,000 rows and at the app's cap where one
 * exists (contract: TODOS_MAX, SUDOKU_UNFINISHED_MAX, WEATHER_FAVORITES_MAX, WATCHLIST_MAX), or at
 * 10,000 where nothing caps the rows (finished games, trades, exported rows, open orders), the
 * answer's size, their growth from the first size, and PASS/MISS for "grows no faster than its
 * answer": between each size and the next, and from the first to the last, the cost may grow at
 * most SLACK times as much as the answer (a paged answer stays flat, so its cost must too; an
 * answer of every row may grow linearly, and its cost with it, but not faster). Growth under
 * MIN_GROWTH_MS is noise and never a MISS.
 *
 *   npm run bench:flat-costs     (tsx with --expose-gc: see settleGarbage)
 *
 * Through the real app with app.inject (no network), as the neighbouring feature benches measure
 * (todo-views, wallets, orders, wallet-performance): the wallets need a demo market with more
 * than the 48 bundled listings (1,000 holdings, a 100-symbol watchlist), and the order matcher
 * is a job, not a request, so it runs in this process too (one matchOnce() per "request", its
 * answer the orders it checked). The data is written straight into the database (hours of API
 * calls otherwise); each size is its own user or wallet, beside the others in the same tables.
 * Each figure is the median over ROUNDS rounds of a batch's mean time; a round times every
 * figure once, so a burst of load on the shared machine falls on all of them alike. SQLite in
 * demo mode always; PostgreSQL too when TEST_DATABASE_URL is set (analysed after the seeding).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  OPEN_ORDERS_MAX,
  STARTING_CASH_CENTS,
  SUDOKU_UNFINISHED_MAX,
  TODO_COLOURS,
  TODOS_MAX,
  WATCHLIST_MAX,
  WEATHER_FAVORITES_MAX,
} from '@site/contract';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/db/database.js';
import { dueColumns } from '../src/features/todo/tasks/due.js';
import { searchKey } from '../src/features/todo/tasks/task-search.js';
import { freshKeys } from '../src/features/todo/todo-keys.js';
import { addDays, localTime } from '../src/integrations/time-zones.js';
import { machineLine, median } from './server-process.js';
import { random, words } from './todo-rows.js';

const ROUNDS = Number(process.env.BENCH_FLAT_ROUNDS ?? 9);
/** A batch is repeated until it lasts about this long, so sub-millisecond calls are not timer noise. */
const BATCH_MS = 50;
/** At least this many calls a batch, so a large answer pays for the garbage it leaves. */
const MIN_BATCH = 3;
const SLACK = 1.5;
const MIN_GROWTH_MS = 0.2;
const DAY_MS = 86_400_000;
/** The order matcher's market: Friday 2025-03-14, 11:00 in New York, open (as bench:orders). */
const MATCHER_NOW = Date.parse('2025-03-14T15:00:00Z');

type Db = DatabaseHandle['db'];

/** A seeded xorshift, so every run writes the same rows. */
async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 200) await insert(rows.slice(i, i + 200));
}

/**
 * `count` tasks: 40% in a Work list, the rest in the Inbox; 60% due within ±30 days, 25% labelled
 * Urgent, 20% completed. (todo-rows.ts writes plain to-dos, which leave most views empty.)
 */
async function seedTasks(db: Db, userId: number, count: number, seed: number) {
  const next = random(seed);
  const now = new Date().toISOString();
  const today = localTime(Date.now(), 'UTC').date;
  const [listKey, labelKey] = freshKeys(2);
  const list = await db
    .insertInto('todo_lists')
    .values({
      user_id: userId,
      name: 'Work',
      colour: TODO_COLOURS[1]!,
      position: listKey!,
      archived_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('todo_labels')
    .values({
      user_id: userId,
      name: 'Urgent',
      name_key: 'urgent',
      colour: 'gray',
      position: labelKey!,
      created_at: now,
    })
    .execute();
  const tasks = Array.from({ length: count }, (_, i) => {
    const listId = next() < 0.4 ? list.id : null;
    const urgent = next() < 0.25;
    const due =
      next() < 0.6 ? { date: addDays(today, Math.floor(next() * 61) - 30), time: null, zone: 'Europe/Paris' } : null;
    const completed = next() < 0.2;
    const title = words(next, 3 + Math.floor(next() * 5));
    const description = next() < 0.4 ? words(next, 12) : '';
    return { i, listId, urgent, due, completed, title, description };
  });
  const keys = new Map<number | null, string[]>([
    [null, freshKeys(tasks.filter((t) => t.listId === null).length)],
    [list.id, freshKeys(tasks.filter((t) => t.listId === list.id).length)],
  ]);
  const rows = tasks.map((t) => ({
    user_id: userId,
    title: t.title,
    description: t.description,
    completed: t.completed ? 1 : 0,
    created_at: now,
    updated_at: now,
    list_id: t.listId,
    created_by: userId,
    ...dueColumns(t.due),
    priority: 1 + (t.i % 4),
    position: keys.get(t.listId)!.shift()!,
    completed_at: t.completed ? new Date(Date.now() - t.i * 60_000).toISOString() : null,
    search_key: searchKey(t.title, t.description, t.urgent ? ['Urgent'] : []),
  }));
  for (let i = 0; i < rows.length; i += 200) {
    const ids = await db
      .insertInto('todos')
      .values(rows.slice(i, i + 200))
      .returning('id')
      .execute();
    const labelRows = ids
      .filter((_, j) => tasks[i + j]!.urgent)
      .map(({ id }) => ({ todo_id: id, user_id: userId, name: 'Urgent', name_key: 'urgent' }));
    if (labelRows.length) await db.insertInto('todo_task_labels').values(labelRows).execute();
  }
  return { listId: list.id };
}

/** A stored game's boards, copied into every seeded game. */
interface Boards {
  puzzle: string;
  solution: string;
}

/** `finished` games won or lost (70% won) one after another, then `playing` unfinished ones. */
async function seedGames(db: Db, userId: number, boards: Boards, finished: number, playing: number) {
  const start = Date.now() - (finished + playing + 1) * 3_600_000;
  const at = (i: number) => new Date(start + i * 3_600_000).toISOString();
  const levels = ['easy', 'medium', 'hard'] as const;
  const rows = Array.from({ length: finished + playing }, (_, i) => {
    const done = i < finished;
    return {
      user_id: userId,
      difficulty: levels[i % 3]!,
      puzzle: boards.puzzle,
      solution: boards.solution,
      state: done ? boards.solution : boards.puzzle,
      time: 120 + ((i * 37) % 900),
      status: done ? (i % 10 < 7 ? ('won' as const) : ('lost' as const)) : ('playing' as const),
      created_at: at(i),
      updated_at: at(i),
      finished_at: done ? at(i) : null,
      daily_date: null,
    };
  });
  await insertChunked(rows, (chunk) => db.insertInto('sudoku_games').values(chunk).execute());
}

async function seedFavourites(db: Db, userId: number, count: number) {
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => {
    const lat = 40 + i * 0.01;
    const lon = -3 + i * 0.01;
    return {
      user_id: userId,
      nickname: `Place ${i + 1}`,
      address: `${i + 1} Bench Street, Madrid, Spain`,
      lat,
      lon,
      lat_e4: Math.round(lat * 1e4),
      lon_e4: Math.round(lon * 1e4),
      timezone: 'Europe/Madrid',
      country_code: 'ES',
      created_at: now,
    };
  });
  await insertChunked(rows, (chunk) => db.insertInto('weather_favorites').values(chunk).execute());
}

async function seedWatchlist(db: Db, userId: number, symbols: string[]) {
  const now = new Date().toISOString();
  await insertChunked(
    symbols.map((symbol) => ({ user_id: userId, symbol, created_at: now })),
    (chunk) => db.insertInto('watchlist').values(chunk).execute(),
  );
}

const PRICE_E4 = 100 * 10_000;
const TRADE_CENTS = 10_000;

/**
 * `count` trades of one share at $100 spread from `fromMs` to now over `symbols`: a buy of each
 * first, then buys and sales in turn, each with the history snapshot the app writes after a
 * trade; the holdings and cash the trades leave.
 */
async function seedTrades(db: Db, walletId: number, count: number, symbols: string[], fromMs: number) {
  const step = (Date.now() - DAY_MS - fromMs) / Math.max(1, count);
  const held = new Map<string, number>();
  let cash = STARTING_CASH_CENTS;
  const trades = [];
  const history = [];
  for (let i = 0; i < count; i++) {
    const symbol = symbols[i < symbols.length ? i : (i >> 1) % symbols.length]!;
    const side = i < symbols.length || i % 2 === 0 ? ('buy' as const) : ('sell' as const);
    held.set(symbol, (held.get(symbol) ?? 0) + (side === 'buy' ? 1 : -1));
    cash += side === 'buy' ? -TRADE_CENTS : TRADE_CENTS;
    const created_at = new Date(fromMs + (i + 1) * step).toISOString();
    trades.push({
      wallet_id: walletId,
      side,
      symbol,
      quantity: 1,
      price_e4: PRICE_E4,
      cash_cents: TRADE_CENTS,
      realized_gain_cents: 0,
      created_at,
    });
    const stocks = [...held.values()].reduce((a, b) => a + b, 0) * TRADE_CENTS;
    history.push({ wallet_id: walletId, created_at, balance_cents: cash, stocks_value_cents: stocks });
  }
  await insertChunked(trades, (chunk) => db.insertInto('wallet_trades').values(chunk).execute());
  await insertChunked(history, (chunk) => db.insertInto('wallet_history').values(chunk).execute());
  const holdings = [...held].filter(([, quantity]) => quantity > 0);
  await insertChunked(
    holdings.map(([symbol, quantity]) => ({
      wallet_id: walletId,
      symbol,
      quantity,
      cost_cents: quantity * TRADE_CENTS,
    })),
    (chunk) => db.insertInto('wallet_holdings').values(chunk).execute(),
  );
  await db.updateTable('wallets').set({ cash_cents: cash }).where('id', '=', walletId).execute();
}

/** What one timed call answered: its size in bytes, or (the matcher) the orders it checked. */
interface Answer {
  amount: number;
  unit: 'bytes' | 'orders';
}

interface Target {
  group: string;
  size: number;
  sizeLabel: string;
  call: () => Promise<Answer>;
  /** Untimed, before each batch (the matcher's open-order set). */
  before?: () => Promise<void>;
}

interface Figure extends Target {
  ms: number;
  answer: Answer;
}

/**
 * Collects the garbage earlier targets left once it passes GC_DEBT_BYTES (`--expose-gc`, as the
 * npm script runs it), so a batch pays for its own and not for the megabytes of an export timed
 * before it; a full collection before every batch would take most of the run.
 */
const collectGarbage = (globalThis as { gc?: () => void }).gc;
const GC_DEBT_BYTES = 32 * 1024 * 1024;
let heapAfterCollection = 0;
function settleGarbage() {
  if (!collectGarbage || process.memoryUsage().heapUsed - heapAfterCollection < GC_DEBT_BYTES) return;
  collectGarbage();
  heapAfterCollection = process.memoryUsage().heapUsed;
}

/** Every target ROUNDS times in turn; each figure the median of its rounds' batch means. */
async function measure(targets: Target[]): Promise<Figure[]> {
  const batches: number[] = [];
  const answers: Answer[] = [];
  for (const target of targets) {
    await target.before?.();
    answers.push(await target.call());
    const start = performance.now();
    await target.call();
    const once = performance.now() - start;
    batches.push(Math.max(MIN_BATCH, Math.min(20, Math.ceil(BATCH_MS / Math.max(once, 0.01)))));
  }
  const rounds = targets.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [n, target] of targets.entries()) {
      await target.before?.();
      settleGarbage();
      const start = performance.now();
      for (let i = 0; i < batches[n]!; i++) await target.call();
      rounds[n]!.push((performance.now() - start) / batches[n]!);
    }
    // A breath between rounds, so a round is not one long burst against the other jobs.
    await sleep(5);
  }
  return targets.map((target, n) => ({ ...target, ms: median(rounds[n]!), answer: answers[n]! }));
}

const formatMs = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(ms < 10 ? 2 : 1)} ms`);
const formatAnswer = ({ amount, unit }: Answer) =>
  unit === 'orders'
    ? `${amount.toLocaleString('en-US')} orders`
    : amount < 1024
      ? `${amount} B`
      : `${(amount / 1024).toFixed(1)} kB`;

/** Whether cost grows within SLACK of the answer from `a` to `b` (growth under MIN_GROWTH_MS passes). */
const keepsUp = (a: Figure, b: Figure) =>
  b.ms - a.ms < MIN_GROWTH_MS || b.ms / a.ms <= SLACK * Math.max(1, b.answer.amount / a.answer.amount);

async function bench(kind: 'sqlite' | 'postgres') {
  const { createTestApp, injectAs, signUp } = await import('../src/test/test-app.js');
  const { DemoMarketDataProvider } = await import('../src/integrations/market-data/demo/demo-provider.js');
  const { DEMO_UNIVERSE } = await import('../src/integrations/market-data/demo/universe.js');
  const { FixedPriceMarketDataProvider } = await import(
    '../src/integrations/market-data/testing/fixed-price-provider.js'
  );
  const { walletsRepository } = await import('../src/features/wallets/wallets.repository.js');
  const { ordersRepository } = await import('../src/features/wallets/orders/orders.repository.js');
  const { orderMatcher } = await import('../src/features/wallets/orders/order-matcher.js');
  const { buyReserveCents } = await import('../src/features/wallets/orders/order-rules.js');

  // The bundled US listings and copies of them under new symbols, 1,000 in all; the market's
  // clock stands still at the start, so quotes are built once (their cost is not the server's).
  const us = DEMO_UNIVERSE.filter((c) => c.currency === 'USD');
  const universe = [
    ...us,
    ...Array.from({ length: 1000 - us.length }, (_, i) => ({ ...us[i % us.length]!, symbol: `ZQ${i}` })),
  ];
  const symbols = universe.map((c) => c.symbol);
  const startedAt = Date.now();
  const market = new DemoMarketDataProvider({ now: () => startedAt, universe });
  const t = await createTestApp(kind, { DATA_MODE: 'demo' }, undefined, { marketData: market });
  try {
    const db = t.database.handle.db;
    const wallets = walletsRepository(t.database.handle);
    const newWallet = async (userId: number, name: string, createdAt: number) => {
      // Through the repository with a cap of its own: one user holds all the bench's wallets.
      const made = await wallets.create(userId, name, STARTING_CASH_CENTS, 1000, new Date(createdAt).toISOString());
      if (made.kind !== 'created') throw new Error(`wallet ${name}: ${made.kind}`);
      return made.wallet.id;
    };
    const targets: Target[] = [];
    const get = (user: Awaited<ReturnType<typeof signUp>>, url: string) => async (): Promise<Answer> => {
      const res = await injectAs(t.app, user, { method: 'GET', url });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return { amount: res.rawPayload.length, unit: 'bytes' };
    };
    // FLAT_ONLY=sudoku (say) measures only the groups whose name holds it, for a quick check of one.
    const only = process.env.FLAT_ONLY;
    const add = (group: string, size: number, unit: string, call: Target['call'], cap?: number) =>
      (!only || group.includes(only)) &&
      targets.push({
        group,
        size,
        sizeLabel: `${size.toLocaleString('en-US')} ${unit}${size === cap ? ' (cap)' : ''}`,
        call,
      });
    /** 10, 100, 1,000 … up to `largest`, with the cap itself when it is not one of them. */
    const sizesTo = (largest: number) => [10, 100, 1000, 10_000].filter((n) => n < largest).concat(largest);

    // To-do: one user per size; the views of tasks/tasks.routes.ts and the seed's unpaged list.
    for (const [n, size] of sizesTo(TODOS_MAX).entries()) {
      const user = await signUp(t.app);
      const { listId } = await seedTasks(db, user.id, size, n + 1);
      const views: [string, string][] = [
        ['GET /api/todo (unpaged)', '/api/todo'],
        ['tasks view=inbox', '/api/todo/tasks?view=inbox'],
        ['tasks view=today', '/api/todo/tasks?view=today&tz=Europe%2FParis'],
        ['tasks view=upcoming', '/api/todo/tasks?view=upcoming&tz=Europe%2FParis'],
        ['tasks view=list', `/api/todo/tasks?view=list&list_id=${listId}`],
        ['tasks view=label', '/api/todo/tasks?view=label&label=urgent'],
        ['tasks view=completed', '/api/todo/tasks?view=completed'],
        ['tasks view=search', '/api/todo/tasks?view=search&q=invoice'],
      ];
      for (const [group, url] of views) add(`to-do ${group}`, size, 'items', get(user, url), TODOS_MAX);
    }

    // Sudoku: boards of one real game (started, read, removed), then per size a player with that
    // many finished games and as many unfinished ones as the cap allows.
    const sample = await signUp(t.app);
    const started = await injectAs(t.app, sample, { method: 'GET', url: '/api/sudoku/play?difficulty=easy' });
    if (started.statusCode !== 200) throw new Error(`sudoku play: ${started.body}`);
    const boards = await db
      .selectFrom('sudoku_games')
      .select(['puzzle', 'solution'])
      .where('user_id', '=', sample.id)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('sudoku_games').where('user_id', '=', sample.id).execute();
    for (const size of sizesTo(10_000)) {
      const user = await signUp(t.app);
      const playing = Math.min(size, SUDOKU_UNFINISHED_MAX);
      await seedGames(db, user.id, boards, size, playing);
      if (size <= SUDOKU_UNFINISHED_MAX)
        add('sudoku savedGames', size, 'unfinished', get(user, '/api/sudoku/savedGames'), SUDOKU_UNFINISHED_MAX);
      add('sudoku stats', size, 'finished', get(user, '/api/sudoku/stats'));
      add('sudoku stats/levels', size, 'finished', get(user, '/api/sudoku/stats/levels'));
    }

    // Weather favourites and the watchlist: two users, up to each cap.
    const small = await signUp(t.app);
    const large = await signUp(t.app);
    await seedFavourites(db, small.id, 10);
    await seedFavourites(db, large.id, WEATHER_FAVORITES_MAX);
    await seedWatchlist(db, small.id, symbols.slice(0, 10));
    await seedWatchlist(db, large.id, symbols.slice(0, WATCHLIST_MAX));
    add('weather favourites', 10, 'places', get(small, '/api/weather/saved'), WEATHER_FAVORITES_MAX);
    add('weather favourites', WEATHER_FAVORITES_MAX, 'places', get(large, '/api/weather/saved'), WEATHER_FAVORITES_MAX);
    add('finance watchlist', 10, 'symbols', get(small, '/api/finance/get_watchlist'), WATCHLIST_MAX);
    add('finance watchlist', WATCHLIST_MAX, 'symbols', get(large, '/api/finance/get_watchlist'), WATCHLIST_MAX);

    // Wallets, all one user's: by holdings (no cap; two shares each, one snapshot), by trades (a
    // year of them over ten symbols) and by age (ten trades over 10 to 1,000 days).
    const investor = await signUp(t.app);
    const walletUrl = (path: string, walletId: number) =>
      `/api/finance/${path}?wallet_id=${walletId}&user_id=${investor.id}`;
    for (const size of [10, 100, 1000]) {
      const walletId = await newWallet(investor.id, `Holdings ${size}`, Date.now());
      await insertChunked(
        symbols.slice(0, size).map((symbol) => ({ wallet_id: walletId, symbol, quantity: 2, cost_cents: 20_000 })),
        (chunk) => db.insertInto('wallet_holdings').values(chunk).execute(),
      );
      add('wallet details', size, 'holdings', get(investor, walletUrl('get_wallet_details', walletId)));
    }
    const tenSymbols = symbols.slice(0, 10);
    for (const size of [10, 100, 1000, 10_000]) {
      const yearAgo = Date.now() - 365 * DAY_MS;
      const walletId = await newWallet(investor.id, `Trades ${size}`, yearAgo);
      await seedTrades(db, walletId, size, tenSymbols, yearAgo);
      add('wallet history', size, 'trades', get(investor, walletUrl('get_wallet_history', walletId)));
      add('wallet ledger', size, 'trades', get(investor, walletUrl('get_wallet_ledger', walletId)));
      add('wallet performance', size, 'trades', get(investor, walletUrl('get_wallet_performance', walletId)));
    }
    for (const days of [10, 100, 1000]) {
      const createdAt = Date.now() - days * DAY_MS;
      const walletId = await newWallet(investor.id, `Days ${days}`, createdAt);
      await seedTrades(db, walletId, 10, tenSymbols, createdAt);
      add('wallet performance', days, 'days old', get(investor, walletUrl('get_wallet_performance', walletId)));
    }

    // Account export: per size, a user whose rows are 40% tasks, 20% finished games, 20% trades
    // and 20% their history snapshots (plus the list, label, wallet and holdings they imply).
    for (const [n, size] of [10, 100, 1000, 10_000].entries()) {
      const user = await signUp(t.app);
      await seedTasks(db, user.id, Math.round(size * 0.4), 100 + n);
      await seedGames(db, user.id, boards, Math.round(size * 0.2), 0);
      const walletId = await newWallet(user.id, 'Export', Date.now() - 365 * DAY_MS);
      await seedTrades(db, walletId, Math.round(size * 0.2), tenSymbols, Date.now() - 365 * DAY_MS);
      add('account export', size, 'rows', get(user, '/api/account/export'));
    }

    // The order matcher (as bench:orders, prices still): 10,000 open buy orders, 100 a wallet (the
    // cap), none fillable at those prices; a size opens the first n and leaves the rest cancelled.
    const orderSymbols = Array.from({ length: 200 }, (_, i) => `ZB${i}`);
    const fixed = new FixedPriceMarketDataProvider(new DemoMarketDataProvider({ now: () => MATCHER_NOW }));
    for (const symbol of orderSymbols) fixed.prices.set(symbol, 100);
    const matcher = orderMatcher({
      orders: ordersRepository(t.database.handle, wallets),
      market: fixed,
      clock: () => MATCHER_NOW,
      fillConcurrency: kind === 'postgres' ? 4 : 1,
    });
    const trader = await signUp(t.app);
    const sizes = [10, 100, 1000, 10_000];
    const total = sizes.at(-1)!;
    const placedAt = new Date(MATCHER_NOW - DAY_MS).toISOString();
    for (let w = 0; w < total / OPEN_ORDERS_MAX; w++) {
      const walletId = await newWallet(trader.id, `Orders ${w}`, MATCHER_NOW - DAY_MS);
      // Written as orders.place() leaves them, a wallet's at once: its orders, then their reservation.
      const rows = Array.from({ length: OPEN_ORDERS_MAX }, (_, k) => {
        const type = (['limit', 'stop', 'stop_limit'] as const)[k % 3]!;
        const terms = {
          side: 'buy' as const,
          type,
          limitE4: type === 'limit' ? (80 + (k % 15)) * 10_000 : type === 'stop_limit' ? 130 * 10_000 : null,
          stopE4: type === 'stop' ? 120 * 10_000 : type === 'stop_limit' ? 125 * 10_000 : null,
          trailAmountE4: null,
          trailPercentE2: null,
          waterMarkE4: null,
          triggered: false,
        };
        return {
          user_id: trader.id,
          wallet_id: walletId,
          symbol: orderSymbols[(w * 7 + k) % orderSymbols.length]!,
          side: 'buy' as const,
          type,
          quantity: 1,
          limit_price_e4: terms.limitE4,
          stop_price_e4: terms.stopE4,
          time_in_force: 'gtc' as const,
          expires_at: new Date(MATCHER_NOW + 90 * DAY_MS).toISOString(),
          time_zone: 'America/New_York',
          status: 'open' as const,
          reserved_cents: buyReserveCents(terms, 100 * 10_000, 1),
          created_at: placedAt,
          updated_at: placedAt,
        };
      });
      await insertChunked(rows, (chunk) => db.insertInto('orders').values(chunk).execute());
      const reserved = rows.reduce((sum, row) => sum + row.reserved_cents, 0);
      await db.updateTable('wallets').set({ reserved_cents: reserved }).where('id', '=', walletId).execute();
    }
    const orderIds = await db.selectFrom('orders').select('id').orderBy('id').execute();
    let opened = -1;
    for (const size of only && !'order matcher'.includes(only) ? [] : sizes) {
      const lastId = orderIds[size - 1]!.id;
      targets.push({
        group: 'order matcher (one run)',
        size,
        sizeLabel: `${size.toLocaleString('en-US')} open orders`,
        before: async () => {
          if (opened === size) return;
          await db
            .updateTable('orders')
            .set({ status: sql<'open' | 'cancelled'>`case when id <= ${lastId} then 'open' else 'cancelled' end` })
            .execute();
          opened = size;
        },
        call: async () => {
          const report = await matcher.matchOnce();
          if (report.filled > 0) throw new Error('the matcher filled an order at still prices');
          return { amount: report.checked, unit: 'orders' };
        },
      });
    }

    if (kind === 'postgres') {
      // As autovacuum would within a minute of writes this size (see bench:todo-views).
      await sql`analyze`.execute(db);
      await sql`select gin_clean_pending_list('todos_search')`.execute(db);
    }
    const seededMs = Date.now() - startedAt;
    const figures = await measure(targets);
    return { figures, seededMs, measuredMs: Date.now() - startedAt - seededMs };
  } finally {
    await t.close();
  }
}

function table(kind: string, figures: Figure[]) {
  const rows: Record<string, Record<string, string>> = {};
  const misses: string[] = [];
  const groups = [...new Set(figures.map((f) => f.group))];
  for (const group of groups) {
    // The wallet performance group holds two series (by trades, by age): each judged on its own.
    const series = new Map<string, Figure[]>();
    for (const f of figures.filter((f) => f.group === group)) {
      const unit = f.sizeLabel.replace(/^[\d,]+ /, '').replace(' (cap)', '');
      series.set(unit, [...(series.get(unit) ?? []), f]);
    }
    for (const [unit, list] of series) {
      const first = list[0]!;
      const last = list.at(-1)!;
      const pass = keepsUp(first, last) && list.every((f, i) => i === 0 || keepsUp(list[i - 1]!, f));
      if (!pass) misses.push(`${group} by ${unit}`);
      for (const [i, f] of list.entries()) {
        const previous = list[i - 1];
        rows[`${group} @ ${f.sizeLabel}`] = {
          'median/req': formatMs(f.ms),
          answer: formatAnswer(f.answer),
          'cost × prev': previous ? `${(f.ms / previous.ms).toFixed(2)}` : '',
          'answer × prev': previous ? `${(f.answer.amount / previous.answer.amount).toFixed(2)}` : '',
          'cost × first': i ? `${(f.ms / first.ms).toFixed(1)}` : '',
          'answer × first': i ? `${(f.answer.amount / first.answer.amount).toFixed(1)}` : '',
          flat: f === last ? (pass ? 'PASS' : 'MISS') : '',
        };
      }
    }
  }
  console.log(`\n${kind}:`);
  console.table(rows);
  return misses.map((m) => `${kind} ${m}`);
}

const kinds: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
console.log(
  `Flat-costs bench: server cost per request by data size, via app.inject, median of ${ROUNDS} rounds ` +
    `(batches of ≥ ${BATCH_MS} ms and ≥ ${MIN_BATCH} calls); PASS when, between sizes and overall, cost grows at most ${SLACK}× as ` +
    `much as the answer (or by under ${MIN_GROWTH_MS} ms); ${machineLine()}` +
    (process.env.TEST_DATABASE_URL ? '' : ' (set TEST_DATABASE_URL to include PostgreSQL)') +
    (collectGarbage ? '' : '; without --expose-gc, a batch also pays for the garbage of those before it'),
);
const misses: string[] = [];
for (const kind of kinds) {
  const result = await bench(kind);
  misses.push(...table(kind, result.figures));
  console.log(
    `(${kind}: seeding ${(result.seededMs / 1000).toFixed(0)} s, measuring ${(result.measuredMs / 1000).toFixed(0)} s)`,
  );
}
console.log(
  misses.length
    ? `Costs that grow faster than their answer: ${misses.join('; ')}`
    : 'Every cost grows no faster than its answer.',
);
