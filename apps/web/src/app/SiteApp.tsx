import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { holdsSession, SessionKnownContext } from '../features/auth';
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
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (data) hydrate(client, data);
    return client;
  });
  const [sessionKnown] = useState(() => holdsSession(data));
  // The visitor's own answers, drawn by the server, are asked again once the page is the app's:
  // the features keep their offline copies as they fetch (docs/product.md#offline), and a change
  // made in another tab since shows. Public answers are not asked again.
  useEffect(() => {
    if (sessionKnown) void queryClient.invalidateQueries();
  }, [sessionKnown, queryClient]);
  return (
    <SessionKnownContext value={sessionKnown}>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
      </AppProviders>
    </SessionKnownContext>
  );
}
