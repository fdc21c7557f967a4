import { weatherEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.js';
import { perClientLimit } from '../../core/per-client-limit.js';
import { favoritesRepository } from './favorites.repository.js';
import { favoritesService } from './favorites.service.js';
import { weatherService } from './weather.service.js';

/** Forecasts may reach Open-Meteo and NWS: a generous budget per client. */
const PER_MINUTE = 300;

/** docs/api.md#every-call (Weather): the public forecast, and the signed-in user's saved locations. */
export const weatherRoutes: FastifyPluginAsyncZod = async (app) => {
  const weather = weatherService({
    provider: app.deps.weather,
    onCacheLookup: app.deps.metrics?.cacheLookup,
    locate: app.deps.locate,
    // Demo forecasts are computed locally; sharing them would cost more than it saves.
    sharedCache: app.deps.config.dataMode === 'live' ? app.deps.sharedCache : undefined,
  });
  const favorites = favoritesService(favoritesRepository(app.deps.database));

  route(
    app,
    endpoints.forecast,
    { preHandler: perClientLimit(app.deps.counters, 'weather', PER_MINUTE) },
    async (request) => weather.forecast(request.query),
  );

  // Saved locations: the owner always comes from the session; signed-out callers get 401
  // before their input is even looked at.
  route(app, endpoints.addFavorite, async (request, { user }) => favorites.add(user.id, request.body));
  route(app, endpoints.listFavorites, async (_request, { user }) => favorites.list(user.id));
  route(app, endpoints.removeFavorite, async (request, { user }) => ({
    status: 'success' as const,
    data: await favorites.remove(user.id, request.body.location_id),
  }));
};
