import type { FastifyInstance } from 'fastify';
import { preferencesRepository } from './preferences.repository.js';
import { preferencesRoutes } from './preferences.routes.js';
import { preferencesService } from './preferences.service.js';

/** A user's display preferences (docs/api.md#preferences): wired from the app's database. */
export async function preferencesFeature(api: FastifyInstance): Promise<void> {
  const repository = preferencesRepository(api.deps.database);
  const service = preferencesService(repository);
  api.deps.accountData.register('preferences', {
    exportRows: async (userId) => ({ user_preferences: await repository.exportRows(userId) }),
  });
  await api.register(preferencesRoutes, { service });
}
