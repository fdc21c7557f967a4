import { type DehydratedState, hashKey } from '@tanstack/react-query';
import { createContext } from 'react';
import { authQueries } from './api/auth-queries';

/**
 * True when the page was drawn by the server knowing who asked for it (its data holds the session
 * answer; docs/decisions.md#pages-rendered-with-their-data): `useMe` then gives that answer while
 * the page hydrates instead of "still checking", as the server drew it.
 */
export const SessionKnownContext = createContext(false);

/** Whether a page's data (SiteApp's `data`) holds the session answer. */
export const holdsSession = (data: DehydratedState | undefined) =>
  data?.queries.some((query) => query.queryHash === hashKey(authQueries.me().queryKey)) ?? false;
