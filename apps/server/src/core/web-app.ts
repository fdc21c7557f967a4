import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { dataTemplateFileName, matchPage, prerenderedFileName } from '@site/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serverRoot } from '../server-root.js';
import { addVary, type ContentEncoding, compressBody, negotiateEncoding } from './compression.js';
import { dataPages } from './data-pages.js';
import { errorBody, sendApiNotFound } from './error-handler.js';
import { contentSecurityPolicy } from './security.js';

/** The web workspace's build output. */
export const defaultWebDist = path.join(serverRoot, '../web/dist');

/**
 * Serves the built single-page app: hashed files under /assets/ are cached for a year, everything
 * else is revalidated, and any non-API GET that is not a file gets the page's HTML so client-side
 * routes work on reload: the page pre-rendered by the build (prerendered/, docs/decisions.md#pre-rendered-pages)
 * or, failing that, index.html, its head written for the route by `renderPage` (title,
 * description, OpenGraph…; docs/api.md#pages). Unknown /api/* paths get the JSON 404.
 *
 * Text files go out brotli- or gzip-encoded when the browser accepts it, from the `.br`/`.gz`
 * copies `npm run build` writes next to them (scripts/precompress-web.mjs): no compression work
 * per request. A file without copies is sent as it is; every answer says `Vary: Accept-Encoding`.
 */
/**
 * The CSP hashes of a built page's inline scripts (the pre-rendered pages' colour-scheme script):
 * the build wrote them, so they are allowed; nothing a request adds to the page is a script.
 */
export const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) =>
      `sha256-${createHash('sha256')
        .update(code as string)
        .digest('base64')}`,
  );

/** Whether `If-None-Match` names `etag` (a list of tags or `*`; compared weakly, as for GET). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** Gives a page's HTML its own head (features/site-meta, docs/api.md#pages). */
export type PageRenderer = (request: FastifyRequest, html: string) => Promise<string>;

export async function registerWebApp(app: FastifyInstance, webDist: string, renderPage?: PageRenderer) {
  const indexFile = path.join(webDist, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  // Read once per page: the build does not change under a running server.
  const pages = new Map<string, { html: string; csp: string }>();
  const pageFor = (pathname: string) => {
    const file = prerenderedFileName(matchPage(pathname).meta.pattern);
    let page = pages.get(file);
    if (page === undefined) {
      const prerendered = path.join(webDist, 'prerendered', file);
      const html = fs.readFileSync(fs.existsSync(prerendered) ? prerendered : indexFile, 'utf8');
      page = { html, csp: contentSecurityPolicy(inlineScriptHashes(html)) };
      pages.set(file, page);
    }
    return page;
  };

  if (hasWebApp) {
    // The hashed files under /assets/ (hundreds) are served by one wildcard route: a route per file
    // cost ~50 ms of every start (docs/decisions.md#start-up-and-memory). Their compressed copies are
    // found next to each file and are not served as files of their own.
    await app.register(fastifyStatic, {
      root: path.join(webDist, 'assets'),
      prefix: '/assets/',
      index: false,
      preCompressed: true,
      allowedPath: (pathname) => !/\.(br|gz)$/.test(pathname),
      setHeaders(reply) {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
    // The few other files get a route each, so every other path reaches the page routes below.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      decorateReply: false,
      // robots.txt is the server's (features/site-meta), which knows the site's address; so is
      // resume.pdf (features/profile, uploaded in /admin), which an older build may still hold.
      globIgnore: ['assets/**', '**/*.br', '**/*.gz', 'robots.txt', 'resume.pdf', 'prerendered/**'],
      setHeaders(reply) {
        reply.header('Cache-Control', 'no-cache');
      },
    });
  }

  // A pre-rendered page is ~130 kB of HTML: brotli takes ~1.5 ms of CPU for it, twenty times the
  // rest of the answer. The few variants a page has (its head changes with the route and, for a
  // stock page, its price) are kept encoded by their ETag; the oldest goes beyond 64.
  const encoded = new Map<string, Promise<Buffer>>();
  const encodedPage = (html: string, etag: string, encoding: ContentEncoding) => {
    const key = `${encoding} ${etag}`;
    let body = encoded.get(key);
    if (!body) {
      body = compressBody(html, encoding);
      body.catch(() => encoded.delete(key));
      encoded.set(key, body);
      if (encoded.size > 64) encoded.delete(encoded.keys().next().value as string);
    }
    return body;
  };

  // docs/decisions.md#pages-rendered-with-their-data: the pages drawn with their data, within bounds.
  const pageWithData = dataPages(app, webDist);

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
      return sendApiNotFound(request, reply);
    }
    if (hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('Cache-Control', 'no-cache');
      const pathname = request.url.split('?')[0] as string;
      const page = pageFor(pathname);
      // Its data template has the same one inline script, so the same CSP.
      reply.header('Content-Security-Policy', page.csp);
      const { meta } = matchPage(pathname);
      if (meta.data) {
        addVary(reply, 'Cookie');
        const drawn = await pageWithData(request, dataTemplateFileName(meta.pattern));
        if (drawn) {
          // The head is written on the template, the same few for every visitor, before the
          // visitor's data goes in.
          const template = renderPage ? await renderPage(request, drawn.template) : drawn.template;
          // Weak: the answers' times in the page change with every view, what it shows does not.
          // A matching revalidation is answered before anything is drawn.
          const etag = `W/"${createHash('sha1').update(template).update(drawn.key).digest('base64url')}"`;
          // A page drawn with the signed-in visitor's own data is theirs alone: no shared cache keeps it.
          if (drawn.personal) reply.header('Cache-Control', 'private, no-cache');
          if (etagMatches(request.headers['if-none-match'], etag)) return reply.header('ETag', etag).code(304).send();
          const html = await drawn.draw(template);
          if (html !== null) {
            reply.header('ETag', etag);
            reply.type('text/html; charset=utf-8');
            addVary(reply, 'Accept-Encoding');
            const encoding = negotiateEncoding(request.headers['accept-encoding']);
            if (!encoding) return reply.send(html);
            // Encoded for this view only: no two views hold the same answers' times.
            reply.header('Content-Encoding', encoding);
            return reply.send(await compressBody(html, encoding, { oneView: true }));
          }
          reply.header('Cache-Control', 'no-cache');
        }
      }
      const html = renderPage ? await renderPage(request, page.html) : page.html;
      // Revalidated on each load (no-cache), so a tag lets an unchanged page answer 304.
      const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
      reply.header('ETag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      reply.type('text/html; charset=utf-8');
      addVary(reply, 'Accept-Encoding');
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      if (!encoding) return reply.send(html);
      // Set before sending, so the compression hook leaves the body as it is.
      reply.header('Content-Encoding', encoding);
      return reply.send(await encodedPage(html, etag, encoding));
    }
    const message = hasWebApp ? 'Not found' : 'The web app is not built yet: run `npm run build`.';
    return reply.code(404).send(errorBody(404, message));
  });
}
