// Mantine's styles: its global rules here and, in the build, each component's rules with its code (vite.config.ts).
import 'virtual:mantine-styles';
import '@mantine/notifications/styles.css';
import './app/fonts.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { createQueryClient } from './app/query-client';
import { AppRoutes } from './app/routes';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// docs/architecture.md#service-worker-and-offline: only the built site has a service worker.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    import('./app/pwa/register').then(
      (module) => module.registerServiceWorker(),
      (error: unknown) => console.error('Could not load the service worker registration', error),
    );
  });
}

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders queryClient={createQueryClient()}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
