// The app itself (docs/decisions.md#pre-rendered-pages): main.tsx imports this module once the
// pre-rendered page has been painted, or at once when #root is empty.
import { PAGE_DATA_ID } from '@site/contract/page-meta';
import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { HydrationDone } from '../hooks/use-hydrating';
import { loadLazyPages, SHELL_ONLY_DIGEST } from '../lib/lazy-page';
import { SiteApp } from './SiteApp';

/** Rendered last: its effect runs once the first render (or hydration) of the page has committed. */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(() => onReady(), [onReady]);
  return null;
}

/**
 * Hydrates the pre-rendered page in `root`, or renders into an empty one. `onReady` runs once the
 * app has taken the page over.
 */
/** The answers a page drawn by the server with its data holds (docs/decisions.md#pages-rendered-with-their-data). */
function pageData(): DehydratedState | undefined {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch (error) {
    console.error('Could not read the page data', error);
    return undefined;
  }
}

export function startApp(root: HTMLElement, onReady: () => void) {
  const site = (
    <BrowserRouter>
      <SiteApp data={pageData()} />
    </BrowserRouter>
  );

  // A page the server sent pre-rendered is hydrated in place,
  // once the lazy parts its HTML holds (data-pages, already preloaded by its head) are loaded; the
  // offline fallback (the service worker's index.html) has an empty #root and is rendered.
  if (root.firstElementChild) {
    loadLazyPages(root.dataset.pages?.split(' ').filter(Boolean) ?? []).then(() => {
      // As a transition, hydration yields to the browser every few milliseconds instead of holding
      // the main thread for the whole page (React hydrates a default-priority root in one go).
      startTransition(() => {
        // Ready once the parts drawn in their pre-rendered state show the real one (HydrationDone).
        const app = (
          <StrictMode>
            <HydrationDone onDone={onReady}>{site}</HydrationDone>
          </StrictMode>
        );
        hydrateRoot(root, app, {
          // A 'shell' page's own part was left to the browser on purpose: not an error to report.
          onRecoverableError(error) {
            if ((error as { digest?: string } | null)?.digest !== SHELL_ONLY_DIGEST) reportError(error);
          },
        });
      });
    });
  } else {
    createRoot(root).render(
      <StrictMode>
        {site}
        <Ready onReady={onReady} />
      </StrictMode>,
    );
  }
}
