import type { QueryClient } from '@tanstack/react-query';
import { authQueries, knownVisitor } from './auth-queries';

/**
 * In the browser, before the first render: a visitor without a session is known to be one without
 * asking (`knownVisitor`), so the session answer is in the cache as the page hydrates. Left to the
 * query, it arrived just after hydration and React Query's store re-rendered the top bar and the
 * page's parts that read it at once, in a blocking task
 * (docs/decisions.md#main-thread-work-after-the-first-paint).
 */
export function seedVisitorSession(client: QueryClient): void {
  const { queryKey } = authQueries.me();
  if (client.getQueryData(queryKey) === undefined && knownVisitor()) client.setQueryData(queryKey, null);
}
