import { defaultProfileFields } from '@site/contract';
import type { FastifyInstance } from 'fastify';
import { profileRepository } from './profile.repository.js';
import { profileRoutes, resumeFileRoutes } from './profile.routes.js';
import { profileService } from './profile.service.js';

/**
 * The owner's profile under /api (docs/api.md#profile). A fresh database gets the contract's
 * default profile (what the site showed before it was editable). The page heads name the owner
 * from it (`homeProfile`, docs/api.md#pages), read on each view rather than kept: one row by its
 * key, 20–35 µs on SQLite and 0.3–0.5 ms on PostgreSQL (a round trip; medians of 5 × 5,000 reads
 * at load average 19), plus a second query of the same kind for the photo's sizes (at most three
 * rows, not measured apart), beside ~20 ms to draw the page; a copy kept in-process would go
 * stale on the other instances after a PUT.
 */
export async function profileFeature(api: FastifyInstance): Promise<void> {
  const repository = profileRepository(api.deps.database);
  await repository.ensure(defaultProfileFields);
  const service = profileService(repository);
  api.deps.pageFacts.register('homeProfile', () => service.headFacts());
  await api.register(profileRoutes, { service });
}

/** `GET /resume.pdf` at the site's root (docs/api.md#profile). */
export async function resumeFileFeature(app: FastifyInstance): Promise<void> {
  await app.register(resumeFileRoutes, { service: profileService(profileRepository(app.deps.database)) });
}
