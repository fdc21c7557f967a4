import { ordersEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../core/endpoint.js';
import type { OrdersService } from './orders.service.js';

/**
 * The order calls (docs/api.md#orders). Every call needs a signed-in user; the owner always comes
 * from the session and a wallet or order that is not theirs answers 404.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{ service: OrdersService }> = async (app, { service }) => {
  route(app, endpoints.place, async (request, { user }) => service.place(user.id, request.body));
  route(app, endpoints.preview, async (request, { user }) => service.preview(user.id, request.body));
  route(app, endpoints.list, async (request, { user }) =>
    service.list(user.id, request.query.wallet_id, request.query.status),
  );
  route(app, endpoints.cancel, async (request, { user }) => service.cancel(user.id, request.body.order_id));
};
