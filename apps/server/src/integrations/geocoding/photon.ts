import type { GeocodeAutocompleteResponse, GeocodeFeature, GeocodeType } from '@site/contract';
import { z } from 'zod';
import {
  getJson,
  type UpstreamCallObserver,
  UpstreamError,
  type UpstreamOptions,
  upstreamUrl,
} from '../http/upstream-client.js';
import { parseAddressText, parsedQuery } from './address-text.js';
import { distanceKm } from './gazetteer.js';
import { type AutocompleteRequest, feature, type GeocodingProvider } from './types.js';

/**
 * Live geocoding without a key: Photon (photon.komoot.io, OpenStreetMap data) — used when no
 * GEOAPIFY_API_KEY is set. Its GeoJSON properties (name, street, housenumber, city, state,
 * postcode, country, countrycode, osm_id/osm_type, type) are mapped into Geoapify's shape.
 * Countries go to Photon as its `countrycode` filter and a circle as the `bbox` around it (the
 * exact distance is checked here); it has no lookup by id, so our place ids carry the point and
 * details re-query it. docs/api.md#live-data.
 */

const str = z.string().optional().catch(undefined);
const photonSchema = z.object({
  features: z.array(
    z.object({
      geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.object({
        osm_id: z.number().optional().catch(undefined),
        osm_type: str,
        osm_key: str,
        osm_value: str,
        type: str,
        name: str,
        housenumber: str,
        street: str,
        district: str,
        locality: str,
        city: str,
        county: str,
        state: str,
        postcode: str,
        country: str,
        countrycode: str,
      }),
    }),
  ),
});
type PhotonFeature = z.infer<typeof photonSchema>['features'][number];

/** Photon's `type` → Geoapify's `result_type`. */
const RESULT_TYPES: Record<string, string> = {
  house: 'building',
  street: 'street',
  locality: 'suburb',
  district: 'district',
  city: 'city',
  county: 'county',
  state: 'state',
  country: 'country',
  other: 'amenity',
};
/** Our `type` → Photon's `layer`. */
const LAYERS: Partial<Record<GeocodeType, string[]>> = {
  country: ['country'],
  state: ['state'],
  city: ['city'],
  locality: ['locality', 'district'],
  street: ['street'],
  amenity: ['house', 'other'],
};
/**
 * Languages photon.komoot.io accepts (it answers 400 to any other); others fall back to local
 * names. An instance may serve fewer, so a language refusal is retried without one.
 */
const PHOTON_LANGS = new Set(['en', 'de', 'fr']);
const LANGUAGE_REFUSAL = /language is not supported/i;

const OSM = {
  sourcename: 'openstreetmap',
  attribution: '© OpenStreetMap contributors',
  license: 'Open Database License',
};

/** OSM keys of a bare address or building: with these, `name` is not a place's own name. */
const ADDRESS_KEYS = new Set(['building', 'place', 'highway', 'boundary']);

export function fromPhoton(f: PhotonFeature): GeocodeFeature {
  const p = f.properties;
  const [lon, lat] = f.geometry.coordinates;
  const countryCode = (p.countrycode ?? '').toLowerCase();
  const street = p.street ?? (p.type === 'street' ? p.name : undefined);
  // A named shop, café or landmark at an address ("Holy Donut", Park Avenue) is that place, not
  // its street: Geoapify calls it an amenity and leads with the name.
  const namedPlace = p.type === 'house' && p.name !== undefined && !ADDRESS_KEYS.has(p.osm_key ?? '');
  const resultType =
    p.osm_value === 'postcode' ? 'postcode' : namedPlace ? 'amenity' : (RESULT_TYPES[p.type ?? 'other'] ?? 'amenity');
  const streetLine = street ? [p.housenumber, street].filter(Boolean).join(' ') : undefined;
  const city = p.city ?? (p.type === 'city' ? p.name : undefined);
  const name = p.name ?? streetLine ?? city ?? p.state ?? p.country ?? '';
  const line1 = resultType === 'building' && streetLine ? streetLine : name;
  const line2Parts = [
    resultType === 'building' || resultType === 'street' || resultType === 'amenity' ? p.postcode : undefined,
    city !== line1 ? city : undefined,
    p.state !== line1 ? p.state : undefined,
    p.country !== line1 ? p.country : undefined,
  ];
  if (resultType === 'amenity' && streetLine) line2Parts.unshift(streetLine);
  const idType = p.osm_type && /^[NWR]$/.test(p.osm_type) ? p.osm_type : 'N';
  return feature({
    name,
    ...(p.housenumber ? { housenumber: p.housenumber } : {}),
    ...(street ? { street } : {}),
    ...(p.district ? { suburb: p.district } : {}),
    ...(city ? { city } : {}),
    ...(p.county ? { county: p.county } : {}),
    ...(p.state ? { state: p.state } : {}),
    ...(p.postcode ? { postcode: p.postcode } : {}),
    country: p.country ?? '',
    country_code: countryCode,
    address_line1: line1,
    address_line2: line2Parts.filter(Boolean).join(', '),
    result_type: resultType,
    place_id: `photon:${idType}${p.osm_id ?? 0}@${lat},${lon}`,
    lat,
    lon,
    datasource: OSM,
    rank: { match_type: 'full_match' },
  });
}

export interface PhotonOptions {
  /** Told of each call's outcome (metrics, app.deps.metrics). */
  onCall?: UpstreamCallObserver | undefined;
  baseUrl: string;
  timeoutMs?: number;
  retryDelayMs?: number;
}

/**
 * Photon lists one OSM object once per way it is tagged (a town as place=town and as a boundary,
 * same osm_id): the first, best-ranked copy stays.
 */
function dedupe(features: PhotonFeature[]): PhotonFeature[] {
  const seen = new Set<string>();
  return features.filter((f) => {
    const p = f.properties;
    if (p.osm_id === undefined) return true;
    const key = `${p.osm_id}|${p.name ?? ''}|${p.countrycode ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Look-alikes (same label and country) closer than this read as one place. */
const SAME_PLACE_KM = 50;
const AREA_TYPES = new Set(['state', 'county', 'country', 'district']);

/**
 * A city and the region named after it ("Tokyo, Japan" twice: the city node and the prefecture)
 * are listed once, in the better-ranked place, as the city: it is what a reader means by the name.
 */
function withoutLookAlikes(features: GeocodeFeature[]): GeocodeFeature[] {
  const kept: GeocodeFeature[] = [];
  for (const f of features) {
    const p = f.properties;
    const at = kept.findIndex(
      (k) =>
        k.properties.formatted === p.formatted &&
        k.properties.country_code === p.country_code &&
        distanceKm(k.properties.lat, k.properties.lon, p.lat, p.lon) <= SAME_PLACE_KM,
    );
    if (at < 0) kept.push(f);
    else if (AREA_TYPES.has(kept[at]?.properties.result_type ?? '') && !AREA_TYPES.has(p.result_type)) kept[at] = f;
  }
  return kept;
}

/** The box around a circle (degrees of latitude are ~111.32 km; of longitude, that × cos(lat)). */
function circleBox(circle: { lat: number; lon: number; radiusMeters: number }) {
  const dLat = circle.radiusMeters / 111_320;
  const dLon = dLat / Math.max(Math.cos((circle.lat * Math.PI) / 180), 0.01);
  return {
    lon1: Math.max(-180, circle.lon - dLon),
    lat1: Math.max(-90, circle.lat - dLat),
    lon2: Math.min(180, circle.lon + dLon),
    lat2: Math.min(90, circle.lat + dLat),
  };
}

const PLACE_ID = /^photon:([NWR])(\d+)@(-?[\d.]+),(-?[\d.]+)$/;

export function photonGeocoder(options: PhotonOptions): GeocodingProvider {
  const upstream: UpstreamOptions = {
    service: 'The address search service (Photon)',
    provider: 'photon',
    onCall: options.onCall,
    timeoutMs: options.timeoutMs ?? 5000,
    retryDelayMs: options.retryDelayMs ?? 300,
  };
  const parse = (body: unknown) => {
    const parsed = photonSchema.safeParse(body);
    if (!parsed.success)
      throw new UpstreamError(502, `${upstream.service} sent an answer we could not read.`, 'malformed');
    return parsed.data.features;
  };
  /** GETs a Photon URL; a 400 refusing its `lang` is asked again without one (local names). */
  const fetchFeatures = async (url: string) => {
    const hasLang = new URL(url).searchParams.has('lang');
    const answer = await getJson(url, upstream, (status) => hasLang && status === 400);
    if (answer.status !== 400) return parse(answer.body);
    const message = (answer.body as { message?: unknown } | null)?.message;
    if (typeof message !== 'string' || !LANGUAGE_REFUSAL.test(message))
      throw new UpstreamError(502, `${upstream.service} refused the request (HTTP 400).`, 'status', 400);
    const withoutLang = new URL(url);
    withoutLang.searchParams.delete('lang');
    return parse((await getJson(withoutLang.toString(), upstream)).body);
  };

  return {
    async autocomplete(request: AutocompleteRequest): Promise<GeocodeAutocompleteResponse> {
      const { filter, bias } = request;
      const url = new URL(
        upstreamUrl(options.baseUrl, '/api', {
          q: request.text,
          // Postcodes have no layer of their own: they are picked from a larger set. Otherwise a
          // few extra, for duplicates and the exact circle test.
          limit: request.type === 'postcode' ? 50 : Math.min(50, request.limit * 2),
          lang: request.lang && PHOTON_LANGS.has(request.lang) ? request.lang : undefined,
        }),
      );
      for (const code of filter.countryCodes ?? []) url.searchParams.append('countrycode', code.toUpperCase());
      const near = bias.proximity ?? bias.circle ?? filter.circle;
      if (near) {
        url.searchParams.set('lat', String(near.lat));
        url.searchParams.set('lon', String(near.lon));
      }
      const rect = filter.rect ?? (filter.circle && circleBox(filter.circle));
      if (rect) {
        const { lon1, lat1, lon2, lat2 } = rect;
        url.searchParams.set(
          'bbox',
          [Math.min(lon1, lon2), Math.min(lat1, lat2), Math.max(lon1, lon2), Math.max(lat1, lat2)].join(','),
        );
      }
      for (const layer of (request.type && LAYERS[request.type]) || []) url.searchParams.append('layer', layer);

      let features = withoutLookAlikes(dedupe(await fetchFeatures(url.toString())).map(fromPhoton));
      if (filter.countryCodes)
        features = features.filter((f) => filter.countryCodes?.includes(f.properties.country_code));
      if (filter.circle) {
        const c = filter.circle;
        features = features.filter(
          (f) => distanceKm(c.lat, c.lon, f.properties.lat, f.properties.lon) * 1000 <= c.radiusMeters,
        );
      }
      if (request.type === 'postcode') features = features.filter((f) => f.properties.result_type === 'postcode');
      if (bias.countryCodes) {
        const preferred = bias.countryCodes;
        features = [
          ...features.filter((f) => preferred.includes(f.properties.country_code)),
          ...features.filter((f) => !preferred.includes(f.properties.country_code)),
        ];
      }
      // Like Geoapify, say when a result stands for less than the text asked for.
      const text = parseAddressText(request.text);
      for (const f of features) {
        const p = f.properties;
        const areaLevel = !['building', 'street', 'amenity'].includes(p.result_type);
        if (text.street && areaLevel)
          p.rank.match_type = p.result_type === 'postcode' ? 'match_by_postcode' : 'match_by_city_or_disrict';
        else if (text.housenumber && p.result_type === 'street') p.rank.match_type = 'match_by_street';
      }
      return {
        type: 'FeatureCollection',
        features: features.slice(0, request.limit),
        query: { text: request.text, parsed: parsedQuery(text, request.type ?? 'unknown') },
      };
    },

    async place(id, lang) {
      const m = id.match(PLACE_ID);
      if (!m) return undefined;
      const [, type, osmId, lat, lon] = m as unknown as [string, string, string, string, string];
      const url = upstreamUrl(options.baseUrl, '/reverse', {
        lat,
        lon,
        limit: 10,
        lang: lang && PHOTON_LANGS.has(lang) ? lang : undefined,
      });
      const features = await fetchFeatures(url);
      const same = features.find((f) => f.properties.osm_type === type && String(f.properties.osm_id) === osmId);
      const chosen = same ?? features[0];
      if (!chosen) return undefined;
      const result = fromPhoton(chosen);
      result.properties.place_id = id;
      return result;
    },
  };
}
