import {
  formatGeocodeBias,
  formatGeocodeFilter,
  type GeocodeAutocompleteResponse,
  type GeocodeFeature,
  type GeocodeParsedQuery,
} from '@site/contract';
import { z } from 'zod';
import {
  getJson,
  type UpstreamCallObserver,
  UpstreamError,
  type UpstreamOptions,
  upstreamUrl,
} from '../http/upstream-client.js';
import { currentZoneName } from '../time-zones.js';
import { type AutocompleteRequest, feature, type GeocodingProvider } from './types.js';

/**
 * Live geocoding through Geoapify (the seed's own service) with the server's API key:
 * /v1/geocode/autocomplete and /v2/place-details, both GeoJSON. Answers are normalised to our
 * contract (lower-case country codes, a Point geometry even for place details' polygons, a time
 * zone on every feature).
 */

const str = z.string().optional().catch(undefined);
const num = z.number().optional().catch(undefined);
const propertiesSchema = z.object({
  formatted: str,
  address_line1: str,
  address_line2: str,
  name: str,
  housenumber: str,
  street: str,
  suburb: str,
  city: str,
  county: str,
  state: str,
  state_code: str,
  postcode: str,
  country: str,
  country_code: str,
  result_type: str,
  place_id: str,
  lat: num,
  lon: num,
  timezone: z.object({ name: z.string() }).optional().catch(undefined),
  datasource: z.object({ sourcename: z.string(), attribution: str, license: str }).optional().catch(undefined),
  rank: z.object({ match_type: str, confidence: num, importance: num }).optional().catch(undefined),
});
const geometrySchema = z.object({ type: z.string(), coordinates: z.unknown() }).optional().catch(undefined);
const collectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.object({ properties: propertiesSchema, geometry: geometrySchema })),
  query: z
    .object({ text: str, parsed: z.record(z.string(), z.unknown()).optional() })
    .optional()
    .catch(undefined),
});
type RawFeature = z.infer<typeof collectionSchema>['features'][number];

/** One Geoapify feature in our shape, or undefined when it has no position. */
export function fromGeoapify(raw: RawFeature): GeocodeFeature | undefined {
  const p = raw.properties;
  let { lat, lon } = p;
  if ((lat === undefined || lon === undefined) && raw.geometry?.type === 'Point') {
    const c = raw.geometry.coordinates;
    if (Array.isArray(c) && typeof c[0] === 'number' && typeof c[1] === 'number') [lon, lat] = c as [number, number];
  }
  if (lat === undefined || lon === undefined || Math.abs(lat) > 90 || Math.abs(lon) > 180) return undefined;
  const line1 = p.address_line1 ?? p.name ?? p.formatted ?? '';
  const optional = (
    key: 'housenumber' | 'street' | 'suburb' | 'city' | 'county' | 'state' | 'state_code' | 'postcode',
  ) => (p[key] ? { [key]: p[key] } : {});
  return feature({
    ...(p.formatted ? { formatted: p.formatted } : {}),
    address_line1: line1,
    address_line2: p.address_line2 ?? '',
    name: p.name ?? line1,
    ...optional('housenumber'),
    ...optional('street'),
    ...optional('suburb'),
    ...optional('city'),
    ...optional('county'),
    ...optional('state'),
    ...optional('state_code'),
    ...optional('postcode'),
    country: p.country ?? '',
    country_code: (p.country_code ?? '').toLowerCase(),
    result_type: p.result_type ?? 'unknown',
    place_id: p.place_id ?? `geoapify:${lat},${lon}`,
    lat,
    lon,
    ...(p.timezone ? { timezone: { name: currentZoneName(p.timezone.name) } } : {}),
    datasource: {
      sourcename: p.datasource?.sourcename ?? 'geoapify',
      ...(p.datasource?.attribution ? { attribution: p.datasource.attribution } : {}),
      ...(p.datasource?.license ? { license: p.datasource.license } : {}),
    },
    rank: {
      match_type: p.rank?.match_type ?? 'full_match',
      ...(p.rank?.confidence !== undefined ? { confidence: p.rank.confidence } : {}),
      ...(p.rank?.importance !== undefined ? { importance: p.rank.importance } : {}),
    },
  });
}

const PARSED_KEYS = ['housenumber', 'street', 'postcode', 'city', 'state', 'country', 'expected_type'] as const;

export interface GeoapifyOptions {
  /** Told of each call's outcome (metrics, app.deps.metrics). */
  onCall?: UpstreamCallObserver | undefined;
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  retryDelayMs?: number;
}

export function geoapifyGeocoder(options: GeoapifyOptions): GeocodingProvider {
  const upstream: UpstreamOptions = {
    service: 'The address search service (Geoapify)',
    provider: 'geoapify',
    onCall: options.onCall,
    timeoutMs: options.timeoutMs ?? 5000,
    retryDelayMs: options.retryDelayMs ?? 300,
  };
  const parse = (body: unknown) => {
    const parsed = collectionSchema.safeParse(body);
    if (!parsed.success)
      throw new UpstreamError(502, `${upstream.service} sent an answer we could not read.`, 'malformed');
    return parsed.data;
  };

  return {
    async autocomplete(request: AutocompleteRequest): Promise<GeocodeAutocompleteResponse> {
      const url = upstreamUrl(options.baseUrl, '/v1/geocode/autocomplete', {
        text: request.text,
        type: request.type,
        limit: request.limit,
        lang: request.lang,
        filter: formatGeocodeFilter(request.filter) || undefined,
        bias: formatGeocodeBias(request.bias) || undefined,
        format: 'geojson',
        apiKey: options.apiKey,
      });
      const body = parse((await getJson(url, upstream)).body);
      const parsed: GeocodeParsedQuery = {};
      for (const key of PARSED_KEYS) {
        const value = body.query?.parsed?.[key];
        if (typeof value === 'string') parsed[key] = value;
      }
      return {
        type: 'FeatureCollection',
        features: body.features.map(fromGeoapify).filter((f): f is GeocodeFeature => f !== undefined),
        query: { text: body.query?.text ?? request.text, parsed },
      };
    },

    async place(id, lang) {
      const url = upstreamUrl(options.baseUrl, '/v2/place-details', {
        id,
        lang,
        features: 'details',
        apiKey: options.apiKey,
      });
      // Geoapify answers an unknown id with 400/404.
      const answer = await getJson(url, upstream, (s) => s === 404 || s === 400);
      if (answer.status !== 200) return undefined;
      const body = parse(answer.body);
      const first = body.features[0];
      if (!first) return undefined;
      const f = fromGeoapify(first);
      if (f && !first.properties.place_id) f.properties.place_id = id;
      return f;
    },
  };
}
