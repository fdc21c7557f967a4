import {
  type GeocodeAutocompleteQuery,
  type GeocodeAutocompleteResponse,
  type GeocodePlaceResponse,
  parseGeocodeBias,
  parseGeocodeFilter,
} from '@site/contract';
import { badRequest, notFound } from '../../core/http-errors.js';
import type { SharedCacheStore } from '../../core/shared-cache-store.js';
import { type CacheLookupResult, TtlCache } from '../../core/ttl-cache.js';
import type { GeocodingProvider } from '../../integrations/geocoding/types.js';
import { withNonVerifiedParts } from './non-verified.js';

/** Live answers are kept a while: people retype the same prefixes, and upstream quotas are small. */
const CACHE_MS = 10 * 60 * 1000;

export function geocodingService(
  provider: GeocodingProvider,
  options: {
    cache?: boolean;
    sharedCache?: SharedCacheStore | undefined;
    /** Metrics: how each lookup was answered. */
    onCacheLookup?: ((cache: string, result: CacheLookupResult) => void) | undefined;
  } = {},
) {
  const shared = (namespace: string) => options.sharedCache && { store: options.sharedCache, namespace };
  const observe = (cache: string) =>
    options.onCacheLookup && ((result: CacheLookupResult) => options.onCacheLookup?.(cache, result));
  const autocompleteCache = new TtlCache<GeocodeAutocompleteResponse>({
    maxEntries: 500,
    shared: shared('geocode:autocomplete'),
    onLookup: observe('geocode_autocomplete'),
  });
  const placeCache = new TtlCache<GeocodePlaceResponse>({
    maxEntries: 200,
    shared: shared('geocode:place'),
    onLookup: observe('geocode_place'),
  });
  const useCache = options.cache ?? true;

  return {
    async autocomplete(query: GeocodeAutocompleteQuery): Promise<GeocodeAutocompleteResponse> {
      // The query schema has validated both already; parsing again yields the structured form.
      const filter = query.filter ? parseGeocodeFilter(query.filter) : { ok: true as const, value: {} };
      const bias = query.bias ? parseGeocodeBias(query.bias) : { ok: true as const, value: {} };
      if (!filter.ok) throw badRequest(filter.error, { filter: filter.error });
      if (!bias.ok) throw badRequest(bias.error, { bias: bias.error });
      const request = {
        text: query.text,
        type: query.type,
        limit: query.limit,
        lang: query.lang,
        filter: filter.value,
        bias: bias.value,
      };
      const key = JSON.stringify(request);
      const load = () => provider.autocomplete(request);
      const answer = useCache ? await autocompleteCache.getOrLoad(key, CACHE_MS, load) : await load();
      return {
        ...answer,
        features: withNonVerifiedParts(answer.features, answer.query.parsed, {
          allowHouseNumber: query.allow_non_verified_house_number ?? false,
          allowStreet: query.allow_non_verified_street ?? false,
        }),
      };
    },

    async place(id: string, lang?: string): Promise<GeocodePlaceResponse> {
      const load = async (): Promise<GeocodePlaceResponse> => {
        const feature = await provider.place(id, lang);
        if (!feature) throw notFound('Place not found');
        return { type: 'FeatureCollection', features: [feature] };
      };
      return useCache ? placeCache.getOrLoad(`${id}|${lang ?? ''}`, CACHE_MS, load) : load();
    },
  };
}
export type GeocodingService = ReturnType<typeof geocodingService>;
