import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { notFound } from '../../core/http-errors.js';
import type { PageRenderer } from '../../core/web-app.js';
import { renderHead } from './page-head.js';
import type { PageHeads } from './page-heads.js';
import { robotsTxt, sitemapXml } from './sitemap.js';

/** The site's address for a request (core/public-url.ts `linkBase`), or '' when it is not known. */
export type LinkBase = (request: FastifyRequest) => string;

/** `GET /sitemap.xml` and `GET /robots.txt`, absolute from PUBLIC_URL or an allowed host (docs/api.md#pages). */
export const siteMetaRoutes: FastifyPluginAsync<{ base: LinkBase }> = async (app, { base }) => {
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
};

/**
 * The web app's pages with their own head (core/web-app.ts calls this on the HTML it sends for a
 * page route): title, description, canonical, OpenGraph, Twitter and JSON-LD (docs/api.md#pages).
 */
export function pageRenderer(heads: PageHeads, base: LinkBase): PageRenderer {
  return async (request, html) => renderHead(html, await heads.headFor(request.url, base(request)));
}
