import { DEFAULT_INTERVAL, DEFAULT_RANGE, matchPage, normalizeSymbol } from '@site/contract';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { askSession, authQueries } from '../../features/auth/api/auth-queries';
import { financeQueries } from '../../features/finance/api/use-finance';
import { portfolioQueries } from '../../features/portfolio/api/use-portfolio';
import { todoApi } from '../../features/todo/api/todo-api';
import { todoQueries } from '../../features/todo/api/use-todos';
import { walletQueries } from '../../features/wallets/api/use-wallets';
import { parseWalletParam, WALLET_PARAM } from '../../features/wallets/wallet-param';

/**
 * What the server asks before it draws a page with its data (`data: true` in
 * packages/contract/src/page-meta.ts; docs/decisions.md#pages-rendered-with-their-data): whether the
 * page needs to know who is asking (`session`), then the queries whose answers the page draws
 * first for that visitor. The features' own query keys, so the page reads what is asked.
 */
export interface PagePlan {
  session: boolean;
  queries(signedIn: boolean): FetchQueryOptions[];
}

const query = (options: unknown) => options as FetchQueryOptions;

/** The visitor's session as the page reads it (`useMe`), asked with the request's cookies. */
export const sessionQuery = () => query({ queryKey: authQueries.me().queryKey, queryFn: () => askSession() });

/** The plan for the page at `url`, or null for a page the server does not draw with data. */
export function pagePlan(url: string): PagePlan | null {
  const { pathname, searchParams } = new URL(url, 'http://site.invalid');
  const { meta, params } = matchPage(pathname);
  if (!meta.data) return null;
  switch (meta.pattern) {
    case '/portfolio':
      return { session: false, queries: () => [query(portfolioQueries.projects())] };
    case '/apps/finance/stock/:symbol': {
      const symbol = normalizeSymbol(params.symbol ?? '');
      if (!symbol) return null;
      return {
        session: false,
        queries: () => [query(financeQueries.fullStock(symbol, DEFAULT_RANGE, DEFAULT_INTERVAL))],
      };
    }
    case '/apps/finance':
      return { session: true, queries: (signedIn) => (signedIn ? [query(financeQueries.watchlist())] : []) };
    case '/apps/todo':
      return {
        session: true,
        // The list as the page asks it, without the browser's offline copy.
        queries: (signedIn) =>
          signedIn ? [query({ queryKey: todoQueries.lists().queryKey, queryFn: () => todoApi.list() })] : [],
      };
    case '/apps/finance/wallet': {
      // The wallet the address names; without one the page shows the active wallet, which only
      // the list tells, so the server draws the list and the browser asks for the rest.
      const walletId = parseWalletParam(searchParams.get(WALLET_PARAM));
      return {
        session: true,
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
      };
    }
    default:
      return null;
  }
}
