import { type Dispatch, type SetStateAction, startTransition, useEffect, useState } from 'react';
import { useHydrating } from './use-hydrating';

/**
 * useState whose first value is read from browser storage. When the component is hydrated from
 * pre-rendered HTML it starts at `prerendered` (what the pre-render, without storage, drew) and
 * takes the stored value right after, so hydration matches the HTML (hooks/use-hydrating.ts).
 * `read` must be stable.
 */
export function useStoredState<T>(read: () => T, prerendered: T): [T, Dispatch<SetStateAction<T>>] {
  const hydrating = useHydrating();
  const [fromPrerender] = useState(hydrating);
  const [value, setValue] = useState(() => (fromPrerender ? prerendered : read()));
  useEffect(() => {
    // As a transition, like the rest of the page's switch from its pre-rendered state (useHydrating).
    if (fromPrerender) startTransition(() => setValue(read()));
  }, [fromPrerender, read]);
  return [value, setValue];
}
