import { type ReactNode, Suspense, startTransition, useCallback, useState } from 'react';
import { ChartPlaceholder } from './ChartPlaceholder';
import { ErrorBoundary } from './ErrorBoundary';

/** How far beyond the screen a chart's place may be when its drawing starts, so it is ready when scrolled to. */
const DRAW_AHEAD = '400px 0px';

/** No IntersectionObserver (jsdom): draw at once. Never in a pre-render, which has no screen. */
const drawAtOnce = () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined';

/**
 * A lazily loaded chart (`children`, a lazy component), drawn once its place comes near the screen.
 * Until then an empty placeholder holds the place, so nothing moves, and a loader shows only while
 * the chart's code is on its way. Building a chart is one of the
 * longest tasks of a page (40–60 ms each on Lighthouse's phone, more with its first layout), and the
 * wallet page has two below the fold (docs/decisions.md#pre-rendered-pages). A failed download of
 * the chart's code shows a message instead.
 */
export function LazyChart({ height, children }: { height: number; children: ReactNode }) {
  const [near, setNear] = useState(drawAtOnce);
  const watch = useCallback((element: HTMLDivElement | null) => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: DRAW_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <ErrorBoundary>
      {near ? (
        <Suspense fallback={<ChartPlaceholder height={height} />}>{children}</Suspense>
      ) : (
        <div ref={watch}>
          <ChartPlaceholder height={height} waiting />
        </div>
      )}
    </ErrorBoundary>
  );
}
