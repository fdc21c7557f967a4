import { walletsEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.js';
import type { WalletsService } from './wallets.service.js';

/**
 * docs/api.md#every-call (Finance) wallet calls (paper trading, docs/api.md). Every call needs a
 * signed-in user; the owner always comes from the session and a wallet that is not theirs
 * answers 404.
 */
export const walletsRoutes: FastifyPluginAsyncZod<{
  service: WalletsService;
  /** Told of each trade made (metrics). */
  onTrade: (side: 'buy' | 'sell') => void;
}> = async (app, { service, onTrade }) => {
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
    onTrade('buy');
    return answer;
  });
  route(app, endpoints.sell, async (request, { user }) => {
    const answer = await service.sell(user.id, request.body.wallet_id, request.body.symbol, request.body.quantity);
    onTrade('sell');
    return answer;
  });
};
