import type { FastifyInstance } from 'fastify';
import { preferencesRepository } from './preferences.repository.js';
import { preferencesRoutes } from './preferences.routes.js';
import { preferencesService } from './preferences.service.js';

/** A user's display preferences (docs/api.md#preferences): wired from the app's database. */
export async function preferencesFeature(api: FastifyInstance): Promise<void> {
  const service = preferencesService(preferencesRepository(api.deps.database));
  await api.register(preferencesRoutes, { service });
}
