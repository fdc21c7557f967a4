import type { AdminUser } from '@site/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../../test/db-snapshot.js';
import {
  createTestApp,
  injectAs,
  logIn,
  signUp,
  TEST_ADMIN_PASSWORD,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { hashPassword } from '../password.js';
import { usersRepository } from '../users.repository.js';

describe.each(testDatabaseKinds)('admin: users on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let client = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  const as = (user: TestUser, method: InjectOptions['method'], url: string, payload?: object) =>
    injectAs(t.app, user, { method, url, ...(payload ? { payload } : {}) });
  const ok = async <T = Record<string, unknown>>(method: InjectOptions['method'], url: string) => {
    const res = await as(admin, method, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const list = (query: string) =>
    ok<{ users: AdminUser[]; total: number; page: number; page_size: number }>('GET', `/api/admin/users?${query}`);
  const login = (username: string, password = TEST_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      remoteAddress: `10.2.0.${++client}`,
    });
  const me = (user: TestUser) => injectAs(t.app, user, { method: 'GET', url: '/api/me', via: 'token' });
  /** A second admin, made the way the bootstrap makes one (no API creates admins). */
  const otherAdmin = async (name: string) =>
    usersRepository(t.database.handle).create({
      username: name,
      email: `${name}@example.com`,
      passwordHash: await hashPassword(TEST_PASSWORD),
      isAdmin: true,
    });

  it('refuses every call signed out (401) and to a non-admin (403), changing nothing', async () => {
    const victim = await signUp(t.app);
    const calls: [InjectOptions['method'], string][] = [
      ['GET', '/api/admin/users'],
      ['POST', `/api/admin/users/${victim.id}/disable`],
      ['POST', `/api/admin/users/${victim.id}/enable`],
      ['POST', `/api/admin/users/${victim.id}/reset-link`],
      ['DELETE', `/api/admin/users/${victim.id}`],
    ];
    for (const [method, url] of calls) {
      const before = await snapshotDatabase(t.database.handle);
      const signedOut = await t.app.inject({ method, url });
      expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      for (const via of ['cookie', 'token'] as const) {
        const res = await injectAs(t.app, alice, { method, url, via });
        expect(res.statusCode, `${method} ${url} by ${via}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 403 });
      }
      // Not even on their own account.
      const own = url.replace(String(victim.id), String(alice.id));
      expect((await injectAs(t.app, alice, { method, url: own })).statusCode).toBe(403);
      expect(await snapshotDatabase(t.database.handle)).toEqual(before);
    }
    expect((await me(victim)).statusCode).toBe(200);
  });

  it('lists users newest first with paging, a total and what each owns', async () => {
    const prefix = `pg${process.pid}x`;
    const made: TestUser[] = [];
    for (let i = 0; i < 5; i++) made.push(await signUp(t.app, `${prefix}${i}`));
    const owner = made[2] as TestUser;
    for (const title of ['one', 'two']) await as(owner, 'POST', '/api/todo', { title });
    await as(owner, 'POST', '/api/finance/create_wallet', { wallet_name: 'W' });
    await as(owner, 'POST', '/api/finance/add_watchlist', { symbol: 'MSFT' });
    await as(owner, 'GET', '/api/sudoku/play?difficulty=easy');
    await as(owner, 'POST', '/api/weather', { address: 'Berlin', lat: 52.52, lon: 13.405 });
    await logIn(t.app, owner.username, TEST_PASSWORD);

    const pages = [await list(`q=${prefix}&page_size=2`), await list(`q=${prefix}&page_size=2&page=2`)];
    const last = await list(`q=${prefix}&page_size=2&page=3`);
    expect(pages.map((p) => p.users.length)).toEqual([2, 2]);
    expect(last.users).toHaveLength(1);
    expect([...pages, last].every((p) => p.total === 5 && p.page_size === 2)).toBe(true);
    expect(last.page).toBe(3);
    const names = [...pages, last].flatMap((p) => p.users.map((u) => u.username));
    expect(names).toEqual(made.map((u) => u.username).reverse());
    expect((await list(`q=${prefix}&page=4&page_size=2`)).users).toEqual([]);

    const row = [...pages, last].flatMap((p) => p.users).find((u) => u.id === owner.id) as AdminUser;
    expect(row).toMatchObject({
      username: owner.username,
      email: `${owner.username}@example.com`,
      is_admin: false,
      disabled: false,
      counts: { todos: 2, wallets: 1, watchlist: 1, sudoku_games: 1, weather_favorites: 1, sessions: 2 },
    });
    expect(Date.parse(row.created_at)).not.toBeNaN();
    const empty = [...pages, last].flatMap((p) => p.users).find((u) => u.id === made[0]?.id) as AdminUser;
    expect(empty.counts).toEqual({
      todos: 0,
      wallets: 0,
      watchlist: 0,
      sudoku_games: 0,
      weather_favorites: 0,
      sessions: 1,
    });

    // Without a search: everyone, the admin included, newest first.
    const all = await list('page_size=100');
    expect(all.total).toBe(all.users.length);
    expect(all.users[0]?.username).toBe(made[4]?.username);
    expect(all.users.find((u) => u.username === 'admin')).toMatchObject({ is_admin: true });
  });

  it('searches username and e-mail without regard to case, taking % and _ literally', async () => {
    const base = `srch${process.pid}`;
    const plain = await signUp(t.app, `${base}ab`);
    const dotted = await signUp(t.app, `${base}a.c`);
    const names = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).users.map((u) => u.username);

    expect((await names(base.toUpperCase())).sort()).toEqual([dotted.username, plain.username].sort());
    expect(await names(`${base}A.`)).toEqual([dotted.username]);
    // `_` and `%` are not wildcards: nothing has them after the base.
    expect(await names(`${base}a_`)).toEqual([]);
    expect(await names(`${base}%`)).toEqual([]);
    expect(await names('%')).toEqual([]);
    // E-mail: every test user's address ends in @example.com; the admin's is admin@example.com.
    const byEmail = await list(`q=${encodeURIComponent(`${plain.username}@EXAMPLE`)}`);
    expect(byEmail.users.map((u) => u.id)).toEqual([plain.id]);
    expect(byEmail.total).toBe(1);
  });

  it('refuses bad paging and search input with 400', async () => {
    for (const query of ['page=0', 'page=abc', 'page_size=101', 'page_size=0', `q=${'x'.repeat(255)}`, 'q=a%00b']) {
      const res = await as(admin, 'GET', `/api/admin/users?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('disables a user: their sessions end, login is refused; enabling restores login', async () => {
    const bob = await signUp(t.app);
    const phone = await logIn(t.app, bob.username, TEST_PASSWORD);
    const res = await ok<{ user: AdminUser }>('POST', `/api/admin/users/${bob.id}/disable`);
    expect(res.user).toMatchObject({ id: bob.id, disabled: true, counts: { sessions: 0 } });

    for (const session of [bob, phone]) expect((await me(session)).statusCode).toBe(401);
    const refused = await login(bob.username);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 403, message: 'This account has been disabled' });
    // The wrong password still says only that: a stranger does not learn the account is disabled.
    expect((await login(bob.username, 'not the password')).statusCode).toBe(401);
    const sessions = await t.database.handle.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', bob.id)
      .execute();
    expect(sessions).toEqual([]);
    // Disabling again changes nothing.
    expect((await ok<{ user: AdminUser }>('POST', `/api/admin/users/${bob.id}/disable`)).user.disabled).toBe(true);

    const enabled = await ok<{ user: AdminUser }>('POST', `/api/admin/users/${bob.id}/enable`);
    expect(enabled.user.disabled).toBe(false);
    expect((await login(bob.username)).statusCode).toBe(200);
  });

  it('never accepts a session of a disabled user, even one that outlived the disabling', async () => {
    const erin = await signUp(t.app);
    // As if a login had raced the disabling: the user is disabled and a session row is still there.
    await t.database.handle.db
      .updateTable('users')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', erin.id)
      .execute();
    expect((await me(erin)).statusCode).toBe(401);
    expect((await injectAs(t.app, erin, { method: 'GET', url: '/api/todo' })).statusCode).toBe(401);
    await ok('POST', `/api/admin/users/${erin.id}/enable`);
    expect((await me(erin)).statusCode).toBe(200);
  });

  it('will not disable or delete an admin (itself included), and answers 404 for unknown users', async () => {
    const second = await otherAdmin(`admin2_${process.pid}`);
    for (const id of [admin.id, second]) {
      const before = await snapshotDatabase(t.database.handle);
      expect((await as(admin, 'POST', `/api/admin/users/${id}/disable`)).statusCode).toBe(409);
      expect((await as(admin, 'DELETE', `/api/admin/users/${id}`)).statusCode).toBe(409);
      expect(await snapshotDatabase(t.database.handle)).toEqual(before);
    }
    expect((await as(admin, 'POST', `/api/admin/users/${admin.id}/disable`)).json().message).toBe(
      'You cannot disable your own account',
    );
    expect((await me(admin)).statusCode).toBe(200);
    for (const [method, path] of [
      ['POST', 'disable'],
      ['POST', 'enable'],
      ['POST', 'reset-link'],
      ['DELETE', ''],
    ] as const) {
      const res = await as(admin, method, `/api/admin/users/999999${path ? `/${path}` : ''}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe('User not found');
    }
    expect((await as(admin, 'POST', '/api/admin/users/abc/disable')).statusCode).toBe(400);
  });

  it('deletes a user and every row they own, in every table, and nobody else’s', async () => {
    const carol = await signUp(t.app);
    const dave = await signUp(t.app);
    for (const user of [carol, dave]) {
      await as(user, 'POST', '/api/todo', { title: 'mine' });
      await as(user, 'POST', '/api/finance/create_wallet', { wallet_name: 'W' });
      await as(user, 'GET', '/api/sudoku/play?difficulty=easy');
      await as(user, 'POST', '/api/finance/add_watchlist', { symbol: 'AAPL' });
      await as(user, 'POST', '/api/weather', { address: 'Rome', lat: 41.9, lon: 12.5 });
    }
    const wallets = await as(carol, 'GET', '/api/finance/get_wallets');
    const walletId = wallets.json().wallets?.[0]?.wallet_id ?? wallets.json()[0]?.wallet_id;
    const bought = await as(carol, 'POST', '/api/finance/add_stock_to_wallet', {
      wallet_id: walletId,
      symbol: 'AAPL',
      quantity: 1,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    await ok('POST', `/api/admin/users/${carol.id}/reset-link`);

    const before = await snapshotDatabase(t.database.handle);
    const carolsWallets = new Set(before.wallets?.filter((w) => w.user_id === carol.id).map((w) => w.id));
    expect(carolsWallets.size).toBe(1);
    /** Rows that belong to a user directly (user_id, or the users row) or through a wallet. */
    const owned = (snapshot: typeof before, userId: number, walletIds: Set<unknown>) =>
      Object.entries(snapshot).flatMap(([table, rows]) =>
        rows
          .filter((r) => (table === 'users' ? r.id === userId : r.user_id === userId || walletIds.has(r.wallet_id)))
          .map((r) => `${table} ${JSON.stringify(r)}`),
      );
    // She owns rows in every table that holds user data, so the check after the deletion means something.
    const tables = new Set(owned(before, carol.id, carolsWallets).map((row) => row.split(' ')[0]));
    expect([...tables].sort()).toEqual(
      expect.arrayContaining([
        'password_reset_tokens',
        'sessions',
        'sudoku_games',
        'todos',
        'users',
        'wallet_history',
        'wallet_holdings',
        'wallet_trades',
        'wallets',
        'watchlist',
        'weather_favorites',
      ]),
    );

    const res = await as(admin, 'DELETE', `/api/admin/users/${carol.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const after = await snapshotDatabase(t.database.handle);
    expect(owned(after, carol.id, carolsWallets)).toEqual([]);
    // Everything else is as it was.
    const withoutCarol = Object.fromEntries(
      Object.entries(before).map(([table, rows]) => [
        table,
        rows.filter((r) =>
          table === 'users' ? r.id !== carol.id : r.user_id !== carol.id && !carolsWallets.has(r.wallet_id),
        ),
      ]),
    );
    expect(after).toEqual(withoutCarol);
    expect((await me(carol)).statusCode).toBe(401);
    expect((await login(carol.username)).statusCode).toBe(404);
    expect((await as(admin, 'DELETE', `/api/admin/users/${carol.id}`)).statusCode).toBe(404);
    expect((await me(dave)).statusCode).toBe(200);
  });
});
