import { DEFAULT_INTERVAL, DEFAULT_RANGE, matchPage, normalizeSymbol } from '@site/contract';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { financeQueries } from '../../features/finance/api/use-finance';
import { portfolioQueries } from '../../features/portfolio/api/use-portfolio';

/**
 * The queries whose answers a page draws first, for the pages the server renders with their data
 * (`data: true` in packages/contract/src/page-meta.ts; docs/decisions.md#pages-rendered-with-their-data):
 * the features' own query options, so the keys and answers are those the page reads. Public data
 * only: the page is the same for every visitor. Null for any other page.
 */
export function pageQueries(url: string): FetchQueryOptions[] | null {
  const { pathname } = new URL(url, 'http://site.invalid');
  const { meta, params } = matchPage(pathname);
  if (!meta.data) return null;
  switch (meta.pattern) {
    case '/portfolio':
      return [portfolioQueries.projects() as FetchQueryOptions];
    case '/apps/finance/stock/:symbol': {
      const symbol = normalizeSymbol(params.symbol ?? '');
      return symbol ? [financeQueries.fullStock(symbol, DEFAULT_RANGE, DEFAULT_INTERVAL) as FetchQueryOptions] : null;
    }
    default:
      return null;
  }
}
