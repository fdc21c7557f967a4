import { SITE_NAME } from '@site/contract';
import type { FastifyInstance } from 'fastify';
import { linkBase } from '../../core/public-url.js';
import { portfolioRepository } from './portfolio.repository.js';
import { portfolioRoutes } from './portfolio.routes.js';
import { portfolioService } from './portfolio.service.js';
import { portfolioFeeds } from './portfolio-feed.js';
import { portfolioFeedRoutes } from './portfolio-feed.routes.js';
import { seedSampleProjects } from './portfolio-samples.js';

/** The portfolio (docs/api.md#every-call): a fresh database gets the sample projects first. */
export async function portfolioFeature(api: FastifyInstance): Promise<void> {
  const { database, config, pageFacts } = api.deps;
  const repository = portfolioRepository(database);
  await seedSampleProjects(repository);
  // The project page's head, redirect and sitemap place (features/site-meta).
  pageFacts.register('portfolioProject', async (slug) => {
    const found = await repository.findBySlug(slug);
    if (!found) return null;
    const { project, moved } = found;
    return {
      slug: project.slug,
      moved,
      draft: project.status === 'draft',
      title: project.title,
      summary: project.summary || project.description,
      image: project.image,
      tags: project.tags,
      created_at: project.created_at,
      updated_at: project.updated_at,
    };
  });
  pageFacts.register('portfolioPages', () => repository.publishedPages());
  await api.register(portfolioRoutes, { service: portfolioService(repository), base: linkBase(config) });
}

/**
 * `GET /rss.xml` and `GET /feed.json` at the site's root (docs/api.md#feeds): the published
 * projects, named after the owner as the profile gives it (the page fact `homeProfile`).
 */
export async function portfolioFeedFeature(app: FastifyInstance): Promise<void> {
  const { database, config, pageFacts } = app.deps;
  // The page heads' fallback too: the first start's name when no feature offers it or it fails.
  const ownerName = async () => {
    const read = pageFacts.get('homeProfile');
    return (read && (await read().catch(() => undefined)))?.name || SITE_NAME;
  };
  await app.register(portfolioFeedRoutes, {
    feeds: portfolioFeeds(portfolioRepository(database), ownerName),
    base: linkBase(config),
  });
}
