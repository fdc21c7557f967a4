import {
  apiErrorSchema,
  geocodeAutocompleteQuerySchema,
  geocodeAutocompleteResponseSchema,
  geocodePlaceQuerySchema,
  geocodePlaceResponseSchema,
} from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perClientLimit } from '../../core/per-client-limit.js';
import { geocodingService } from './geocoding.service.js';
import { createGeocodingProvider } from './providers/index.js';
import type { GeocodingProvider } from './providers/types.js';

const errors = { 400: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema };
/** Address search may reach a metered service: a generous budget per client. */
const PER_MINUTE = 600;

export interface GeocodingRoutesOptions {
  /** Tests may pass their own provider; otherwise it follows DATA_MODE and the keys configured. */
  provider?: GeocodingProvider;
}

/**
 * Address search for the seed's address input (§1, §7 "Geocoding service"): the browser calls
 * these instead of Geoapify, so the API key stays on the server. Public.
 */
export const geocodingRoutes: FastifyPluginAsyncZod<GeocodingRoutesOptions> = async (app, options) => {
  const provider = options.provider ?? createGeocodingProvider(app.deps.config);
  // Demo answers are computed locally and need no cache; live ones are shared between instances.
  const live = app.deps.config.dataMode === 'live';
  const service = geocodingService(provider, { cache: live, sharedCache: live ? app.deps.sharedCache : undefined });
  const limit = perClientLimit(app.deps.counters, 'geocode', PER_MINUTE);

  app.get(
    '/geocode/autocomplete',
    {
      preHandler: limit,
      schema: {
        tags: ['weather'],
        summary: 'Address suggestions for typed text (Geoapify GeoJSON)',
        querystring: geocodeAutocompleteQuerySchema,
        response: { 200: geocodeAutocompleteResponseSchema, ...errors },
      },
    },
    async (request) => service.autocomplete(request.query),
  );

  app.get(
    '/geocode/place',
    {
      preHandler: limit,
      schema: {
        tags: ['weather'],
        summary: 'Details of one suggested place by its place_id',
        querystring: geocodePlaceQuerySchema,
        response: { 200: geocodePlaceResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => service.place(request.query.id, request.query.lang),
  );
};
