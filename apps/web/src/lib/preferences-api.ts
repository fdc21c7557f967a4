import type { PreferencesResponse, UpdatePreferencesRequest } from '@site/contract';
import { routes } from '@site/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from './api-client';
import { lazySchemas } from './contract-schemas';

// zod and these schemas load with the first call, not with the page (docs/decisions.md#main-thread-work-after-the-first-paint).
const schemas = lazySchemas(() => import('./preferences-schemas'));

/**
 * docs/api.md#preferences: the signed-in user's preferences document. The weather feature uses its
 * `weather` section, Sudoku its `sudoku` section; both read it through `preferencesQuery`, so one
 * answer, cached under one key, serves both.
 */
export const preferencesApi = {
  get: (signal?: AbortSignal): Promise<PreferencesResponse> =>
    callApi(routes.preferences.get, { schema: schemas((c) => c.preferencesResponseSchema), signal }),
  update: (change: UpdatePreferencesRequest): Promise<PreferencesResponse> =>
    callApi(routes.preferences.update, { body: change, schema: schemas((c) => c.preferencesResponseSchema) }),
};

/** Loaded once; later answers are the app's own saves, put in the cache by their mutations. */
export const preferencesQuery = queryOptions({
  queryKey: ['preferences'] as const,
  queryFn: ({ signal }) => preferencesApi.get(signal),
  staleTime: Number.POSITIVE_INFINITY,
});
