import { type PreferencesResponse, preferencesResponseSchema, type UpdatePreferencesRequest } from '@site/contract';
import { routes } from '@site/contract/routes';
import { callApi } from '../../../lib/api-client';

/**
 * docs/api.md#preferences: the signed-in user's preferences document, of which this feature uses
 * the `sudoku` section. The weather feature has its own copy of these two calls (features do not
 * import each other, docs/architecture.md#boundaries); both cache the same document under
 * `preferencesQueryKey`, so one answer serves both.
 */
export const preferencesQueryKey = ['preferences'] as const;

export const preferencesApi = {
  get: (signal?: AbortSignal): Promise<PreferencesResponse> =>
    callApi(routes.preferences.get, { schema: preferencesResponseSchema, signal }),
  update: (change: UpdatePreferencesRequest): Promise<PreferencesResponse> =>
    callApi(routes.preferences.update, { body: change, schema: preferencesResponseSchema }),
};
