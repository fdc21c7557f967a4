import { weatherEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CounterStore } from '../../core/counter-store.js';
import { route } from '../../core/endpoint.js';
import { perClientLimit } from '../../core/per-client-limit.js';
import type { FavoritesService } from './favorites.service.js';
import type { WeatherService } from './weather.service.js';

/** Forecasts may reach Open-Meteo and NWS: a generous budget per client. */
const PER_MINUTE = 300;

/** docs/api.md#every-call (Weather): the public forecast, and the signed-in user's saved locations. */
export const weatherRoutes: FastifyPluginAsyncZod<{
  weather: WeatherService;
  favorites: FavoritesService;
  counters: CounterStore;
}> = async (app, { weather, favorites, counters }) => {
  route(app, endpoints.forecast, { preHandler: perClientLimit(counters, 'weather', PER_MINUTE) }, async (request) =>
    weather.forecast(request.query),
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
