import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * True while React hydrates this component from pre-rendered HTML (docs/decisions.md#pre-rendered-pages),
 * and in the pre-render itself; false in every other render, and React re-renders the component
 * with false just after its hydration. A part that would draw something the pre-render could not
 * know (who is signed in, browser storage) draws the pre-rendered thing while this is true, so
 * hydration matches the HTML. React hydrates each Suspense boundary on its own, so this holds for
 * a lazy page hydrated after the rest.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
}
