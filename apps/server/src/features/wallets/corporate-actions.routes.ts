import { corporateActionsEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.js';
import { corporateActionsApplier } from './corporate-actions.applier.js';
import { corporateActionsRepository } from './corporate-actions.repository.js';
import { scheduleCorporateActions } from './corporate-actions.schedule.js';
import { corporateActionsService } from './corporate-actions.service.js';

/**
 * Dividends and splits in wallets (docs/api.md#corporate-actions): the wallet's events call, and
 * the applier run on start and every CORPORATE_ACTIONS_INTERVAL_MINUTES with the app's one
 * market-data provider.
 */
export const corporateActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = corporateActionsRepository(app.deps.database);
  const service = corporateActionsService(repository);
  const { corporateActionsIntervalMs } = app.deps.config;
  if (corporateActionsIntervalMs) {
    const applier = corporateActionsApplier(repository, app.deps.marketData, {
      onError: (error, context) =>
        app.log.warn({ err: error, ...context }, 'a corporate action failed; retried next run'),
    });
    scheduleCorporateActions(app, applier, corporateActionsIntervalMs);
  }

  route(app, endpoints.walletEvents, async (request, { user }) =>
    service.walletEvents(user.id, request.query.wallet_id),
  );
};
