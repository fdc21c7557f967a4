import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PAGE_DATA_ID, PAGE_DATA_MARKER, PAGE_HTML_MARKER } from '@site/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scriptJson } from './script-json.js';

/** What the web build's rendering entry offers the server (apps/web/src/app/prerender/entry-server.tsx). */
interface PageRenderer {
  setApiTransport(transport: typeof fetch): void;
  loadPageData(url: string): Promise<{ data: DehydratedState; personal: boolean } | null>;
  renderRoute(url: string, mode: 'page', data: DehydratedState): Promise<{ html: string; pages: string[] }>;
}

/** React Query's dehydrated state: the answers, each with its key and state. */
interface DehydratedState {
  queries: { state: { data: unknown } }[];
}

/** A page drawn with its data; `personal`: drawn for the signed-in visitor, with their own data. */
export interface PageWithData {
  html: string;
  personal: boolean;
}

/** Rendered pages kept by their answers: a page whose data has not changed is not rendered again. */
const RENDERED_MAX = 32;

/**
 * The headers a page's API calls repeat: where the request came from and which address it asked
 * for (host, proxies), and its cookies, so a page that depends on who asks sees the same session.
 */
const FORWARDED = ['host', 'forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'cookie'] as const;

/** How the visitor's request reached us: its peer and addressing headers, which its page's API calls repeat. */
interface Visitor {
  remoteAddress: string;
  headers: Record<string, string>;
}

function visitorOf(request: FastifyRequest): Visitor {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return { remoteAddress: request.socket.remoteAddress ?? '127.0.0.1', headers };
}

/**
 * Pages drawn at request time with their data (docs/decisions.md#pages-rendered-with-their-data):
 * the portfolio's projects, a stock's quote, profile and price line, and the to-do and finance
 * pages as the visitor's session shows them are in the HTML, so the largest thing on the page
 * paints with it instead of after the app has started and asked for it.
 * The web build's rendering entry (dist-ssr/) draws the page with the answers of the page's own
 * queries, which it asks of this app through `inject` as the visitor's browser would have asked:
 * from the same peer with the same host, proxy and cookie headers, so the same client address (and
 * rate limits), session and absolute links result. The answers go into the page for the browser's
 * first render. Anything that fails (no rendering entry, an answer that is not a 200, a render
 * error) gives null: the caller sends the pre-rendered page, which loads its data in the browser.
 */
export function dataPages(app: FastifyInstance, webDist: string) {
  const entry = path.resolve(webDist, '../dist-ssr/entry-server.js');
  const visitor = new AsyncLocalStorage<Visitor>();
  // The page's queries are GETs: public data, or the visitor's own with the visitor's cookies.
  const transport: typeof fetch = async (input) => {
    const from = visitor.getStore();
    const answer = await app.inject({
      method: 'GET',
      url: String(input),
      headers: { ...from?.headers, accept: 'application/json' },
      remoteAddress: from?.remoteAddress ?? '127.0.0.1',
    });
    return new Response(answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };

  // Loaded on the first data page: React and the app's code cost the server's memory only once a
  // data page is asked for (docs/decisions.md#pages-rendered-with-their-data).
  let renderer: Promise<PageRenderer | null> | undefined;
  const load = () => {
    renderer ??= fs.existsSync(entry)
      ? (import(pathToFileURL(entry).href) as Promise<PageRenderer>).then(
          (module) => {
            module.setApiTransport(transport);
            return module;
          },
          (error: unknown) => {
            app.log.error({ err: error }, 'could not load the page renderer; data pages are sent pre-rendered');
            return null;
          },
        )
      : Promise.resolve(null);
    return renderer;
  };

  const templates = new Map<string, string | null>();
  const templateOf = (file: string) => {
    if (!templates.has(file)) {
      const full = path.join(webDist, 'prerendered', file);
      templates.set(file, fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null);
    }
    return templates.get(file) ?? null;
  };
  const rendered = new Map<string, string>();

  /** The page at the request's URL with its data, from the build's template `file`; null to send the pre-rendered page. */
  return async function pageWithData(request: FastifyRequest, file: string): Promise<PageWithData | null> {
    const template = templateOf(file);
    const render = template === null ? null : await load();
    if (!template || !render) return null;
    try {
      const loaded = await visitor.run(visitorOf(request), () => render.loadPageData(request.url));
      if (!loaded) return null;
      const { data, personal } = loaded;
      const key = createHash('sha1')
        // The path, not the query: a query made up per request would otherwise make a render per
        // request. The one page that reads its query (the wallet's ?wallet=) is personal, never kept.
        .update(`${request.url.split('?')[0]}\n${JSON.stringify(data.queries.map((query) => query.state.data))}`)
        .digest('base64url');
      let html = rendered.get(key);
      if (html === undefined) {
        const page = await render.renderRoute(request.url, 'page', data);
        // The template lists the lazy parts (and their scripts) the page needs to hydrate.
        const listed = /data-pages="([^"]*)"/.exec(template)?.[1]?.split(' ') ?? [];
        if (page.pages.some((name) => !listed.includes(name))) {
          request.log.warn({ pages: page.pages }, 'data page rendered parts its template does not list');
          return null;
        }
        html = template.replace(PAGE_HTML_MARKER, () => page.html);
        // A signed-in visitor's own page is drawn for each request, never kept.
        if (!personal) {
          rendered.set(key, html);
          if (rendered.size > RENDERED_MAX) rendered.delete(rendered.keys().next().value as string);
        }
      }
      // The answers as just asked (with their times, so the browser counts them as fresh) go with
      // the markup drawn from the same answers.
      return {
        html: html.replace(
          PAGE_DATA_MARKER,
          () => `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>`,
        ),
        personal,
      };
    } catch (error) {
      // A failed answer (an unknown symbol, an upstream outage) or render: the page loads its data itself.
      request.log.info({ err: error }, 'data page sent pre-rendered');
      return null;
    }
  };
}
