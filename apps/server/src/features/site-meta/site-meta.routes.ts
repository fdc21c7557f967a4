import { SESSION_COOKIE } from '@site/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { notFound } from '../../core/http-errors.js';
import type { PageFacts, PortfolioPageFacts } from '../../core/page-facts.js';
import type { PageRenderer } from '../../core/web-app.js';
import { renderHead } from './page-head.js';
import type { PageHeads } from './page-heads.js';
import { robotsTxt, sitemapXml } from './sitemap.js';

/** The site's address for a request (core/public-url.ts `linkBase`), or '' when it is not known. */
export type LinkBase = (request: FastifyRequest) => string;

/** A project page's facts, read by its route and handed to the page's head on the same request. */
const projectOfRequest = new WeakMap<FastifyRequest, PortfolioPageFacts | null>();

/** `GET /sitemap.xml` and `GET /robots.txt`, absolute from PUBLIC_URL or an allowed host (docs/api.md#pages). */
export const siteMetaRoutes: FastifyPluginAsync<{ base: LinkBase; pageFacts: PageFacts }> = async (
  app,
  { base, pageFacts },
) => {
  app.get('/sitemap.xml', async (request, reply) => {
    const origin = base(request);
    // A sitemap lists absolute addresses only, and the request's own host is not to be trusted.
    if (!origin) throw notFound('No sitemap: set PUBLIC_URL (or ALLOWED_HOSTS) to the site’s address.');
    const [projects, owner] = await Promise.all([
      pageFacts.get('portfolioPages')?.() ?? [],
      // The home page is the profile: it changed when the admin last saved it (never: no lastmod).
      pageFacts.get('homeProfile')?.(),
    ]);
    const more = projects.map((p) => ({
      path: `/portfolio/${encodeURIComponent(p.slug)}`,
      lastmod: p.updated_at.slice(0, 10),
    }));
    const home = owner?.updated_at ? { '/': owner.updated_at.slice(0, 10) } : {};
    return reply
      .header('Cache-Control', 'no-cache')
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(origin, more, home));
  });

  // A project's page (docs/api.md#pages): a former slug answers 301 to the current one; an unknown
  // slug, or a draft to anyone but the admin, is the web app's 404 page with a 404 status. Else
  // the page is sent as every other (core/web-app.ts, through the not-found handler).
  // Sessions are read for /api/ requests alone (features/auth): a draft's page asks itself.
  const isAdmin = async (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 128) return false;
    return (await app.auth.resolve(token))?.isAdmin === true;
  };
  app.get<{ Params: { slug: string } }>('/portfolio/:slug', async (request, reply) => {
    const read = pageFacts.get('portfolioProject');
    const facts = read && request.params.slug.length <= 200 ? await read(request.params.slug) : null;
    projectOfRequest.set(request, facts);
    if (facts?.moved) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`/portfolio/${encodeURIComponent(facts.slug)}${query}`, 301);
    }
    if (!facts || (facts.draft && !(await isAdmin(request)))) reply.code(404);
    return reply.callNotFound();
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
  return async (request, html) =>
    renderHead(html, await heads.headFor(request.url, base(request), projectOfRequest.get(request)));
}
