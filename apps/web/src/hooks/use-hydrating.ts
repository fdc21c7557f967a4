import { type ReactNode, startTransition, useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * Around the hydrated app (app/start.tsx). `onDone` runs once the hydration has committed and the
 * parts it drew in their pre-rendered state (useHydrating) show the real one: their switches are
 * transitions started as the hydration commits, as its own is, so React commits them together.
 */
export function HydrationDone({ children, onDone }: { children: ReactNode; onDone: () => void }) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    startTransition(() => setDone(true));
  }, []);
  useEffect(() => {
    if (done) onDone();
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
