// Mantine's styles: its global rules here and, in the build, each component's rules with its code (vite.config.ts).
import 'virtual:mantine-styles';
import '@mantine/notifications/styles.css';
import './app/fonts.css';
import { holdEarlyInput } from './lib/early-input';
import { yieldToBrowser } from './lib/yield-to-browser';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// docs/architecture.md#service-worker-and-offline: only the built site has a service worker. It is
// registered once the app has started and the page has loaded: its download (with React and the
// update prompt) must not compete with the page's first paint (docs/decisions.md#pre-rendered-pages).
function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    import('./app/pwa/register').then(
      (module) => module.registerServiceWorker(),
      (error: unknown) => console.error('Could not load the service worker registration', error),
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Loads ICU's locale data on a worker's thread (lib/intl-warm-up.worker.ts), so that the page's
 * first price or date, drawn as React hydrates it, does not load it on the main thread.
 */
function warmUpIntl() {
  if (typeof Worker === 'undefined') return;
  try {
    new Worker(new URL('./lib/intl-warm-up.worker.ts', import.meta.url), { type: 'module' });
  } catch (error) {
    console.error('Could not start the Intl warm-up', error);
  }
}

// Clicks and typing while the app loads take effect once it has (lib/early-input.ts).
const releaseInput = root.firstElementChild ? holdEarlyInput(root) : () => {};
let ready = false;
/** The app has taken the page over: `data-app-ready` on <html> says so (the browser tests wait for it). */
function onReady() {
  if (ready) return;
  ready = true;
  document.documentElement.dataset.appReady = '';
  releaseInput();
}

/**
 * The modules app/start needs, in the order they depend on each other: imported one per task
 * before app/start itself, so that the browser evaluates the app's modules a part at a time (a
 * module evaluated once is not evaluated again). Importing app/start at once evaluated every
 * module of the page in one task, 40–110 ms as Lighthouse traced it (four times that on its phone;
 * docs/decisions.md#main-thread-work-after-the-first-paint).
 */
const stages = [
  () => import('react-dom/client'),
  () => import('@tanstack/react-query'),
  () => import('./app/AppProviders'),
  () => import('./app/shell/AppLayout'),
];

async function start() {
  try {
    for (const stage of stages) {
      await stage();
      await yieldToBrowser();
    }
    const module = await import('./app/start');
    module.startApp(root as HTMLElement, onReady);
    registerServiceWorker();
  } catch (error) {
    console.error('Could not load the app', error);
  }
}

/**
 * Runs `then` once the page has been painted: when the browser reports its first contentful
 * paint, or at once for a page nobody sees yet (a background tab paints only when shown).
 */
function afterFirstPaint(then: () => void) {
  let done = false;
  const once = () => {
    if (!done) {
      done = true;
      then();
    }
  };
  if (document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') return once();
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    once();
  });
  observer.observe({ type: 'paint', buffered: true });
  // A browser without paint timing still gets the app.
  setTimeout(once, 1000);
}

/**
 * Links added per task: each usually costs the browser a fraction of a millisecond, but now and
 * then 5–15 ms as Lighthouse traces the page (×4 on its phone; three at a time took 14–41 ms),
 * and a page lists 40–70.
 */
const PRELOADS_PER_TASK = 2;

/**
 * Adds a `modulepreload` link for each of `hrefs`, a few per task so that none of them is a long
 * task (all at once took 14 ms here untraced, 55 ms on the simulated phone).
 */
async function preloadInBatches(hrefs: string[]) {
  for (let from = 0; from < hrefs.length; from += PRELOADS_PER_TASK) {
    if (from > 0) await yieldToBrowser();
    for (const href of hrefs.slice(from, from + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
  }
}

// docs/decisions.md#pre-rendered-pages: a pre-rendered page is painted before the app is even
// downloaded: its scripts (data-preload: the app and the page's own chunks) are fetched in
// parallel once it has painted, so on a phone's network they do not compete with the page for
// the first paint, and React then hydrates it. An empty #root (the offline fallback) starts at once.
if (root.firstElementChild) {
  afterFirstPaint(() => {
    warmUpIntl();
    void preloadInBatches(root.dataset.preload?.split(' ').filter(Boolean) ?? []).then(start);
  });
} else {
  warmUpIntl();
  void start();
}
