import { z } from 'zod';
import { endpoint } from './endpoint.js';
import {
  GEOCODE_LIMIT_DEFAULT,
  GEOCODE_LIMIT_MAX,
  GEOCODE_TEXT_MAX,
  GEOCODE_TYPES,
  LANG_PATTERN,
  LANG_PATTERN_ERROR,
  PLACE_ID_PATTERN,
  parseGeocodeBias,
  parseGeocodeFilter,
} from './geocode-params.js';
import { routes } from './routes.js';

export * from './geocode-params.js';

/**
 * Address search (docs/product.md#search, docs/api.md#every-call). The browser calls our server,
 * which answers in the Geoapify GeoJSON shape the seed reads; the API key never leaves the server.
 */

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const filterParam = z.string({ error: 'filter must be text' }).superRefine((value, ctx) => {
  const r = parseGeocodeFilter(value);
  if (!r.ok) ctx.addIssue({ code: 'custom', message: r.error });
});
const biasParam = z.string({ error: 'bias must be text' }).superRefine((value, ctx) => {
  const r = parseGeocodeBias(value);
  if (!r.ok) ctx.addIssue({ code: 'custom', message: r.error });
});

export const langSchema = z
  .string({ error: 'lang must be a 2-letter language code' })
  .regex(LANG_PATTERN, LANG_PATTERN_ERROR)
  .toLowerCase();

/** GET /api/geocode/autocomplete */
export const geocodeAutocompleteQuerySchema = z.object({
  text: z
    .string({ error: 'text is required' })
    .trim()
    .min(1, 'text is required')
    .max(GEOCODE_TEXT_MAX, `text must be at most ${GEOCODE_TEXT_MAX} characters`),
  type: z.preprocess(
    emptyToUndefined,
    z.enum(GEOCODE_TYPES, { error: `type must be one of ${GEOCODE_TYPES.join(', ')}` }).optional(),
  ),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(GEOCODE_LIMIT_MAX, `limit must be at most ${GEOCODE_LIMIT_MAX}`)
      .default(GEOCODE_LIMIT_DEFAULT),
  ),
  lang: z.preprocess(emptyToUndefined, langSchema.optional()),
  /** Pipe-joined `countrycode:…`, `circle:lon,lat,radiusMeters`, `rect:lon1,lat1,lon2,lat2`, `place:<id>`. */
  filter: z.preprocess(emptyToUndefined, filterParam.optional()),
  /** Pipe-joined `countrycode:…`, `circle:…`, `rect:…`, `proximity:lon,lat`. */
  bias: z.preprocess(emptyToUndefined, biasParam.optional()),
  /**
   * The optional modes (docs/product.md#search): when the text names a house number / street the data does not
   * know, keep them on city- or postcode-level results and list them in `nonVerifiedParts`.
   */
  allow_non_verified_house_number: z.preprocess(emptyToUndefined, z.stringbool().optional()),
  allow_non_verified_street: z.preprocess(emptyToUndefined, z.stringbool().optional()),
});
export type GeocodeAutocompleteQuery = z.infer<typeof geocodeAutocompleteQuerySchema>;

/** GET /api/geocode/place */
export const geocodePlaceQuerySchema = z.object({
  id: z
    .string({ error: 'id is required' })
    .trim()
    .min(1, 'id is required')
    .regex(PLACE_ID_PATTERN, 'id is not a valid place id'),
  lang: z.preprocess(emptyToUndefined, langSchema.optional()),
});
export type GeocodePlaceQuery = z.infer<typeof geocodePlaceQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses: Geoapify's GeoJSON
// ---------------------------------------------------------------------------------------------

/** Geoapify's rank.match_type values (its spelling of "district" included). */
export const GEOCODE_MATCH_TYPES = [
  'full_match',
  'inner_part',
  'match_by_building',
  'match_by_street',
  'match_by_postcode',
  'match_by_city_or_disrict',
  'match_by_country_or_state',
] as const;

export const geocodeFeaturePropertiesSchema = z.object({
  /** The whole address on one line: `${address_line1}, ${address_line2}` (or just line 1). */
  formatted: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  name: z.string(),
  housenumber: z.string().optional(),
  street: z.string().optional(),
  suburb: z.string().optional(),
  city: z.string().optional(),
  county: z.string().optional(),
  state: z.string().optional(),
  state_code: z.string().optional(),
  postcode: z.string().optional(),
  country: z.string(),
  /** Lower case ISO 3166-1 alpha-2 ('' when the place lies in no country). */
  country_code: z.string(),
  /** Geoapify's result types: country, state, county, city, suburb, district, postcode, street, building, amenity, unknown. */
  result_type: z.string(),
  place_id: z.string(),
  lat: z.number(),
  lon: z.number(),
  timezone: z.object({ name: z.string() }),
  datasource: z.object({
    sourcename: z.string(),
    attribution: z.string().optional(),
    license: z.string().optional(),
  }),
  rank: z.object({
    match_type: z.string(),
    confidence: z.number().optional(),
    importance: z.number().optional(),
  }),
  /** Inhabitants, for cities of the demo gazetteer. */
  population: z.number().optional(),
  /** Parts taken from the typed text rather than the data (only with the allow_non_verified_* options). */
  nonVerifiedParts: z.array(z.enum(['housenumber', 'street'])).optional(),
});
export type GeocodeFeatureProperties = z.infer<typeof geocodeFeaturePropertiesSchema>;

export const geocodeFeatureSchema = z.object({
  type: z.literal('Feature'),
  properties: geocodeFeaturePropertiesSchema,
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
});
export type GeocodeFeature = z.infer<typeof geocodeFeatureSchema>;

/** How the text was understood (Geoapify's query.parsed). */
export const geocodeParsedQuerySchema = z.object({
  housenumber: z.string().optional(),
  street: z.string().optional(),
  postcode: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z.string().optional(),
  expected_type: z.string().optional(),
});
export type GeocodeParsedQuery = z.infer<typeof geocodeParsedQuerySchema>;

export const geocodeAutocompleteResponseSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(geocodeFeatureSchema),
  query: z.object({ text: z.string(), parsed: geocodeParsedQuerySchema }),
});
export type GeocodeAutocompleteResponse = z.infer<typeof geocodeAutocompleteResponseSchema>;

/** Place details: one feature (404 when the id is unknown). */
export const geocodePlaceResponseSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(geocodeFeatureSchema),
});
export type GeocodePlaceResponse = z.infer<typeof geocodePlaceResponseSchema>;

const geocodeErrors = [400, 429, 502, 503] as const;

/** Address search for the seed's address input; public. */
export const geocodingEndpoints = {
  autocomplete: endpoint(routes.geocoding.autocomplete, {
    tags: ['weather'],
    summary: 'Address suggestions for typed text (Geoapify GeoJSON)',
    query: geocodeAutocompleteQuerySchema,
    response: geocodeAutocompleteResponseSchema,
    errors: geocodeErrors,
  }),
  place: endpoint(routes.geocoding.place, {
    tags: ['weather'],
    summary: 'Details of one suggested place by its place_id',
    query: geocodePlaceQuerySchema,
    response: geocodePlaceResponseSchema,
    errors: [...geocodeErrors, 404],
  }),
};
