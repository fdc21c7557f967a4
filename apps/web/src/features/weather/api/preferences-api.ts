import { type PreferencesResponse, preferencesResponseSchema, type UpdatePreferencesRequest } from '@site/contract';
import { routes } from '@site/contract/routes';
import { callApi } from '../../../lib/api-client';

/**
 * docs/api.md#preferences: the signed-in user's preferences. Only the weather page reads them
 * today, so the calls live in this feature; another app that needs them gets its own module
 * (features do not import each other, docs/architecture.md#boundaries).
 */
export const preferencesApi = {
  get: (signal?: AbortSignal): Promise<PreferencesResponse> =>
    callApi(routes.preferences.get, { schema: preferencesResponseSchema, signal }),
  update: (change: UpdatePreferencesRequest): Promise<PreferencesResponse> =>
    callApi(routes.preferences.update, { body: change, schema: preferencesResponseSchema }),
};
