import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { notFound } from '../../core/http-errors.js';
import { etagMatches } from '../../core/web-app.js';
import { FEED_PATHS, type FeedFormat, type PortfolioFeeds } from './portfolio-feed.js';

/**
 * `GET /rss.xml` and `GET /feed.json` at the site's root (docs/api.md#feeds): absolute from
 * PUBLIC_URL or an allowed host, as the sitemap; a reader revalidates with the ETag (304).
 */
export const portfolioFeedRoutes: FastifyPluginAsync<{
  feeds: PortfolioFeeds;
  /** The site's address for a request (core/public-url.ts `linkBase`), or '' when unknown. */
  base: (request: FastifyRequest) => string;
}> = async (app, { feeds, base }) => {
  for (const format of ['rss', 'json'] as const satisfies FeedFormat[]) {
    app.get(FEED_PATHS[format], async (request, reply) => {
      const origin = base(request);
      // A feed's links are absolute, and the request's own host is not to be trusted.
      if (!origin) throw notFound('No feed: set PUBLIC_URL (or ALLOWED_HOSTS) to the site’s address.');
      const { body, etag, contentType } = await feeds.document(format, origin);
      reply.header('ETag', etag).header('Cache-Control', 'no-cache');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type(contentType).send(body);
    });
  }
};
