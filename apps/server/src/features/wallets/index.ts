import type { FastifyInstance } from 'fastify';
import { walletsExport } from './account-export.js';
import { corporateActionsApplier } from './corporate-actions/corporate-actions.applier.js';
import { corporateActionsRepository } from './corporate-actions/corporate-actions.repository.js';
import { corporateActionsRoutes } from './corporate-actions/corporate-actions.routes.js';
import { corporateActionsService } from './corporate-actions/corporate-actions.service.js';
import { orderMatcher } from './orders/order-matcher.js';
import { ordersRepository } from './orders/orders.repository.js';
import { ordersRoutes } from './orders/orders.routes.js';
import { ordersService } from './orders/orders.service.js';
import { ledgerRepository } from './reports/ledger.repository.js';
import { walletReportsRoutes } from './reports/wallet-reports.routes.js';
import { walletReportsService } from './reports/wallet-reports.service.js';
import { walletsRepository } from './wallets.repository.js';
import { walletsRoutes } from './wallets.routes.js';
import { walletsService } from './wallets.service.js';

/**
 * Paper-trading wallets (docs/api.md#every-call, Finance), their orders (docs/api.md#orders),
 * dividends and splits (docs/api.md#corporate-actions) and reports (docs/api.md#wallet-performance),
 * all on the app's one market-data provider; the order matcher and the corporate-action applier
 * run as jobs (core/jobs.ts).
 */
export async function walletsFeature(api: FastifyInstance): Promise<void> {
  const { config, database, marketData, clock, metrics, jobs, accountData } = api.deps;
  const onTrade = (side: 'buy' | 'sell') => metrics?.trades.inc({ side });

  const wallets = walletsRepository(database);
  const orders = ordersRepository(database, wallets);
  const corporateActions = corporateActionsRepository(database);
  accountData.register('wallets', { exportRows: walletsExport(wallets, orders, corporateActions) });
  const matcher = orderMatcher({
    orders,
    market: marketData,
    clock,
    onFill: onTrade,
    onError: (error, orderId) => api.log.error({ err: error, orderId }, 'order fill failed'),
    // PostgreSQL fills several wallets' orders at once on its pool; SQLite has one writer.
    fillConcurrency: database.dialect === 'postgres' ? 4 : 1,
  });

  // ORDER_MATCH_INTERVAL_SECONDS (docs/api.md#orders), 0 = not in this instance: a run when the
  // app is ready (the catch-up after a restart), then on the timer; each run checks only the
  // exchanges in their regular session. Any number of instances may run it (the claims make
  // each fill happen once).
  if (config.orderMatchIntervalMs > 0) {
    jobs.every({
      name: 'order-matching',
      everyMs: config.orderMatchIntervalMs,
      run: () => matcher.matchOnce(),
      report: (report) =>
        report.filled + report.rejected + report.expired + report.failed > 0 ? { orders: report } : undefined,
    });
  }
  // CORPORATE_ACTIONS_INTERVAL_MINUTES (docs/api.md#corporate-actions), 0 = never: a run when the
  // app is ready (whatever fell due while the server was down), then on the timer.
  if (config.corporateActionsIntervalMs) {
    const applier = corporateActionsApplier(corporateActions, marketData, {
      onError: (error, context) =>
        api.log.warn({ err: error, ...context }, 'a corporate action failed; retried next run'),
    });
    jobs.every({
      name: 'corporate-actions',
      everyMs: config.corporateActionsIntervalMs,
      run: () => applier.run(),
      report: (summary) =>
        summary.dividends || summary.splits || summary.deferred || summary.unavailable.length > 0
          ? { corporateActions: summary }
          : undefined,
    });
  }

  await api.register(walletReportsRoutes, { service: walletReportsService(ledgerRepository(database), marketData) });
  await api.register(walletsRoutes, { service: walletsService(wallets, marketData), onTrade });
  await api.register(ordersRoutes, {
    service: ordersService({ orders, wallets, market: marketData, matcher, clock }),
  });
  await api.register(corporateActionsRoutes, { service: corporateActionsService(corporateActions) });
}
