import { matchPage } from '@site/contract/page-meta';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { setPageTitle } from '../lib/page-title';

/**
 * Keeps the tab's title and the description in step with the route, from the same table the
 * server writes into each page it sends (packages/contract/src/page-meta.ts, docs/api.md#pages).
 * The first page's head came from the server (a canonical link says so), with what only it knows
 * (a stock's price, a shared puzzle's level): it is kept until the route changes.
 */
export function usePageMeta() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const serverWritten = first.current && document.querySelector('link[rel="canonical"]') !== null;
    first.current = false;
    if (serverWritten) return;
    const { meta, params } = matchPage(pathname);
    const title = params.symbol ? `${params.symbol.toUpperCase()} stock` : meta.title;
    setPageTitle(title, meta);
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [pathname]);
}
