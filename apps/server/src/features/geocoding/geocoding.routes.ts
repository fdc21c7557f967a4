import { geocodingEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CounterStore } from '../../core/counter-store.js';
import { route } from '../../core/endpoint.js';
import { perClientLimit } from '../../core/per-client-limit.js';
import type { GeocodingService } from './geocoding.service.js';

/** Address search may reach a metered service: a generous budget per client. */
const PER_MINUTE = 600;

/**
 * Address search for the address input (docs/product.md#search, docs/api.md#every-call): the browser calls
 * these instead of Geoapify, so the API key stays on the server. Public.
 */
export const geocodingRoutes: FastifyPluginAsyncZod<{ service: GeocodingService; counters: CounterStore }> = async (
  app,
  { service, counters },
) => {
  const limit = { preHandler: perClientLimit(counters, 'geocode', PER_MINUTE) };

  route(app, endpoints.autocomplete, limit, async (request) => service.autocomplete(request.query));
  route(app, endpoints.place, limit, async (request) => service.place(request.query.id, request.query.lang));
};
