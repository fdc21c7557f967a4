import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';

/**
 * A query's result for a component that draws a large part of the page from it
 * (docs/decisions.md#pre-rendered-pages). React Query tells React of an answer through a store, and
 * React renders a store's change in one blocking task: the whole to-do list or stock page at once
 * (100–120 ms on Lighthouse's phone). With the result deferred, that task only renders the page as
 * it was, and the answer is drawn as a transition, which yields to the browser every few
 * milliseconds. The result changes as a whole (data, status, error and fetching together), so the
 * component never sees data with a status that does not go with it.
 */
export function useDeferredQuery<R extends UseQueryResult<unknown, unknown>>(result: R): R {
  // One object per distinct state, so useDeferredValue compares states, not renders (React Query
  // hands out a new result object on every render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the result is new each render; these fields are its state.
  const state = useMemo(
    () => result,
    [result.data, result.status, result.error, result.fetchStatus, result.isPlaceholderData],
  );
  return useDeferredValue(state);
}
