import type { PreferencesResponse, UpdatePreferencesRequest } from '@site/contract';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from './api-client';

/**
 * docs/api.md#preferences: the signed-in user's preferences document. The weather feature uses its
 * `weather` section, Sudoku its `sudoku` section; both read it through `preferencesQuery`, so one
 * answer, cached under one key, serves both.
 */
export const preferencesApi = {
  get: (signal?: AbortSignal): Promise<PreferencesResponse> => callEndpoint('preferences.get', { signal }),
  update: (change: UpdatePreferencesRequest): Promise<PreferencesResponse> =>
    callEndpoint('preferences.update', { body: change }),
};

/** Loaded once; later answers are the app's own saves, put in the cache by their mutations. */
export const preferencesQuery = queryOptions({
  queryKey: ['preferences'] as const,
  queryFn: ({ signal }) => preferencesApi.get(signal),
  staleTime: Number.POSITIVE_INFINITY,
});
