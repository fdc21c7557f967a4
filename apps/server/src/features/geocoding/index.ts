import type { FastifyInstance } from 'fastify';
import { geocodingRoutes } from './geocoding.routes.js';
import { geocodingService } from './geocoding.service.js';

/** Address search (docs/api.md#every-call): the configured geocoder behind a per-client budget. */
export async function geocodingFeature(api: FastifyInstance): Promise<void> {
  const { config, geocoder, sharedCache, metrics, counters } = api.deps;
  // Demo answers are computed locally and need no cache; live ones are shared between instances.
  const live = config.dataMode === 'live';
  const service = geocodingService(geocoder, {
    cache: live,
    sharedCache: live ? sharedCache : undefined,
    onCacheLookup: metrics?.cacheLookup,
  });
  await api.register(geocodingRoutes, { service, counters });
}
