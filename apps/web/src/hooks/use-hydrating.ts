import { type ReactNode, startTransition, useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

let pageSwitched = false;
const pageListeners = new Set<() => void>();

/**
 * Rendered last in the page's own Suspense boundary (app/shell/AppLayout.tsx), which React
 * hydrates after the frame: once that boundary has hydrated and its parts' switches (started in
 * the same effects, so committed together) have committed, the page is the app's.
 */
export function PageHydrated() {
  const [switched, setSwitched] = useState(false);
  useEffect(() => {
    startTransition(() => setSwitched(true));
  }, []);
  useEffect(() => {
    if (!switched || pageSwitched) return;
    pageSwitched = true;
    for (const listener of pageListeners) listener();
    pageListeners.clear();
  }, [switched]);
  return null;
}

/** Longest wait for the page's part (PageHydrated), should it never hydrate (an error drawn instead). */
const PAGE_WAIT_MS = 5000;

/**
 * Around the hydrated app (app/start.tsx). `onDone` runs once the frame and the page's own part
 * have hydrated and the parts they drew in their pre-rendered state (useHydrating) show the real
 * one: each part's switch is a transition started as its hydration commits.
 */
export function HydrationDone({ children, onDone }: { children: ReactNode; onDone: () => void }) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    startTransition(() => setDone(true));
  }, []);
  useEffect(() => {
    if (!done) return;
    let fired = false;
    const fire = () => {
      if (fired) return;
      fired = true;
      onDone();
    };
    if (pageSwitched) return fire();
    pageListeners.add(fire);
    const timer = setTimeout(fire, PAGE_WAIT_MS);
    return () => {
      pageListeners.delete(fire);
      clearTimeout(timer);
    };
  }, [done, onDone]);
  return children;
}

/**
 * True while React hydrates this component from pre-rendered HTML (docs/decisions.md#pre-rendered-pages),
 * and in the pre-render itself; false in every other render. A part that would draw something the
 * pre-render could not know (who is signed in, browser storage) draws the pre-rendered thing while
 * this is true, so hydration matches the HTML, and the real thing just after.
 *
 * Each component switches on its own, as a transition (React then yields to the browser every few
 * milliseconds), once its own hydration has committed: React hydrates each Suspense boundary
 * separately, a page's after the frame around it. `useSyncExternalStore`'s server snapshot is how
 * a component knows it is being hydrated; its client snapshot then stays true until the switch,
 * since React renders a snapshot that differs from the one hydrated again at once, in one
 * blocking task (docs/decisions.md#main-thread-work-after-the-first-paint).
 */
export function useHydrating(): boolean {
  // null: rendered in the browser from the start; true: hydrated and not switched yet.
  const hydrated = useRef<boolean | null>(null);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => hydrated.current === true,
    () => {
      hydrated.current ??= true;
      return true;
    },
  );
  useEffect(() => {
    if (!hydrated.current) return;
    startTransition(() => {
      hydrated.current = false;
      redraw();
    });
  }, []);
  return hydrating;
}
