import { corporateActionsEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../core/endpoint.js';
import type { CorporateActionsService } from './corporate-actions.service.js';

/** Dividends and splits in wallets (docs/api.md#corporate-actions): the wallet's events call. */
export const corporateActionsRoutes: FastifyPluginAsyncZod<{ service: CorporateActionsService }> = async (
  app,
  { service },
) => {
  route(app, endpoints.walletEvents, async (request, { user }) =>
    service.walletEvents(user.id, request.query.wallet_id),
  );
};
