import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { useState } from 'react';
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
  return (
    <AppProviders queryClient={queryClient}>
      <AppRoutes />
    </AppProviders>
  );
}
