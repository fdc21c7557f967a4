import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { corporateActionsApplier } from '../features/wallets/corporate-actions/corporate-actions.applier.js';
import { corporateActionsRepository } from '../features/wallets/corporate-actions/corporate-actions.repository.js';
import type { MarketDataProvider } from '../integrations/market-data/types.js';
import { injectAs, type TestUser } from './test-app.js';

/* Helpers of the corporate-action suites (features/wallets/corporate-actions/corporate-actions.*.test.ts). */

/**
 * Configuration of a test app for these suites: sessions outlive the months the pinned clock
 * jumps, and the applier's schedule is on or off as the test needs.
 */
export const corporateActionsEnv = (schedule: boolean) => ({
  SESSION_TTL_DAYS: '365',
  CORPORATE_ACTIONS_INTERVAL_MINUTES: schedule ? '60' : '0',
});

/** The applier as an instance on `database` runs it, with the market the app was given. */
export const applierOn = (database: DatabaseHandle, market: MarketDataProvider) =>
  corporateActionsApplier(corporateActionsRepository(database), market);

/** The wallet calls of one user, each expected to answer 200. */
export function walletCalls(app: FastifyInstance, user: TestUser) {
  async function ok(method: 'GET' | 'POST', url: string, payload?: object) {
    const res = await injectAs(app, user, { method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  }
  return {
    async create(name: string): Promise<number> {
      return (await ok('POST', '/api/finance/create_wallet', { wallet_name: name })).wallet.wallet_id;
    },
    buy: (walletId: number, symbol: string, quantity: number) =>
      ok('POST', '/api/finance/add_stock_to_wallet', { wallet_id: walletId, symbol, quantity }),
    sell: (walletId: number, symbol: string, quantity: number) =>
      ok('POST', '/api/finance/sell_stock_from_wallet', { wallet_id: walletId, symbol, quantity }),
    details: async (walletId: number) =>
      (await ok('GET', `/api/finance/get_wallet_details?wallet_id=${walletId}`)).wallet,
    events: async (walletId: number) =>
      (await ok('GET', `/api/finance/get_wallet_events?wallet_id=${walletId}`)).events,
  };
}
