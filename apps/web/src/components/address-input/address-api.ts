import {
  GEOCODE_LIMIT_DEFAULT,
  type GeocodeAutocompleteResponse,
  type GeocodeFeature,
  type GeocodeFeatureProperties,
  type GeocodePlaceResponse,
  type GeocodeType,
} from '@site/contract';
import { keepPreviousData, type QueryClient, queryOptions, skipToken } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';

export interface AutocompleteParams {
  text: string;
  limit: number;
  type?: GeocodeType;
  lang?: string;
  filter?: string;
  bias?: string;
}

/**
 * Address search through our own server (docs/api.md#every-call "Geocoding service"): the server holds any
 * geocoder API key and answers in Geoapify's GeoJSON shape.
 */
export const addressApi = {
  autocomplete: (params: AutocompleteParams, signal?: AbortSignal): Promise<GeocodeAutocompleteResponse> =>
    callEndpoint('geocoding.autocomplete', { query: { ...params }, signal }),
  place: (id: string, lang: string | undefined, signal?: AbortSignal): Promise<GeocodePlaceResponse> =>
    callEndpoint('geocoding.place', { query: { id, lang }, signal }),
};

/** True for the rejection of a request we cancelled ourselves: not an error worth reporting. */
export function isAbortError(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The suggestions for `text` (null: nothing to look up), one row per place and at most
 * `params.limit` of them. Leaving a key aborts its request (the signal goes to fetch), so a
 * stale answer never shows; a cancelled request is not logged. No retry: the next keystroke is
 * the retry, and a failure should show at once.
 */
export const autocompleteQuery = (text: string | null, params: Omit<AutocompleteParams, 'text'>) =>
  queryOptions({
    queryKey: ['address', 'autocomplete', text, params] as const,
    queryFn:
      text === null
        ? skipToken
        : async ({ signal }): Promise<GeocodeFeature[]> => {
            try {
              const { features } = await addressApi.autocomplete({ text, ...params }, signal);
              const unique = features.filter(
                (f, i) => features.findIndex((other) => other.properties.place_id === f.properties.place_id) === i,
              );
              return unique.slice(0, params.limit);
            } catch (failure) {
              // docs/product.md#messages only logs an autocomplete failure; the list also says so.
              if (!isAbortError(failure, signal)) console.error('Address autocomplete failed', failure);
              throw failure;
            }
          },
    retry: false,
    // Going back to a text (Backspace) shows its answer again without asking the geocoder.
    staleTime: 5 * 60_000,
    // Each keystroke switches to a key with no answer yet: the (closed) list keeps its rows
    // until the next answer instead of being emptied and rebuilt on every key.
    placeholderData: keepPreviousData,
  });

/**
 * The top suggestion for typed text, or null when nothing matches: what a search form uses when
 * the user searches without choosing a suggestion. It asks with the field's default parameters,
 * so the list the field already shows for this text comes from the cache.
 */
export async function findAddress(queryClient: QueryClient, text: string): Promise<GeocodeFeatureProperties | null> {
  const query = text.trim();
  if (query === '') return null;
  const features = await queryClient.fetchQuery(autocompleteQuery(query, { limit: GEOCODE_LIMIT_DEFAULT }));
  return features[0]?.properties ?? null;
}
