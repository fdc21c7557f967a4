import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { appVersion } from './app-version.js';
import { siteAdminRepository } from './site-admin.repository.js';
import { siteAdminRoutes } from './site-admin.routes.js';
import { type InstanceFacts, siteAdminService } from './site-admin.service.js';

/** The pieces of the app the admin status reads (docs/api.md#admin). */
export function instanceFacts(deps: AppDeps): InstanceFacts {
  const { database, config, redis, upstreamStats, statusSources, startedAt } = deps;
  return { dialect: database.dialect, dataMode: config.dataMode, redis, upstreamStats, statusSources, startedAt };
}

/** The admin's status of this instance and the home page's notice (docs/api.md#admin). */
export async function siteAdminFeature(api: FastifyInstance): Promise<void> {
  const repository = siteAdminRepository(api.deps.database);
  const service = siteAdminService(repository, instanceFacts(api.deps), { version: appVersion() });
  await api.register(siteAdminRoutes, { service });
}
