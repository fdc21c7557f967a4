import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_KEYS, pinnedDemoMarket, seedAccountData } from '../../../test/account-data.js';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';

/**
 * docs/api.md#export: the document is built from each feature's registered part
 * (core/account-data.ts), yet its keys keep the one published order, whatever order the features
 * register in. The order of the rows is the database's (account-export.test.ts).
 */
describe('account export key order', () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, undefined, { marketData: pinnedDemoMarket() });
    alice = await signUp(t.app);
    await seedAccountData(t.app, t.database.handle.db, alice, 'alice');
  });
  afterAll(() => t.close());

  it('lists the head, then each part, in the published order', async () => {
    const res = await injectAs(t.app, alice, { method: 'GET', url: '/api/account/export' });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(Object.keys(data)).toEqual(EXPORT_KEYS);
    expect(Object.keys(data.user)).toEqual(['id', 'username', 'email', 'is_admin', 'created_at']);
    expect(Object.keys(data.sudoku_stats)).toEqual(['best', 'won', 'lost']);
    expect(data.wallets.length).toBeGreaterThan(0);
    // The response schema (core/serializer.ts) lists a wallet's declared ledgers before its columns.
    for (const wallet of data.wallets) {
      expect(Object.keys(wallet).slice(0, 5)).toEqual(['holdings', 'trades', 'history', 'corporate_actions', 'orders']);
    }
  });
});
