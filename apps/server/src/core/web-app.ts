import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody, sendApiNotFound } from './error-handler.js';

/** The web workspace's build output, relative to this file in src/ or dist/. */
export const defaultWebDist = path.resolve(import.meta.dirname, '../../../web/dist');

/**
 * Serves the built single-page app: hashed files under /assets/ are cached for a year, everything
 * else is revalidated, and any non-API GET that is not a file gets index.html so client-side
 * routes work on reload. Unknown /api/* paths get the JSON 404.
 *
 * Text files go out brotli- or gzip-encoded when the browser accepts it, from the `.br`/`.gz`
 * copies `npm run build` writes next to them (scripts/precompress-web.mjs): no compression work
 * per request. A file without copies is sent as it is; every answer says `Vary: Accept-Encoding`.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The copies are found next to each file; they get no routes of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
      return sendApiNotFound(request, reply);
    }
    if (hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const message = hasWebApp ? 'Not found' : 'The web app is not built yet: run `npm run build`.';
    return reply.code(404).send(errorBody(404, message));
  });
}
