import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody, sendApiNotFound } from './error-handler.js';

/** The web workspace's build output, relative to this file in src/ or dist/. */
export const defaultWebDist = path.resolve(import.meta.dirname, '../../../web/dist');

/**
 * Serves the built single-page app: hashed files under /assets/ are cached for a year, everything
 * else is revalidated, and any non-API GET that is not a file gets index.html so client-side
 * routes work on reload, its head written for the route by `renderPage` (title, description,
 * OpenGraph…; docs/api.md#pages). Unknown /api/* paths get the JSON 404.
 *
 * Text files go out brotli- or gzip-encoded when the browser accepts it, from the `.br`/`.gz`
 * copies `npm run build` writes next to them (scripts/precompress-web.mjs): no compression work
 * per request. A file without copies is sent as it is; every answer says `Vary: Accept-Encoding`.
 */
/** Gives a page's HTML its own head (features/site-meta, docs/api.md#pages). */
export type PageRenderer = (request: FastifyRequest, html: string) => Promise<string>;

export async function registerWebApp(app: FastifyInstance, webDist: string, renderPage?: PageRenderer) {
  const indexFile = path.join(webDist, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  // Read once: the build does not change under a running server.
  let indexHtml: string | undefined;

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The copies are found next to each file; they get no routes of their own. robots.txt is the
      // server's (features/site-meta), which knows the site's address.
      globIgnore: ['**/*.br', '**/*.gz', 'robots.txt'],
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
      return sendApiNotFound(request, reply);
    }
    if (hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('Cache-Control', 'no-cache');
      if (!renderPage) return reply.sendFile('index.html');
      indexHtml ??= fs.readFileSync(indexFile, 'utf8');
      const html = await renderPage(request, indexHtml);
      // Revalidated on each load (no-cache), so a tag lets an unchanged page answer 304.
      const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
      reply.header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(html);
    }
    const message = hasWebApp ? 'Not found' : 'The web app is not built yet: run `npm run build`.';
    return reply.code(404).send(errorBody(404, message));
  });
}
