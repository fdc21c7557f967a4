import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { DemoMarketDataProvider } from '../integrations/market-data/demo/demo-provider.js';
import { injectAs, logIn, TEST_PASSWORD, type TestUser } from './test-app.js';

/** Friday 2025-03-14, 11:00 in New York: the demo market is open, so trades go through. */
const MARKET_NOW = Date.parse('2025-03-14T15:00:00Z');

/** The demo market on a pinned clock, for apps whose tests trade. */
/** The account export's keys in their published order (docs/api.md#export). */
export const EXPORT_KEYS = [
  'format',
  'version',
  'exported_at',
  'user',
  'todos',
  'todo_lists',
  'todo_list_members',
  'todo_labels',
  'todo_task_labels',
  'todo_checklist_items',
  'todo_completions',
  'sudoku_games',
  'sudoku_stats',
  'weather_favorites',
  'watchlist',
  'user_preferences',
  'wallets',
];

export const pinnedDemoMarket = () => new DemoMarketDataProvider({ now: () => MARKET_NOW });

/**
 * Gives `user` rows in every table a user owns, the way a person would (through the API): a
 * second session, to-dos (one completed), Sudoku games (playing, lost, won), a saved location, a
 * watchlist entry, weather units, and two wallets, one with a buy and a sale (holdings, trades,
 * history) and two orders (one open, one cancelled). Reset tokens are written directly: their calls
 * belong to the password-reset feature; so is a dividend paid to the trading wallet, which the
 * applier pays on its schedule, never on a call. A table added later needs a line here, or the
 * deletion and export tests say it has no rows to check.
 */
export async function seedAccountData(app: FastifyInstance, db: Kysely<Database>, user: TestUser, tag: string) {
  async function ok(options: InjectOptions) {
    const res = await injectAs(app, user, options);
    if (res.statusCode !== 200) throw new Error(`${options.method} ${options.url}: ${res.statusCode} ${res.body}`);
    return res.json();
  }

  await logIn(app, user.username, TEST_PASSWORD);

  // Sent as the to-do page's queue sends it: its answer is kept under the key (request_replays).
  await ok({
    method: 'POST',
    url: '/api/todo',
    payload: { title: `${tag} open`, description: 'with a description' },
    headers: { 'idempotency-key': `${tag}-seed-key` },
  });
  const done = await ok({ method: 'POST', url: '/api/todo', payload: { title: `${tag} done` } });
  await ok({ method: 'PUT', url: '/api/todo', payload: { todo_id: done.id } });
  // A list with a task that has a label, a checklist item and a logged completion (it repeats),
  // and a membership of a list another user shares with them (one row each: the export test
  // compares tables without an id column in their stored order).
  const list = await ok({ method: 'POST', url: '/api/todo/lists', payload: { name: `${tag} list` } });
  const task = await ok({
    method: 'POST',
    url: '/api/todo/tasks',
    payload: {
      title: `${tag} weekly`,
      list_id: list.id,
      labels: [`${tag}-label`],
      due: { date: '2025-03-14', zone: 'UTC' },
      recurrence: { rule: 'FREQ=WEEKLY', basis: 'due' },
    },
  });
  await ok({ method: 'POST', url: `/api/todo/tasks/${task.id}/checklist`, payload: { title: 'step' } });
  await ok({ method: 'POST', url: `/api/todo/tasks/${task.id}/complete`, payload: { completed: true } });
  // A calendar feed (its secret's digest: a credential, deleted with the account, never exported).
  await ok({ method: 'POST', url: '/api/todo/feed' });
  const stamp = new Date().toISOString();
  const friend = await db
    .insertInto('users')
    .values({
      username: `${user.username}_friend`,
      email: `${user.username}_friend@example.com`,
      password_hash: 'x',
      is_admin: 0,
      created_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const friendsList = await db
    .insertInto('todo_lists')
    .values({
      user_id: friend.id,
      name: 'shared',
      colour: 'gray',
      position: 'a0',
      archived_at: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('todo_list_members')
    .values({ list_id: friendsList.id, user_id: user.id, role: 'editor', created_at: stamp })
    .execute();

  await ok({ method: 'GET', url: '/api/sudoku/play?difficulty=easy' });
  const lost = await ok({ method: 'GET', url: '/api/sudoku/play?difficulty=medium' });
  await ok({ method: 'PUT', url: '/api/sudoku/giveUp', payload: { gameid: lost.id } });
  const won = await ok({ method: 'GET', url: '/api/sudoku/play?difficulty=hard' });
  await ok({ method: 'PUT', url: '/api/sudoku/updateTime', payload: { sudoku_id: won.id, time: 321 } });
  const check = await ok({
    method: 'POST',
    url: '/api/sudoku/checkSolution',
    payload: { board: won.transformed_solution, gameid: won.id },
  });
  if (!check.isCorrect) throw new Error('the solved board was not accepted');

  await ok({
    method: 'POST',
    url: '/api/weather/',
    payload: { address: `${tag} home`, nickname: 'Home', lat: 51.5, lon: -0.12 },
  });
  await ok({ method: 'POST', url: '/api/finance/add_watchlist', payload: { symbol: 'AAPL' } });
  await ok({ method: 'PUT', url: '/api/preferences', payload: { weather: { temperature: 'C' } } });

  const wallet = await ok({
    method: 'POST',
    url: '/api/finance/create_wallet',
    payload: { wallet_name: `${tag} trading` },
  });
  const walletId = wallet.wallet.wallet_id as number;
  await ok({
    method: 'POST',
    url: '/api/finance/add_stock_to_wallet',
    payload: { wallet_id: walletId, symbol: 'AAPL', quantity: 3 },
  });
  await ok({
    method: 'POST',
    url: '/api/finance/sell_stock_from_wallet',
    payload: { wallet_id: walletId, symbol: 'AAPL', quantity: 1 },
  });
  // Orders: one left open (its reservation), one cancelled.
  const order = { wallet_id: walletId, symbol: 'AAPL', side: 'buy', type: 'limit', quantity: 1, limit_price: 1 };
  await ok({ method: 'POST', url: '/api/finance/place_order', payload: { ...order, time_in_force: 'gtc' } });
  const cancelled = await ok({ method: 'POST', url: '/api/finance/place_order', payload: order });
  await ok({ method: 'POST', url: '/api/finance/cancel_order', payload: { order_id: cancelled.order.order_id } });
  await ok({ method: 'POST', url: '/api/finance/create_wallet', payload: { wallet_name: `${tag} empty` } });

  const now = Date.now();
  await db
    .insertInto('wallet_corporate_actions')
    .values({
      wallet_id: walletId,
      user_id: user.id,
      symbol: 'AAPL',
      kind: 'dividend',
      date: '2025-02-10',
      pay_date: '2025-02-13',
      currency: 'USD',
      amount_per_share: 0.25,
      fx_rate: 1,
      amount_e4: 2500,
      numerator: null,
      denominator: null,
      quantity: 2,
      cash_cents: 50,
      applied_at: new Date(now).toISOString(),
    })
    .execute();
  await db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: randomBytes(32).toString('hex'),
      user_id: user.id,
      issued_by: 'admin',
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + 3_600_000).toISOString(),
      used_at: null,
    })
    .execute();
}
