import { defaultProfileFields } from '@site/contract';
import type { FastifyInstance } from 'fastify';
import { profileRepository } from './profile.repository.js';
import { profileRoutes, resumeFileRoutes } from './profile.routes.js';
import { profileService } from './profile.service.js';

/**
 * The owner's profile under /api (docs/api.md#profile). A fresh database gets the contract's
 * default profile (what the site showed before it was editable).
 */
export async function profileFeature(api: FastifyInstance): Promise<void> {
  const repository = profileRepository(api.deps.database);
  await repository.ensure(defaultProfileFields);
  await api.register(profileRoutes, { service: profileService(repository) });
}

/** `GET /resume.pdf` at the site's root (docs/api.md#profile). */
export async function resumeFileFeature(app: FastifyInstance): Promise<void> {
  await app.register(resumeFileRoutes, { service: profileService(profileRepository(app.deps.database)) });
}
