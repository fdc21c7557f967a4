import { useState } from 'react';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';

/**
 * The site inside its router: the one tree both the browser (app/start.tsx) and the pre-render
 * (app/prerender/entry-server.tsx) draw, so a provider added here is in both and hydration matches.
 */
export function SiteApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <AppRoutes />
    </AppProviders>
  );
}
