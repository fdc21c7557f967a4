import { walletReportsEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../core/endpoint.js';
import type { WalletReportsService } from './wallet-reports.service.js';

/**
 * docs/api.md#wallet-performance and #wallet-ledger-csv: a wallet's performance against a
 * benchmark, and its ledger as a CSV download. The owner comes from the session; a wallet that is
 * not theirs answers 404.
 */
export const walletReportsRoutes: FastifyPluginAsyncZod<{ service: WalletReportsService }> = async (
  app,
  { service },
) => {
  route(app, endpoints.performance, async (request, { user }) =>
    service.performance(user.id, request.query.wallet_id, request.query.benchmark),
  );
  route(app, endpoints.ledgerCsv, async (request, { user, reply }) => {
    const { csv, disposition } = await service.ledgerCsv(user.id, request.query.wallet_id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', disposition)
      .header('cache-control', 'no-store')
      .send(csv);
  });
};
