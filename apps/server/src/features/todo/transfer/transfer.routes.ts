import { createHash } from 'node:crypto';
import { todoTransferEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../core/endpoint.js';
import { publicBaseUrl } from '../../../core/public-url.js';
import type { TransferService } from './transfer.service.js';

/** docs/api.md#calendar-feed-import-and-export: the calendar feed, the CSV export and the import. */
export const transferRoutes: FastifyPluginAsyncZod<{
  service: TransferService;
  publicUrl: string | undefined;
}> = async (app, { service, publicUrl }) => {
  route(app, endpoints.feed, async (_request, { user }) => service.feed(user.id));
  // The address goes to its owner alone, in an answer no cache keeps: PUBLIC_URL, else the caller's own host.
  route(app, endpoints.createFeed, async (request, { user }) =>
    service.createFeed(user.id, publicBaseUrl(request, publicUrl)),
  );
  route(app, endpoints.removeFeed, async (_request, { user }) => service.removeFeed(user.id));

  route(app, endpoints.feedCalendar, async (request, { reply }) => {
    // The UID's host: PUBLIC_URL's, so a task keeps its UID whichever address the calendar used.
    const host = new URL(publicBaseUrl(request, publicUrl) || 'http://localhost').host;
    const body = await service.calendar(request.params.token, host);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    // Calendar apps poll: five minutes in the client's own cache, then a 304 when nothing changed.
    reply.header('cache-control', 'private, max-age=300').header('etag', etag);
    // A list of tags, weak ones too (RFC 9110: If-None-Match compares weakly).
    const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    if (known.includes(etag) || known.includes('*')) return reply.code(304).send();
    return reply.header('content-type', 'text/calendar; charset=utf-8').send(body);
  });

  route(app, endpoints.exportCsv, async (_request, { user, reply }) => {
    const { csv, filename } = await service.exportCsv(user.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  // Within the app's 1 MiB body limit (413 beyond): TODO_IMPORT_MAX characters of plain text fit with their JSON quoting.
  route(app, endpoints.importTasks, async (request, { user }) => service.importTasks(user.id, request.body));
};
