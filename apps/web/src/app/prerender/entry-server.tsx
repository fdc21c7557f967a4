// The pre-rendering entry (docs/decisions.md#pre-rendered-pages): built by `vite build --ssr` into
// dist-ssr/ and run by scripts/prerender-web.mjs after the client build. The browser's tree
// (SiteApp) in a StaticRouter, so what it writes is what the browser's first
// render makes. No data is fetched here: pages are written in their loading state.
import { type DehydratedState, dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { type PrerenderPages, PrerenderPagesContext, SHELL_ONLY_DIGEST, ShellOnlyPage } from '../../lib/lazy-page';
import { createQueryClient } from '../query-client';
import { SiteApp } from '../SiteApp';
import { type Ask, DRAWN_ROWS_MAX, pagePlan, sessionQuery } from './page-data';

export { setApiTransport } from '../../lib/api-client';

function App({ url, prerender, data }: { url: string; prerender: PrerenderPages; data?: DehydratedState }) {
  return (
    <StrictMode>
      <PrerenderPagesContext value={prerender}>
        <StaticRouter location={url}>
          <SiteApp data={data} />
        </StaticRouter>
      </PrerenderPagesContext>
    </StrictMode>
  );
}

export interface RenderedRoute {
  /** The markup for index.html's #root. */
  html: string;
  /** The lazy pages it rendered or left to the browser (lib/lazy-page.ts): their file names, e.g. 'TodoPage'. */
  pages: string[];
}

/**
 * The markup of `url`. 'page': the page itself in its loading state. 'shell': the frame around it
 * with the page's Suspense fallback (a page whose first render depends on its address's
 * parameters or query, or on who is signed in), marked for the browser to render
 * (SHELL_ONLY_DIGEST, which main.tsx's hydration expects).
 */
export async function renderRoute(url: string, mode: 'page' | 'shell', data?: DehydratedState): Promise<RenderedRoute> {
  const prerender: PrerenderPages = { rendered: new Set(), shellOnly: mode === 'shell' };
  const unexpected: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(<App url={url} prerender={prerender} data={data} />, {
    // Every part in place, however large: React otherwise moves big finished parts to the end of
    // the document with inline scripts to put them back, which the CSP's script-src 'self' refuses.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      if (!(error instanceof ShellOnlyPage)) unexpected.push(error);
      return SHELL_ONLY_DIGEST;
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  if (unexpected.length) throw new AggregateError(unexpected, `Pre-rendering ${url} failed`);
  const html = Buffer.concat(chunks).toString('utf8');
  if (/<script|<!--\$\?-->/.test(html)) throw new Error(`Pre-rendering ${url} left a part for inline scripts`);
  return { html, pages: [...prerender.rendered] };
}

/**
 * A page's data for the server: the answers, whether they are the signed-in visitor's own, and
 * what of the address the page reads (its path, and any query it reads, normalised).
 */
export interface PageData {
  data: DehydratedState;
  personal: boolean;
  address: string;
}

/** What `loadPageData` answers for a page with more rows than a view may draw. */
export const TOO_LARGE = 'too-large';

/**
 * The answers of the first queries of the page at `url` (page-data.ts;
 * docs/decisions.md#pages-rendered-with-their-data), asked of the API through `setApiTransport`, as
 * the state SiteApp starts from; the server then draws the page with `renderRoute(url, 'page', data)`.
 * A page that depends on who asks first asks for the session. Null for a page without such
 * queries; `TOO_LARGE` for one whose answers hold more rows than a view may draw
 * (`DRAWN_ROWS_MAX`). A failed
 * query rejects: the server then sends the pre-rendered page, which loads its data in the
 * browser as before.
 */
export async function loadPageData(url: string): Promise<PageData | typeof TOO_LARGE | null> {
  const plan = pagePlan(url);
  if (!plan) return null;
  const client = createQueryClient();
  const ask: Ask = (query) => client.fetchQuery({ ...query, retry: false });
  // Too many rows to draw within a view's cost: the server sends the frame.
  const tooMany = () =>
    (plan.rows?.(
      client
        .getQueryCache()
        .getAll()
        .map((cached) => cached.state.data),
    ) ?? 0) > DRAWN_ROWS_MAX;
  try {
    const signedIn = plan.session ? (await ask(sessionQuery())) !== null : false;
    await Promise.all(plan.queries(signedIn).map(ask));
    if (tooMany()) return TOO_LARGE;
    // Only what was answered is sent (dehydrate keeps successful queries): a part that failed is
    // asked for by the browser.
    await plan
      .more?.(ask, signedIn)
      .catch((error: unknown) => console.warn(`Part of ${url} is left to the browser`, error));
    if (tooMany()) return TOO_LARGE;
    const { pathname } = new URL(url, 'http://site.invalid');
    return {
      data: dehydrate(client),
      personal: signedIn,
      address: plan.reads === undefined ? pathname : `${pathname}?${plan.reads}`,
    };
  } finally {
    client.clear();
  }
}
