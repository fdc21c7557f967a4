import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedDemoMarket, seedAccountData } from '../../../test/account-data.js';
import { createTestApp, injectAs, signUp, TEST_PASSWORD, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';
import { ownedRows, userOwnedTables } from '../../../test/user-owned-tables.js';

/**
 * docs/api.md#account: deleting an account removes every row the user owns. The tables are read
 * from the database's own schema, so a table added later is checked too: if it has no cascade to
 * the user, or the seed gives it no rows, this test fails and says which.
 */
describe.each(testDatabaseKinds)('account deletion on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { marketData: pinnedDemoMarket() });
  });
  afterAll(() => t.close());

  const db = () => t.database.handle.db;
  const walletIds = async (userId: number) =>
    (await db().selectFrom('wallets').select('id').where('user_id', '=', userId).execute()).map((w) => w.id);

  it('leaves no row of the user in any table, and every row of another user', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    await seedAccountData(t.app, db(), alice, 'alice');
    await seedAccountData(t.app, db(), bob, 'bob');

    const tables = await userOwnedTables(db(), kind);
    // At least today's tables (a new one joins this list by itself).
    expect(tables.map((x) => x.table)).toEqual(
      expect.arrayContaining([
        'password_reset_tokens',
        'sessions',
        'sudoku_games',
        'todos',
        'wallet_history',
        'wallet_holdings',
        'wallet_trades',
        'wallets',
        'watchlist',
        'weather_favorites',
      ]),
    );
    const aliceWallets = await walletIds(alice.id);
    const bobWallets = await walletIds(bob.id);
    const bobBefore: Record<string, unknown[]> = {};
    for (const owned of tables) {
      const rows = await ownedRows(db(), owned, alice.id, aliceWallets);
      expect(rows.length, `the seed gives alice no rows in ${owned.table}`).toBeGreaterThan(0);
      bobBefore[owned.table] = await ownedRows(db(), owned, bob.id, bobWallets);
    }

    const res = await injectAs(t.app, alice, {
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);

    expect(await db().selectFrom('users').select('id').where('id', '=', alice.id).execute()).toEqual([]);
    for (const owned of tables) {
      expect(await ownedRows(db(), owned, alice.id, aliceWallets), `${owned.table} keeps alice's rows`).toEqual([]);
      expect(await ownedRows(db(), owned, bob.id, bobWallets), `${owned.table} lost bob's rows`).toEqual(
        bobBefore[owned.table],
      );
    }
    // A deleted user's token no longer works, over the header as over the cookie.
    const viaToken = await injectAs(t.app, alice, { method: 'GET', url: '/api/account', via: 'token' });
    expect(viaToken.statusCode).toBe(401);
  });

  it('a second user cannot delete the first: the call acts on the caller only', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    // Bob's password with a user parameter naming Alice: the contract has none, so it is ignored
    // or refused, and Alice stays.
    const res = await injectAs(t.app, bob, {
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: 'wrong for bob', user_id: alice.id },
    });
    expect([400, 403]).toContain(res.statusCode);
    expect(await db().selectFrom('users').select('id').where('id', '=', alice.id).execute()).toHaveLength(1);
  });
});
