import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, kept for the tab's life so a reload can go back there too. */
const STORAGE_KEY = 'scroll-positions';
/** Enough for any back-and-forth a person does; the oldest entries are dropped past it. */
const MAX_ENTRIES = 100;
/** How long a restore waits for a lazily loaded page to grow tall enough, or for an anchor to appear. */
const SETTLE_MS = 3000;

function readPositions(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][];
    return new Map(Array.isArray(saved) ? saved : []);
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    // Without storage a reload starts at the top: nothing worse.
  }
}

const scrollToTop = (top: number) => window.scrollTo({ top, left: 0, behavior: 'instant' });

function anchorOf(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * Tries `attempt` now and then on each frame until it says it is done, the page settles
 * (SETTLE_MS) or the person scrolls themselves: a page still loading its chunk or data is too short
 * to scroll to an old position, or has no anchor yet. Returns the cancel.
 */
function untilDone(attempt: () => boolean): () => void {
  if (attempt()) return () => {};
  const started = performance.now();
  let frame = requestAnimationFrame(function step() {
    if (attempt() || performance.now() - started > SETTLE_MS) return stop();
    frame = requestAnimationFrame(step);
  });
  const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  function stop() {
    cancelAnimationFrame(frame);
    for (const name of events) window.removeEventListener(name, stop);
  }
  for (const name of events) window.addEventListener(name, stop, { passive: true });
  return stop;
}

/**
 * Scroll positions across page changes, as a multi-page site behaves: a new page opens at its top
 * (or at the anchor its address names), and Back or Forward returns to where that page was left.
 * The app uses <BrowserRouter>, for which React Router's <ScrollRestoration> does not work, so
 * positions are kept here by history entry key. Renders nothing.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const current = useRef<Location | null>(null);

  useEffect(() => {
    positions.current ??= readPositions();
    // The browser's own restoration would jump before the old page is drawn again.
    const { scrollRestoration } = window.history;
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      if (current.current) positions.current?.set(current.current.key, window.scrollY);
    };
    const persist = () => {
      remember();
      if (positions.current) writePositions(positions.current);
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = scrollRestoration;
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readPositions();
    const previous = current.current;
    current.current = location;
    const saved = positions.current.get(location.key);
    if (!previous) {
      // The first page: a reload returns to where it was left, unless the person already scrolled
      // the pre-rendered page (or the browser went to its anchor).
      if (saved === undefined || window.scrollY !== 0 || location.hash) return;
      return untilDone(() => {
        scrollToTop(saved);
        return Math.abs(window.scrollY - saved) < 1;
      });
    }
    if (previous.key === location.key) return;
    // A replaced address on the same page (a shared puzzle turned into a saved game) is no new page.
    if (navigationType === 'REPLACE' && previous.pathname === location.pathname) return;
    if (navigationType === 'POP' && saved !== undefined) {
      return untilDone(() => {
        scrollToTop(saved);
        return Math.abs(window.scrollY - saved) < 1;
      });
    }
    scrollToTop(0);
    if (!location.hash) return;
    return untilDone(() => {
      const anchor = anchorOf(location.hash);
      anchor?.scrollIntoView();
      return anchor !== null;
    });
  }, [location, navigationType]);

  return null;
}
