import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { holdsSession, SessionKnownContext, seedVisitorSession } from '../features/auth';
import { noteSignedOut } from '../hooks/use-signed-out-reason';
import { readCookie } from '../lib/cookies';
import { CSRF_COOKIE } from '../lib/csrf';
import { keepDrawnOfflineCopies } from '../lib/offline-copy';
import { readSession } from '../lib/storage';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';

/**
 * The site inside its router: the one tree both the browser (app/start.tsx) and the pre-render
 * (app/prerender/entry-server.tsx) draw, so a provider added here is in both and hydration matches.
 */
export function SiteApp({ data }: { data?: DehydratedState }) {
  // A page the server rendered with its data (docs/decisions.md#pages-rendered-with-their-data)
  // starts with those answers, so its first render, and hydration, draw what the HTML holds.
  // A browser that still holds a signed-in user but no session cookies: the session ended while the
  // site was closed (logged out everywhere, expired). Checked before the start forgets that user.
  useState(() => {
    if (typeof document !== 'undefined' && readSession() && !readCookie(CSRF_COOKIE)) noteSignedOut('session-ended');
  });
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (data) hydrate(client, data);
    if (typeof document !== 'undefined') seedVisitorSession(client);
    return client;
  });
  const [sessionKnown] = useState(() => holdsSession(data));
  // The visitor's own answers, drawn by the server, become offline copies (docs/product.md#offline)
  // without being asked again: asking again re-rendered the whole page twice as it hydrated.
  const [drawn] = useState(() => (sessionKnown && data ? data.queries.map((query) => query.queryHash) : []));
  // A layout effect: it runs before any component's query is first watched (in passive effects).
  useLayoutEffect(() => keepDrawnOfflineCopies(queryClient, drawn), [queryClient, drawn]);
  return (
    <SessionKnownContext value={sessionKnown}>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
      </AppProviders>
    </SessionKnownContext>
  );
}
