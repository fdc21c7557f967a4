import { type AccountExport, accountExportSchema } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedDemoMarket, seedAccountData } from '../../../test/account-data.js';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { ownedRows, userOwnedTables } from '../../../test/user-owned-tables.js';

type Row = Record<string, unknown>;

/**
 * Credentials, not the user's data, the answers kept for a day under Idempotency-Keys (a copy of
 * what the export holds anyway), the to-do list's change counter and the Sudoku statistics kept from the
 * games (exported as `sudoku_stats`): never exported (docs/api.md#export).
 */
const NOT_EXPORTED = [
  'sessions',
  'password_reset_tokens',
  'todo_feeds',
  'request_replays',
  'todo_versions',
  'sudoku_level_stats',
  // Wallets' ledgers summed by day and their counters (migration 028): derived from the exported ledgers.
  'wallet_ledger_versions',
  'wallet_ledger_days',
];

/** Where each user-owned table's rows are in the export. */
const IN_EXPORT: Record<string, (data: AccountExport) => Row[]> = {
  todos: (data) => data.todos,
  todo_lists: (data) => data.todo_lists ?? [],
  todo_list_members: (data) => data.todo_list_members ?? [],
  todo_labels: (data) => data.todo_labels ?? [],
  todo_task_labels: (data) => data.todo_task_labels ?? [],
  todo_checklist_items: (data) => data.todo_checklist_items ?? [],
  todo_completions: (data) => data.todo_completions ?? [],
  sudoku_games: (data) => data.sudoku_games,
  weather_favorites: (data) => data.weather_favorites,
  watchlist: (data) => data.watchlist,
  user_preferences: (data) => data.user_preferences,
  wallets: (data) =>
    data.wallets.map(
      ({ holdings: _h, trades: _t, history: _x, corporate_actions: _c, orders: _o, ...wallet }) => wallet,
    ),
  wallet_holdings: (data) => data.wallets.flatMap((w) => w.holdings),
  wallet_trades: (data) => data.wallets.flatMap((w) => w.trades),
  wallet_history: (data) => data.wallets.flatMap((w) => w.history),
  wallet_corporate_actions: (data) => data.wallets.flatMap((w) => w.corporate_actions),
  orders: (data) => data.wallets.flatMap((w) => w.orders ?? []),
};

const byId = (rows: Row[]) => [...rows].sort((a, b) => Number(a.id) - Number(b.id));
/** As JSON carries them. */
const asJson = (rows: Row[]) => JSON.parse(JSON.stringify(byId(rows))) as Row[];

/**
 * docs/api.md#export: the export round-trips every table the user owns. The table list comes from
 * the database's schema, so a table added later fails here until the export (and this map) has it.
 */
describe.each(testDatabaseKinds)('account export on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { marketData: pinnedDemoMarket() });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
    await seedAccountData(t.app, t.database.handle.db, alice, 'alice');
    await seedAccountData(t.app, t.database.handle.db, bob, 'bob');
  });
  afterAll(() => t.close());

  const db = () => t.database.handle.db;
  const exportOf = async (user: TestUser, via: 'cookie' | 'token' = 'cookie') => {
    const res = await injectAs(t.app, user, { method: 'GET', url: '/api/account/export', via });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it('is one JSON download named after the user and the day, in the documented format', async () => {
    const res = await exportOf(alice);
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="${alice.username}-export-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect([day, new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)]).toContain(
      res.headers['content-disposition']?.toString().match(/export-(.+)\.json/)?.[1],
    );
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const data = accountExportSchema.parse(res.json());
    expect(data).toMatchObject({ format: 'site-account-export', version: 1 });
    const user = await db().selectFrom('users').selectAll().where('id', '=', alice.id).executeTakeFirstOrThrow();
    expect(res.json().user).toEqual({
      id: alice.id,
      username: alice.username,
      email: user.email,
      is_admin: false,
      created_at: user.created_at,
    });
    expect(res.body).not.toContain(user.password_hash);
    expect(res.body).not.toContain('password_hash');
  });

  it('round-trips every row and column of every table the user owns, and nothing of anyone else', async () => {
    const tables = await userOwnedTables(db(), kind);
    const missing = tables.map((x) => x.table).filter((table) => !NOT_EXPORTED.includes(table) && !IN_EXPORT[table]);
    expect(missing, 'user-owned tables the export (and this test) do not cover').toEqual([]);

    for (const user of [alice, bob]) {
      const data = accountExportSchema.parse((await exportOf(user, 'token')).json());
      const wallets = (await db().selectFrom('wallets').select('id').where('user_id', '=', user.id).execute()).map(
        (w) => w.id,
      );
      for (const owned of tables) {
        const read = IN_EXPORT[owned.table];
        if (!read) continue;
        const stored = await ownedRows(db(), owned, user.id, wallets);
        expect(stored.length, `no ${owned.table} rows were seeded`).toBeGreaterThan(0);
        expect(asJson(read(data)), owned.table).toEqual(asJson(stored));
      }
      // Each wallet carries its own ledgers.
      for (const wallet of data.wallets) {
        for (const row of [...wallet.holdings, ...wallet.trades, ...wallet.history, ...(wallet.orders ?? [])]) {
          expect(row.wallet_id).toBe(wallet.id);
        }
      }
    }
  });

  it('has the Sudoku stats exactly as GET /api/sudoku/stats answers them', async () => {
    const stats = (await injectAs(t.app, alice, { method: 'GET', url: '/api/sudoku/stats' })).json();
    expect(stats).toMatchObject({ won: 1, lost: 1, best: { hard: 321 } });
    expect((await exportOf(alice)).json().sudoku_stats).toEqual(stats);
  });

  it('of a user who owns nothing is empty, not an error', async () => {
    const carol = await signUp(t.app);
    const data = (await exportOf(carol)).json();
    expect(data).toMatchObject({
      todos: [],
      sudoku_games: [],
      sudoku_stats: { best: { easy: null, medium: null, hard: null, expert: null }, won: 0, lost: 0 },
      weather_favorites: [],
      watchlist: [],
      user_preferences: [],
      wallets: [],
    });
  });
});
