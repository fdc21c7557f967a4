import {
  apiErrorSchema,
  createFavouriteRequestSchema,
  deleteFavouriteRequestSchema,
  deleteFavouriteResponseSchema,
  favouriteLocationSchema,
  listFavouritesQuerySchema,
  listFavouritesResponseSchema,
  weatherQuerySchema,
  weatherResponseSchema,
} from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perClientLimit } from '../../core/per-client-limit.js';
import { assertSeedUser, requireUser } from '../auth/auth.plugin.js';
import { locateInGazetteer } from '../geocoding/locate.js';
import { favouritesRepository } from './favourites.repository.js';
import { favouritesService } from './favourites.service.js';
import { createWeatherProvider } from './providers/index.js';
import type { WeatherProvider } from './providers/types.js';
import { type Locator, weatherService } from './weather.service.js';

const userErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
/** Forecasts may reach Open-Meteo and NWS: a generous budget per client. */
const PER_MINUTE = 300;

export interface WeatherRoutesOptions {
  /** Tests may pass their own provider or clock; otherwise they follow DATA_MODE. */
  provider?: WeatherProvider;
  locate?: Locator;
}

/** Seed §7 Weather: the public forecast, and the signed-in user's saved locations. */
export const weatherRoutes: FastifyPluginAsyncZod<WeatherRoutesOptions> = async (app, options) => {
  const weather = weatherService({
    provider: options.provider ?? createWeatherProvider(app.deps.config),
    locate: options.locate ?? locateInGazetteer,
    // Demo forecasts are computed locally; sharing them would cost more than it saves.
    sharedCache: app.deps.config.dataMode === 'live' ? app.deps.sharedCache : undefined,
  });
  const favourites = favouritesService(favouritesRepository(app.deps.database));

  app.get(
    '/weather',
    {
      preHandler: perClientLimit(app.deps.counters, 'weather', PER_MINUTE),
      schema: {
        tags: ['weather'],
        summary: 'Current conditions, a 7-day forecast and (US) detailed text forecasts for a place',
        querystring: weatherQuerySchema,
        response: {
          200: weatherResponseSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => weather.forecast(request.query),
  );

  // Saved locations: the owner always comes from the session; signed-out callers get 401
  // before their input is even looked at.
  app.post(
    '/weather',
    {
      onRequest: requireUser,
      schema: {
        tags: ['weather'],
        summary: 'Save a location to the signed-in user’s favourites',
        body: createFavouriteRequestSchema,
        response: { 200: favouriteLocationSchema, 409: apiErrorSchema, ...userErrors },
      },
    },
    async (request) => {
      const user = assertSeedUser(request, request.body.user);
      return favourites.add(user.id, request.body);
    },
  );

  app.get(
    '/weather/saved',
    {
      onRequest: requireUser,
      schema: {
        tags: ['weather'],
        summary: 'The signed-in user’s saved locations, oldest first',
        querystring: listFavouritesQuerySchema,
        response: { 200: listFavouritesResponseSchema, ...userErrors },
      },
    },
    async (request) => favourites.list(assertSeedUser(request, request.query.user).id),
  );

  app.delete(
    '/weather/saved',
    {
      onRequest: requireUser,
      schema: {
        tags: ['weather'],
        summary: 'Delete a saved location; answers with the list that is left',
        body: deleteFavouriteRequestSchema,
        response: { 200: deleteFavouriteResponseSchema, 404: apiErrorSchema, ...userErrors },
      },
    },
    async (request) => {
      const user = assertSeedUser(request, request.body.user);
      return { status: 'success' as const, data: await favourites.remove(user.id, request.body.location_id) };
    },
  );
};
