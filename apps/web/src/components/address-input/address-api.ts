import {
  type GeocodeAutocompleteResponse,
  type GeocodePlaceResponse,
  type GeocodeType,
  geocodeAutocompleteResponseSchema,
  geocodePlaceResponseSchema,
} from '@site/contract';
import { apiRequest } from '../../lib/api-client';

export interface AutocompleteParams {
  text: string;
  limit: number;
  type?: GeocodeType;
  lang?: string;
  filter?: string;
  bias?: string;
}

/**
 * Address search through our own server (seed §7 "Geocoding service"): the server holds any
 * geocoder API key and answers in Geoapify's GeoJSON shape.
 */
export const addressApi = {
  autocomplete: (params: AutocompleteParams, signal?: AbortSignal): Promise<GeocodeAutocompleteResponse> =>
    apiRequest('GET', '/api/geocode/autocomplete', {
      query: { ...params },
      schema: geocodeAutocompleteResponseSchema,
      signal,
    }),
  place: (id: string, lang: string | undefined, signal?: AbortSignal): Promise<GeocodePlaceResponse> =>
    apiRequest('GET', '/api/geocode/place', { query: { id, lang }, schema: geocodePlaceResponseSchema, signal }),
};

/** True for the rejection of a request we cancelled ourselves: not an error worth reporting. */
export function isAbortError(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  return error instanceof DOMException && error.name === 'AbortError';
}
