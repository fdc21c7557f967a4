import type { FastifyInstance } from 'fastify';
import { favoritesRepository } from './favorites.repository.js';
import { favoritesService } from './favorites.service.js';
import { weatherRoutes } from './weather.routes.js';
import { weatherService } from './weather.service.js';

/** The public forecast and a user's saved locations (docs/api.md#every-call, Weather). */
export async function weatherFeature(api: FastifyInstance): Promise<void> {
  const { config, database, weather: provider, locate, sharedCache, metrics, counters, accountData } = api.deps;
  const weather = weatherService({
    provider,
    onCacheLookup: metrics?.cacheLookup,
    locate,
    // Demo forecasts are computed locally; sharing them would cost more than it saves.
    sharedCache: config.dataMode === 'live' ? sharedCache : undefined,
  });
  const favoritesRows = favoritesRepository(database);
  const favorites = favoritesService(favoritesRows);
  accountData.register('weather', {
    exportRows: async (userId) => ({ weather_favorites: await favoritesRows.exportRows(userId) }),
  });
  await api.register(weatherRoutes, { weather, favorites, counters });
}
