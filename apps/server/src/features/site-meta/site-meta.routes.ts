import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicBaseUrl } from '../../core/public-url.js';
import { renderHead } from './page-head.js';
import { pageHeads } from './page-heads.js';
import { robotsTxt, sitemapXml } from './sitemap.js';

/** `GET /sitemap.xml` and `GET /robots.txt`, absolute from PUBLIC_URL or the request (docs/api.md#pages). */
export async function siteMetaRoutes(app: FastifyInstance) {
  const base = (request: FastifyRequest) => publicBaseUrl(request, app.deps.config.publicUrl);
  app.get('/sitemap.xml', async (request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(base(request))),
  );
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
  return async (request: FastifyRequest, html: string) =>
    renderHead(html, await heads.headFor(request.url, publicBaseUrl(request, app.deps.config.publicUrl)));
}
