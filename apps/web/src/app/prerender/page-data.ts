import { DEFAULT_BENCHMARK, DEFAULT_INTERVAL, DEFAULT_RANGE, matchPage, normalizeSymbol, tagKey } from '@site/contract';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { askSession, authQueries } from '../../features/auth/api/auth-queries';
import { financeQueries } from '../../features/finance/api/use-finance';
import { profileQuery } from '../../features/home/api/profile';
import { portfolioQueries } from '../../features/portfolio/api/use-portfolio';
import { todoApi } from '../../features/todo/api/todo-api';
import { todoLabelQueries } from '../../features/todo/api/use-todo-labels';
import { todoListQueries } from '../../features/todo/api/use-todo-lists';
import { todoQueries } from '../../features/todo/api/use-todos';
import { todoViewHref, viewFromSearch } from '../../features/todo/todo-views';
import { ordersQuery } from '../../features/wallets/api/orders-api';
import { performanceQuery, performanceVersion } from '../../features/wallets/api/performance-api';
import { activeWallet, walletQueries } from '../../features/wallets/api/use-wallets';
import { walletEventsQuery } from '../../features/wallets/api/wallet-events';
import { parseWalletParam, WALLET_PARAM } from '../../features/wallets/wallet-param';

/**
 * What the server asks before it draws a page with its data (`data: true` in
 * packages/contract/src/page-meta.ts; docs/decisions.md#pages-rendered-with-their-data): whether the
 * page needs to know who is asking (`session`), then the queries whose answers the page draws
 * first for that visitor. The features' own query keys, so the page reads what is asked.
 */
export interface PagePlan {
  session: boolean;
  /**
   * What of the address the page reads besides its path, normalised (the wallet's `?wallet=`):
   * with the path and the answers it names what the page draws, so the server keeps one drawing
   * for every address that draws the same.
   */
  reads?: string;
  queries(signedIn: boolean): FetchQueryOptions[];
  /**
   * The rest of the page, once `queries` are answered: queries that need their answers, and the
   * sections further down. Any that fails is left out, and the browser asks for it as before.
   */
  more?(ask: Ask, signedIn: boolean): Promise<unknown>;
  /**
   * How many rows the answers make the page draw (to-do items, watchlist lines, holdings, trades,
   * orders, events): what its render costs grows with them. Past `DRAWN_ROWS_MAX` the server
   * sends the pre-rendered frame and the browser asks for the answers.
   */
  rows?(answers: unknown[]): number;
}

/**
 * The most rows a page is drawn with on the server: the to-do page renders in ~27 ms of CPU
 * without items and ~38 ms with 12 (load average 12), and every row adds its share
 * (docs/decisions.md#pages-rendered-with-their-data). More, and the server sends the frame. The
 * answers' weight is bounded too (apps/server/src/core/data-pages.ts).
 */
export const DRAWN_ROWS_MAX = 12;

/** The rows of the lists `pick` finds in the answers (a field of an answer that is not a list counts none). */
function rowsOf(answers: unknown[], ...picks: ((answer: Record<string, unknown>) => unknown)[]): number {
  let rows = 0;
  for (const answer of answers) {
    if (typeof answer !== 'object' || answer === null) continue;
    for (const pick of picks) {
      const list = pick(answer as Record<string, unknown>);
      if (Array.isArray(list)) rows += list.length;
    }
  }
  return rows;
}

/** Asks a query (answered from the cache when `queries` asked it already). */
export type Ask = <T, K extends readonly unknown[]>(query: FetchQueryOptions<T, Error, T, K>) => Promise<T>;

const query = (options: unknown) => options as FetchQueryOptions;

/** The visitor's session as the page reads it (`useMe`), asked with the request's cookies. */
export const sessionQuery = () => query({ queryKey: authQueries.me().queryKey, queryFn: () => askSession() });

/** The plan for the page at `url`, or null for a page the server does not draw with data. */
export function pagePlan(url: string): PagePlan | null {
  const { pathname, searchParams } = new URL(url, 'http://site.invalid');
  const { meta, params } = matchPage(pathname);
  if (!meta.data) return null;
  switch (meta.pattern) {
    case '/':
      // The owner's profile: the hero, the page and the frame's name are the admin's, not the
      // first start's defaults. The same for every visitor.
      return { session: false, queries: () => [query(profileQuery())] };
    case '/portfolio':
      // The tag filter (?tag=react) changes what is drawn: a drawing per tag, not the whole list's for all.
      return {
        session: false,
        reads: `tag=${encodeURIComponent(tagKey(searchParams.get('tag') ?? ''))}`,
        queries: () => [query(portfolioQueries.projects())],
      };
    case '/portfolio/:slug':
      // A visitor's view: a draft (the admin's preview) is drawn by the browser.
      return { session: false, queries: () => [query(portfolioQueries.project(params.slug ?? ''))] };
    case '/apps/finance/stock/:symbol': {
      const symbol = normalizeSymbol(params.symbol ?? '');
      if (!symbol) return null;
      return {
        session: false,
        queries: () => [query(financeQueries.fullStock(symbol, DEFAULT_RANGE, DEFAULT_INTERVAL))],
      };
    }
    case '/apps/finance':
      return {
        session: true,
        queries: (signedIn) => (signedIn ? [query(financeQueries.watchlist())] : []),
        rows: (answers) => rowsOf(answers, (answer) => answer.items),
      };
    case '/apps/todo': {
      // The view the address names (todo-views.ts), normalised so that equal views share a drawing.
      // The default view is drawn with its items; the others draw their loader and ask in the
      // browser, whose zone decides what Today is. The side bar's lists and labels come with both.
      const view = viewFromSearch(searchParams);
      const href = todoViewHref(view);
      return {
        session: true,
        reads: href.includes('?') ? href.slice(href.indexOf('?') + 1) : '',
        queries: (signedIn) =>
          !signedIn
            ? []
            : [
                // The list as the page asks it, without the browser's offline copy.
                ...(view.view === 'all'
                  ? [query({ queryKey: todoQueries.lists().queryKey, queryFn: () => todoApi.list() })]
                  : []),
                query(todoListQueries.lists()),
                query(todoLabelQueries.labels()),
              ],
        rows: (answers) =>
          rowsOf(
            answers,
            (answer) => answer.todos,
            (answer) => answer.completed,
            (answer) => answer.lists,
            (answer) => answer.labels,
          ),
      };
    }
    case '/apps/finance/wallet': {
      // The wallet the address names; without one the page shows the active wallet, which only
      // the list tells: the list comes first, the wallet with `more`.
      const walletId = parseWalletParam(searchParams.get(WALLET_PARAM));
      return {
        session: true,
        reads: `${WALLET_PARAM}=${walletId ?? ''}`,
        queries: (signedIn) =>
          !signedIn
            ? []
            : walletId === null
              ? [query(walletQueries.list())]
              : [
                  query(walletQueries.list()),
                  query(walletQueries.details(walletId)),
                  query(walletQueries.ledger(walletId)),
                ],
        // Below the holdings: its orders, dividends and performance against the default benchmark,
        // so that the page neither asks for them (nor loads zod to check the answers) as it starts
        // (docs/decisions.md#main-thread-work-after-the-first-paint).
        more: async (ask, signedIn) => {
          if (!signedIn) return;
          const id = walletId ?? activeWallet(await ask(walletQueries.list()))?.wallet_id;
          if (id === undefined) return;
          // Each part on its own: a failed one (say the dividends) leaves the others drawn.
          const [details] = await Promise.allSettled([
            ask(walletQueries.details(id)),
            ask(walletQueries.ledger(id)),
            ask(ordersQuery(id)),
            ask(walletEventsQuery(id)),
          ]);
          // The performance's key names the wallet's version, which only its details tell.
          if (details.status === 'fulfilled') {
            const version = performanceVersion(details.value.wallet.history);
            await ask(query(performanceQuery(id, DEFAULT_BENCHMARK, version)));
          }
        },
        rows: (answers) =>
          rowsOf(
            answers,
            (answer) => (answer.wallet as { stocks?: unknown } | undefined)?.stocks,
            (answer) => answer.trades,
            (answer) => answer.orders,
            (answer) => answer.events,
          ),
      };
    }
    default:
      return null;
  }
}
