import { type ComponentType, createContext, createElement, lazy, useContext } from 'react';

/** docs/product.md#constants: a lazily loaded chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading chunk timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** What pre-rendering (app/prerender/entry-server.tsx) asks of the lazy pages it meets. */
export interface PrerenderPages {
  /** Filled with the lazy pages rendered, so the page's HTML can link their stylesheets and scripts. */
  rendered: Set<string>;
  /** Leave the route's page to the browser: its Suspense boundary sends the fallback (docs/decisions.md#pre-rendered-pages). */
  shellOnly: boolean;
}

/** The digest of the error that leaves a page out of a 'shell' pre-render; hydration expects it. */
export const SHELL_ONLY_DIGEST = 'prerendered-shell';

/** Thrown by a route's page in a 'shell' pre-render: the browser renders that page. */
export class ShellOnlyPage extends Error {}

/** Provided only while pre-rendering; elsewhere null. */
export const PrerenderPagesContext = createContext<PrerenderPages | null>(null);

/** Each lazy page's loader by name: main.tsx loads a pre-rendered page's parts before hydrating it. */
const loaders = new Map<string, () => Promise<unknown>>();

/**
 * Loads the named lazy pages (those a pre-rendered page lists) so hydration finds their code
 * ready: otherwise a part would hydrate later, after the page's queries may have changed what it
 * shows, and no longer match its HTML. A failure is left to the page's own error boundary.
 */
export const loadLazyPages = (names: readonly string[]) =>
  Promise.allSettled(names.map((name) => loaders.get(name)?.()));

/**
 * React.lazy for a named export, so modules keep named exports and the component keeps its
 * props type: `lazyPage(() => import('./TodoPage'), 'TodoPage')`. The export's name is also the
 * module's file name (TodoPage.tsx), which pre-rendering looks up in the build's manifest.
 * `route`: a route's page, which a 'shell' pre-render leaves out.
 */
export function lazyPage<M, K extends keyof M & string>(load: () => Promise<M>, name: K, kind?: 'route') {
  // biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound; the export keeps its props type.
  type Loaded = M[K] & ComponentType<any>;
  let loading: Promise<Loaded> | undefined;
  // Once loaded the page renders directly: React.lazy would suspend once more, even with the code here.
  let loaded: Loaded | undefined;
  const loadOnce = () => {
    loading ??= withTimeout(load(), CHUNK_TIMEOUT_MS).then(
      (module) => (loaded = module[name] as Loaded),
      (error: unknown) => {
        loading = undefined; // The next render tries again.
        throw error;
      },
    );
    return loading;
  };
  loaders.set(name, loadOnce);
  const Page = lazy(async () => ({ default: await loadOnce() }));
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  return function RecordedPage(props: any) {
    const prerender = useContext(PrerenderPagesContext);
    prerender?.rendered.add(name);
    if (kind === 'route' && prerender?.shellOnly) throw new ShellOnlyPage(`${name} is rendered by the browser`);
    return createElement(loaded ?? Page, props);
  } as unknown as typeof Page;
}
