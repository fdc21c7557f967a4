import {
  createContext,
  createElement,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';

/** True from app/start.tsx's hydrateRoot until that hydration has committed (HydrationDone). */
let pageHydrating = false;
const subscribe = () => () => {};
const isPageHydrating = () => pageHydrating;
/** Changes once, when the page's hydration has committed: its consumers then render again, as a transition. */
const HydrationDoneContext = createContext(false);

/** app/start.tsx calls this just before it hydrates a pre-rendered page. */
export function beginPageHydration() {
  pageHydrating = true;
}

/**
 * Around the hydrated app. Once the hydration has committed, every component that asked
 * useHydrating renders again with false, as a transition: React then yields to the browser every
 * few milliseconds. A store update would do it in one blocking task — a whole page re-rendered at
 * once, 75–130 ms on a phone (docs/decisions.md#pre-rendered-pages). `onDone` runs once that
 * render has committed.
 */
export function HydrationDone({ children, onDone }: { children: ReactNode; onDone: () => void }) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    pageHydrating = false;
    startTransition(() => setDone(true));
  }, []);
  // The page now shows what it really holds: the app has taken it over.
  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);
  return createElement(HydrationDoneContext, { value: done }, children);
}

/**
 * True while React hydrates this component from pre-rendered HTML (docs/decisions.md#pre-rendered-pages),
 * and in the pre-render itself; false in every other render. A part that would draw something the
 * pre-render could not know (who is signed in, browser storage) draws the pre-rendered thing while
 * this is true, so hydration matches the HTML, and the real thing just after (HydrationDone).
 * React hydrates each Suspense boundary on its own: `useSyncExternalStore`'s server snapshot says
 * whether this component is being hydrated, so a boundary hydrated later also matches its HTML.
 */
export function useHydrating(): boolean {
  useContext(HydrationDoneContext);
  return useSyncExternalStore(subscribe, isPageHydrating, () => true);
}
