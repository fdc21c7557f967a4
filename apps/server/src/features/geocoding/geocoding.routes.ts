import { geocodingEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.js';
import { perClientLimit } from '../../core/per-client-limit.js';
import { geocodingService } from './geocoding.service.js';

/** Address search may reach a metered service: a generous budget per client. */
const PER_MINUTE = 600;

/**
 * Address search for the address input (docs/product.md#search, docs/api.md#every-call): the browser calls
 * these instead of Geoapify, so the API key stays on the server. Public.
 */
export const geocodingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Demo answers are computed locally and need no cache; live ones are shared between instances.
  const live = app.deps.config.dataMode === 'live';
  const service = geocodingService(app.deps.geocoder, {
    cache: live,
    sharedCache: live ? app.deps.sharedCache : undefined,
    onCacheLookup: app.deps.metrics?.cacheLookup,
  });
  const limit = { preHandler: perClientLimit(app.deps.counters, 'geocode', PER_MINUTE) };

  route(app, endpoints.autocomplete, limit, async (request) => service.autocomplete(request.query));
  route(app, endpoints.place, limit, async (request) => service.place(request.query.id, request.query.lang));
};
