import { preferencesEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.js';
import type { PreferencesService } from './preferences.service.js';

/** docs/api.md#preferences: the signed-in user's own preferences; the owner always comes from the session. */
export const preferencesRoutes: FastifyPluginAsyncZod<{ service: PreferencesService }> = async (app, { service }) => {
  route(app, endpoints.get, async (_request, { user }) => service.get(user.id));
  route(app, endpoints.update, async (request, { user }) => service.update(user.id, request.body));
};
