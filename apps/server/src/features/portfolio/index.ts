import type { FastifyInstance } from 'fastify';
import { linkBase } from '../../core/public-url.js';
import { portfolioRepository } from './portfolio.repository.js';
import { portfolioRoutes } from './portfolio.routes.js';
import { portfolioService } from './portfolio.service.js';
import { seedSampleProjects } from './portfolio-samples.js';

/** The portfolio (docs/api.md#every-call): a fresh database gets the sample projects first. */
export async function portfolioFeature(api: FastifyInstance): Promise<void> {
  const { database, config } = api.deps;
  const repository = portfolioRepository(database);
  await seedSampleProjects(repository);
  await api.register(portfolioRoutes, { service: portfolioService(repository), base: linkBase(config) });
}
