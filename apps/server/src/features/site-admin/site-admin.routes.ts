import { adminEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.js';
import { etagMatches } from '../../core/web-app.js';
import type { SiteAdminService } from './site-admin.service.js';

/**
 * docs/api.md#admin: the operator's status of this instance, and the home page's notice (public
 * read, admin write). The admin's users calls live with the accounts, not here.
 */
export const siteAdminRoutes: FastifyPluginAsyncZod<{ service: SiteAdminService }> = async (app, { service }) => {
  route(app, endpoints.status, async (_request, { reply }) => {
    reply.header('cache-control', 'no-store');
    return service.status();
  });

  // On the home page: browsers revalidate every time (no-cache) and mostly get a 304.
  route(app, endpoints.notice, async (request, { reply }) => {
    const { body, etag } = await service.notice();
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send() as never;
    return body;
  });

  route(app, endpoints.updateNotice, async (request) => service.updateNotice(request.body));
  route(app, endpoints.resetNotice, async () => service.resetNotice());
};
