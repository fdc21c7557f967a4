// Mantine's styles: its global rules here and, in the build, each component's rules with its code (vite.config.ts).
import 'virtual:mantine-styles';
import '@mantine/notifications/styles.css';
import './app/fonts.css';

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

const start = () =>
  import('./app/start').then(
    (module) => module.startApp(root),
    (error: unknown) => console.error('Could not load the app', error),
  );

// docs/decisions.md#pre-rendered-pages: a pre-rendered page is painted first and the app (its
// download preloaded by the page's head) runs after that paint, so a phone shows the page before
// the work of starting React; an empty #root (the offline fallback) starts at once.
if (root.firstElementChild) requestAnimationFrame(() => setTimeout(start, 0));
else start();
