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
  setApiTransport(transport: typeof fetch, options?: { answersChecked?: boolean }): void;
  loadPageData(
    url: string,
  ): Promise<{ data: DehydratedState; personal: boolean; address: string } | 'too-large' | null>;
  renderRoute(url: string, mode: 'page', data: DehydratedState): Promise<{ html: string; pages: string[] }>;
}

/** React Query's dehydrated state: the answers, each with its key and state. */
interface DehydratedState {
  queries: { state: { data: unknown } }[];
}

/**
 * A page to be drawn with its data, its answers in: `key` names what it draws (template, address
 * and answers, not the answers' times), so equal keys draw equal pages and a revalidation can be
 * answered before drawing. `draw` puts the markup (drawn now, or kept from a view with the same
 * key) and the answers into `template`, the data template with its head written; null when it
 * cannot (the caller sends the pre-rendered page).
 */
export interface DataPage {
  template: string;
  key: string;
  /** Drawn for the signed-in visitor, with their own data: for their browser only. */
  personal: boolean;
  draw(template: string): Promise<string | null>;
}

/**
 * The most a page's answers may weigh, as the API sends them, for the server to draw it: past it
 * they are refused before they are parsed, validated or drawn, and the visitor gets the
 * pre-rendered frame, their browser asking the API. A signed-in visitor's to-do list or wallet
 * grows with their data, and drawing it all (1,000 to-dos: 11 MB of HTML, 1.5 s of CPU) stalled
 * everyone else; the rows a page draws are bounded more tightly (`DRAWN_ROWS_MAX`,
 * apps/web/src/app/prerender/page-data.ts). A stock's year of prices is ~45 kB.
 */
export const DRAWN_ANSWERS_MAX_BYTES = 256 * 1024;

/**
 * How long a visitor whose page was too large to draw gets the frame without their answers being
 * asked again: the API still builds a large answer (1,000 to-dos: ~90 ms) before it can be refused.
 */
export const TOO_LARGE_KEPT_MS = 60_000;
/**
 * How often a signed-in visitor's page is drawn afresh (~30–40 ms of render each): a few times in
 * a row, then once per interval; meanwhile a view with new answers gets the frame, and once none
 * is left every view does, without its answers being asked. A page whose answers change with
 * every view (a wallet's live value), or a loop of edits and reloads, costs a render per
 * interval, not per view.
 */
export const FRESH_DRAWINGS = 3;
export const FRESH_DRAWING_EVERY_MS = 5_000;
const FRAME_ONLY_MAX = 4096;

/** Markup kept by key: a reload with unchanged answers is not drawn again. Bounded in count and size. */
const RENDERED_MAX = 64;
const RENDERED_MAX_CHARS = 4 * 1024 * 1024;

/**
 * The headers a page's API calls repeat: where the request came from and which address it asked
 * for (host, proxies), and its cookies, so a page that depends on who asks sees the same session.
 */
const FORWARDED = ['host', 'forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'cookie'] as const;

/**
 * How the visitor's request reached us: its peer and addressing headers, which its page's API
 * calls repeat; and how much the answers weighed so far.
 */
interface Visitor {
  remoteAddress: string;
  headers: Record<string, string>;
  answeredBytes: number;
  tooLarge: boolean;
}

function visitorOf(request: FastifyRequest): Visitor {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return { remoteAddress: request.socket.remoteAddress ?? '127.0.0.1', headers, answeredBytes: 0, tooLarge: false };
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
 * So does a page whose answers outweigh `DRAWN_ANSWERS_MAX_BYTES` or whose rows outnumber the
 * page plan's bound: what a view costs does not grow with the visitor's data.
 */
export function dataPages(app: FastifyInstance, webDist: string, now: () => number = Date.now) {
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
    if (from) {
      from.answeredBytes += answer.rawPayload.length;
      // Refused before it is parsed, validated or drawn: the page is sent as its frame.
      if (from.answeredBytes > DRAWN_ANSWERS_MAX_BYTES) from.tooLarge = true;
      if (from.tooLarge) return new Response(null, { status: 413 });
    }
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
            // The answers come from this app's routes, each checked by its response schema as it
            // was serialized (core/serializer.ts): the page uses them without checking them again.
            module.setApiTransport(transport, { answersChecked: true });
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
  // By template and the visitor's cookies (hashed): until when their page is sent as the frame
  // (too large), and how many fresh drawings they have left.
  const frameOnly = new Map<string, number>();
  const freshDrawings = new Map<string, { left: number; at: number }>();
  /** The visitor's fresh drawings left (a token bucket: FRESH_DRAWINGS, one back per interval). */
  const freshDrawingsLeft = (key: string) => {
    const bucket = freshDrawings.get(key);
    return bucket
      ? Math.min(FRESH_DRAWINGS, bucket.left + (now() - bucket.at) / FRESH_DRAWING_EVERY_MS)
      : FRESH_DRAWINGS;
  };
  /** Takes one of the visitor's fresh drawings; false when none is left. */
  const takeFreshDrawing = (key: string) => {
    const left = freshDrawingsLeft(key);
    freshDrawings.delete(key);
    freshDrawings.set(key, { left: left >= 1 ? left - 1 : left, at: now() });
    if (freshDrawings.size > FRAME_ONLY_MAX) freshDrawings.delete(freshDrawings.keys().next().value as string);
    return left >= 1;
  };
  const until = (map: Map<string, number>, key: string, ms: number) => {
    map.set(key, now() + ms);
    if (map.size > FRAME_ONLY_MAX) map.delete(map.keys().next().value as string);
  };
  const within = (map: Map<string, number>, key: string | null) => {
    const end = key === null ? undefined : map.get(key);
    if (end === undefined) return false;
    if (end > now()) return true;
    map.delete(key as string);
    return false;
  };
  const visitorKeyOf = (request: FastifyRequest, file: string) =>
    createHash('sha1')
      .update(`${file}\n${request.headers.cookie ?? ''}`)
      .digest('base64url');

  const rendered = new Map<string, string>();
  let renderedChars = 0;
  const keep = (key: string, markup: string) => {
    rendered.set(key, markup);
    renderedChars += markup.length;
    while (rendered.size > RENDERED_MAX || renderedChars > RENDERED_MAX_CHARS) {
      const [oldest, value] = rendered.entries().next().value as [string, string];
      rendered.delete(oldest);
      renderedChars -= value.length;
    }
  };

  /** The page at the request's URL with its answers, from the build's template `file`; null to send the pre-rendered page. */
  return async function pageWithData(request: FastifyRequest, file: string): Promise<DataPage | null> {
    const template = templateOf(file);
    const render = template === null ? null : await load();
    if (!template || !render) return null;
    const visitorKey = request.headers.cookie ? visitorKeyOf(request, file) : null;
    // Too large a moment ago, or drawn afresh too often: the frame, without asking for the answers
    // (a wallet's answers change with every view: asking alone would cost ~30 ms a view).
    if (within(frameOnly, visitorKey) || (visitorKey !== null && freshDrawingsLeft(visitorKey) < 1)) return null;
    const tooLarge = () => {
      if (visitorKey !== null) until(frameOnly, visitorKey, TOO_LARGE_KEPT_MS);
    };
    const from = visitorOf(request);
    try {
      const loaded = await visitor.run(from, () => render.loadPageData(request.url));
      if (loaded === 'too-large' || from.tooLarge) {
        tooLarge();
        return null;
      }
      if (!loaded) return null;
      const { data, personal, address } = loaded;
      const key = createHash('sha1')
        // The address as the page reads it, not as asked: a query made up per request would
        // otherwise make a render per request. A visitor's own answers name who asks, so no two
        // visitors share a key.
        .update(`${file}\n${address}\n`)
        .update(JSON.stringify(data.queries.map((query) => query.state.data)))
        .digest('base64url');
      return {
        template,
        key,
        personal,
        async draw(withHead) {
          let markup = rendered.get(key);
          if (markup === undefined) {
            if (personal && visitorKey !== null && !takeFreshDrawing(visitorKey)) return null;
            const page = await render.renderRoute(request.url, 'page', data).catch((error: unknown) => {
              request.log.warn({ err: error }, 'data page sent pre-rendered: its render failed');
              return null;
            });
            if (!page) return null;
            // The template lists the lazy parts (and their scripts) the page needs to hydrate.
            const listed = /data-pages="([^"]*)"/.exec(template)?.[1]?.split(' ') ?? [];
            if (page.pages.some((name) => !listed.includes(name))) {
              request.log.warn({ pages: page.pages }, 'data page rendered parts its template does not list');
              return null;
            }
            markup = page.html;
            keep(key, markup);
          }
          const drawn = markup;
          // The answers as just asked (with their times, so the browser counts them as fresh) go
          // with the markup drawn from the same answers.
          return withHead
            .replace(PAGE_HTML_MARKER, () => drawn)
            .replace(
              PAGE_DATA_MARKER,
              () => `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>`,
            );
        },
      };
    } catch (error) {
      // An answer refused as too large, or one that failed (an unknown symbol, an upstream
      // outage): the page loads its data itself.
      if (from.tooLarge) tooLarge();
      else request.log.info({ err: error }, 'data page sent pre-rendered');
      return null;
    }
  };
}
