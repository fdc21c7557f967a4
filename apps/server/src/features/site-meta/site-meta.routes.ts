import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../core/http-errors.js';
import { linkBase } from '../../core/public-url.js';
import { renderHead } from './page-head.js';
import { pageHeads } from './page-heads.js';
import { robotsTxt, sitemapXml } from './sitemap.js';

/** `GET /sitemap.xml` and `GET /robots.txt`, absolute from PUBLIC_URL or an allowed host (docs/api.md#pages). */
export async function siteMetaRoutes(app: FastifyInstance) {
  const base = linkBase(app.deps.config);
  app.get('/sitemap.xml', async (request, reply) => {
    const origin = base(request);
    // A sitemap lists absolute addresses only, and the request's own host is not to be trusted.
    if (!origin) throw notFound('No sitemap: set PUBLIC_URL (or ALLOWED_HOSTS) to the site’s address.');
    return reply.header('Cache-Control', 'no-cache').type('application/xml; charset=utf-8').send(sitemapXml(origin));
  });
  app.get('/robots.txt', async (request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(base(request))),
  );
}

/**
 * The web app's pages with their own head (core/web-app.ts calls this on the HTML it sends for a
 * page route): title, description, canonical, OpenGraph, Twitter and JSON-LD (docs/api.md#pages).
 */
export function pageRenderer(app: FastifyInstance) {
  const heads = pageHeads(app.deps);
  const base = linkBase(app.deps.config);
  return async (request: FastifyRequest, html: string) =>
    renderHead(html, await heads.headFor(request.url, base(request)));
}
