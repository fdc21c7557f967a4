import type { FastifyInstance } from 'fastify';
import { linkBase } from '../../core/public-url.js';
import type { PageRenderer } from '../../core/web-app.js';
import { pageHeads } from './page-heads.js';
import { pageRenderer, siteMetaRoutes } from './site-meta.routes.js';

/** `sitemap.xml` and `robots.txt` at the site's root, and project pages' redirects (docs/api.md#pages). */
export async function siteMetaFeature(app: FastifyInstance): Promise<void> {
  await app.register(siteMetaRoutes, { base: linkBase(app.deps.config), pageFacts: app.deps.pageFacts });
}

/** Writes each served page's head from the page table, the market data and the page facts. */
export function sitePageRenderer(app: FastifyInstance): PageRenderer {
  const { marketData, pageFacts, config } = app.deps;
  return pageRenderer(pageHeads(marketData, pageFacts), linkBase(config));
}
