import { walletsEndpoints as endpoints, ordersEndpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.js';
import { scheduleOrderMatching } from './orders/order-match-schedule.js';
import { orderMatcher } from './orders/order-matcher.js';
import { ordersRepository } from './orders/orders.repository.js';
import { ordersService } from './orders/orders.service.js';
import { walletReportsRoutes } from './wallet-reports.routes.js';
import { walletsRepository } from './wallets.repository.js';
import { walletsService } from './wallets.service.js';

/**
 * docs/api.md#every-call (Finance) wallet calls (paper trading, docs/api.md) and the order calls
 * (docs/api.md#orders). Every call needs a signed-in user; the owner always comes from the
 * session and a wallet or order that is not theirs answers 404.
 */
export const walletsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, marketData, clock, metrics, config } = app.deps;
  const repository = walletsRepository(database);
  const service = walletsService(repository, marketData);
  const orders = ordersRepository(database, repository);
  const onFill = (side: 'buy' | 'sell') => metrics?.trades.inc({ side });
  // PostgreSQL fills several wallets' orders at once on its pool; SQLite has one writer.
  const fillConcurrency = database.dialect === 'postgres' ? 4 : 1;
  const onError = (error: unknown, orderId: number) => app.log.error({ err: error, orderId }, 'order fill failed');
  const matcher = orderMatcher({ orders, market: marketData, clock, onFill, onError, fillConcurrency });
  const ordersApi = ordersService({ orders, wallets: repository, market: marketData, matcher, clock });
  if (config.orderMatchIntervalMs > 0) scheduleOrderMatching(app, matcher, config.orderMatchIntervalMs);
  // Performance and the ledger CSV (docs/api.md#wallet-performance) have their own file.
  await app.register(walletReportsRoutes);

  route(app, endpoints.list, async (_request, { user }) => service.list(user.id));
  route(app, endpoints.details, async (request, { user }) => service.details(user.id, request.query.wallet_id));
  route(app, endpoints.history, async (request, { user }) => service.history(user.id, request.query.wallet_id));
  route(app, endpoints.ledger, async (request, { user }) => service.ledger(user.id, request.query.wallet_id));
  route(app, endpoints.create, async (request, { user }) => service.create(user.id, request.body.wallet_name));
  route(app, endpoints.remove, async (request, { user }) => service.remove(user.id, request.body.wallet_id));
  route(app, endpoints.rename, async (request, { user }) =>
    service.rename(user.id, request.body.wallet_id, request.body.new_wallet_name),
  );
  route(app, endpoints.setActive, async (request, { user }) => service.setActive(user.id, request.body.wallet_id));
  route(app, endpoints.buy, async (request, { user }) => {
    const answer = await service.buy(user.id, request.body.wallet_id, request.body.symbol, request.body.quantity);
    metrics?.trades.inc({ side: 'buy' });
    return answer;
  });
  route(app, endpoints.sell, async (request, { user }) => {
    const answer = await service.sell(user.id, request.body.wallet_id, request.body.symbol, request.body.quantity);
    metrics?.trades.inc({ side: 'sell' });
    return answer;
  });

  route(app, ordersEndpoints.place, async (request, { user }) => ordersApi.place(user.id, request.body));
  route(app, ordersEndpoints.preview, async (request, { user }) => ordersApi.preview(user.id, request.body));
  route(app, ordersEndpoints.list, async (request, { user }) =>
    ordersApi.list(user.id, request.query.wallet_id, request.query.status),
  );
  route(app, ordersEndpoints.cancel, async (request, { user }) => ordersApi.cancel(user.id, request.body.order_id));
};
