import { z } from 'zod';
import { claimedUserField, idSchema, userText } from './common.js';
import { endpoint } from './endpoint.js';
import { parseDecimal } from './geocoding.js';
import { routes } from './routes.js';

/** The original API's weather search result, current conditions, daily weather and saved location (docs/api.md#compatibility-promise). */

export const WEATHER_FAVORITES_MAX = 50;
export const FAVORITE_NICKNAME_MAX = 60;
export const FAVORITE_ADDRESS_MAX = 300;
export const WEATHER_FORMATTED_MAX = 300;

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * A latitude or longitude: a JSON number or a numeric string (query strings, and the seed keeps
 * coordinates in local storage as text).
 */
function coordinate(label: 'Latitude' | 'Longitude', limit: 90 | 180) {
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      if (v.trim() === '') return undefined;
      return parseDecimal(v) ?? v;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) })
      .min(-limit, `${label} must be between -${limit} and ${limit}`)
      .max(limit, `${label} must be between -${limit} and ${limit}`),
  );
}
export const latitudeSchema = coordinate('Latitude', 90);
export const longitudeSchema = coordinate('Longitude', 180);

/**
 * Known zone names resolved once to the runtime's spelling. Building an Intl.DateTimeFormat costs
 * ~50 µs and zone checks run per request and per geocoded place. Unknown names are not kept, and
 * the map starts over past a bound, so odd spellings sent by clients cannot grow it.
 */
const resolvedZones = new Map<string, string>();
const RESOLVED_ZONES_MAX = 2000;
function resolveZone(name: string): string | null {
  const hit = resolvedZones.get(name);
  if (hit !== undefined) return hit;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (resolvedZones.size >= RESOLVED_ZONES_MAX) resolvedZones.clear();
  resolvedZones.set(name, resolved);
  return resolved;
}

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** True for an IANA zone name this runtime knows ('Europe/Paris', 'UTC'); offsets like '+02:00' are not. */
export function isValidTimeZone(name: string): boolean {
  return ZONE_NAME.test(name) && resolveZone(name) !== null;
}

/**
 * The runtime's time-zone data (ICU/CLDR) keeps some zones under names the IANA database has
 * replaced: `resolvedOptions()` turns 'Asia/Kolkata' into 'Asia/Calcutta'. These are the IANA
 * names now in use (docs/api.md#time-zones).
 */
const CURRENT_ZONE_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Europe/Uzhgorod': 'Europe/Kyiv',
  'Europe/Zaporozhye': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/**
 * A valid zone's current IANA name in its canonical spelling ('america/new_york' →
 * 'America/New_York', 'Asia/Calcutta' → 'Asia/Kolkata'). Throws for a name the runtime does not know.
 */
export function canonicalTimeZone(name: string): string {
  const resolved = ZONE_NAME.test(name) ? resolveZone(name) : null;
  if (resolved === null) throw new RangeError(`Invalid time zone: ${name}`);
  return CURRENT_ZONE_NAMES[resolved] ?? resolved;
}

/** An IANA time zone, returned under its current canonical name (`canonicalTimeZone`). */
export const timeZoneSchema = z
  .string({ error: 'timezone must be text' })
  .trim()
  .refine(isValidTimeZone, 'timezone must be an IANA time zone such as Europe/Paris')
  .transform(canonicalTimeZone);

export const countryCodeSchema = z
  .string({ error: 'country_code must be text' })
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'country_code must be a 2-letter country code')
  .toLowerCase();

/** GET /api/weather — docs/api.md#every-call; public. */
export const weatherQuerySchema = z.object({
  lat: latitudeSchema,
  lon: longitudeSchema,
  /** Lower or upper case; 'us' adds the National Weather Service's detailed text forecasts. */
  country_code: z.preprocess(emptyToUndefined, countryCodeSchema.optional()),
  /** The address as shown to the user; echoed back as `address`. */
  formatted: z.preprocess(emptyToUndefined, userText({ label: 'formatted', max: WEATHER_FORMATTED_MAX }).optional()),
  /** The location's IANA zone; looked up from the coordinates when omitted. */
  timezone: z.preprocess(emptyToUndefined, timeZoneSchema.optional()),
});
export type WeatherQuery = z.infer<typeof weatherQuerySchema>;

const reading = z.number().nullable();

/** docs/api.md#compatibility-promise (Current) conditions. °F, %, mph, degrees; null only when the source has no value. */
export const currentWeatherSchema = z.object({
  temperature: reading,
  feelsLike: reading,
  cloud_cover: reading,
  relative_humidity: reading,
  wind_speed: reading,
  /** Degrees, 0 = from the north, clockwise. */
  wind_direction: reading,
  wind_gusts: reading,
  /** WMO weather code (0-3, 45, 48, 51-57, 61-67, 71-77, 80-82, 85, 86, 95, 96, 99). */
  code: z.number().int().nullable(),
  /** The original API's text, which clients index their code table by: `codes[code][is_day]`. */
  is_day: z.enum(['day', 'night']),
});
export type CurrentWeather = z.infer<typeof currentWeatherSchema>;

/** docs/api.md#compatibility-promise (Daily) weather. `date` is the location's local date, YYYY-MM-DD. */
export const dailyWeatherSchema = z.object({
  date: z.string(),
  temperature_2m_max: reading,
  temperature_2m_min: reading,
  apparent_temperature_max: reading,
  apparent_temperature_min: reading,
  /** Percent. */
  precipitation_probability_max: reading,
  /** Inches. */
  precipitation_sum: reading,
  wind_speed_10m_max: reading,
  wind_gusts_10m_max: reading,
  weather_code: z.number().int().nullable(),
});
export type DailyWeather = z.infer<typeof dailyWeatherSchema>;

/**
 * One period of a detailed text forecast, in the National Weather Service's shape ('Tonight',
 * 'Wednesday', 'Wednesday Night'); docs/api.md#weather-detailed-forecasts.
 */
export const detailedForecastSchema = z.object({
  name: z.string(),
  /** ISO 8601 with the place's local offset, e.g. '2025-06-11T06:00:00-04:00'. */
  startTime: z.string(),
  isDaytime: z.boolean(),
  detailedForecast: z.string(),
});
export type DetailedForecast = z.infer<typeof detailedForecastSchema>;

/**
 * Every forecast date (the same dates as `weather[].date`) → that date's periods in time order;
 * `[]` when there is no text for it (outside the US, or the source had none).
 */
export const supplementalSchema = z.record(z.string(), z.array(detailedForecastSchema));
export type Supplemental = z.infer<typeof supplementalSchema>;

export const weatherResponseSchema = z.object({
  /** Seven days, today (in the location's zone) first. */
  weather: z.array(dailyWeatherSchema),
  /** Text forecasts by local date: a key for every day of `weather`, each a list (US places only, else `[]`). */
  supplemental: supplementalSchema,
  address: z.string(),
  current: currentWeatherSchema,
  geodata: z.object({ lat: z.number(), lon: z.number() }),
  timezone: z.string(),
  /** Lower case; null when unknown. */
  country_code: z.string().nullable(),
  units: z.object({
    temperature: z.literal('°F'),
    wind_speed: z.literal('mph'),
    precipitation: z.literal('inch'),
  }),
  /** Where the numbers came from: the offline demo model or Open-Meteo. */
  source: z.enum(['demo', 'open-meteo']),
});
export type WeatherResponse = z.infer<typeof weatherResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Favorite locations (per signed-in user)
// ---------------------------------------------------------------------------------------------

export const favoriteLocationSchema = z.object({
  locationId: z.number().int(),
  nickname: z.string(),
  address: z.string(),
  lat: z.number(),
  lon: z.number(),
  timezone: z.string(),
  country_code: z.string().nullable(),
  /** The owner's user id. */
  user: z.number().int(),
  /** The saved address again, under the name a client resends to GET /api/weather (`formatted`). */
  formatted: z.string(),
  created_at: z.string(),
});
export type FavoriteLocation = z.infer<typeof favoriteLocationSchema>;

/** POST /api/weather/ — nickname defaults to the address when empty or missing. */
export const createFavoriteRequestSchema = z.object({
  user: claimedUserField,
  /** docs/api.md#text, as the nickname. */
  address: userText({ label: 'Address', max: FAVORITE_ADDRESS_MAX, required: true }),
  nickname: userText({ label: 'Nickname', max: FAVORITE_NICKNAME_MAX }).nullish(),
  lat: latitudeSchema,
  lon: longitudeSchema,
  /** Looked up from the coordinates when omitted. */
  timezone: z.preprocess(emptyToUndefined, timeZoneSchema.nullish()),
  country_code: z.preprocess(emptyToUndefined, countryCodeSchema.nullish()),
});
export type CreateFavoriteRequest = z.infer<typeof createFavoriteRequestSchema>;

/** GET /api/weather/saved?user= — the signed-in user's favorites, oldest first. */
export const listFavoritesQuerySchema = z.object({ user: claimedUserField });
export const listFavoritesResponseSchema = z.array(favoriteLocationSchema);

/** DELETE /api/weather/saved */
export const deleteFavoriteRequestSchema = z.object({ user: claimedUserField, location_id: idSchema });
export const deleteFavoriteResponseSchema = z.object({
  status: z.literal('success'),
  /** The user's favorites after the deletion. */
  data: z.array(favoriteLocationSchema),
});
export type DeleteFavoriteResponse = z.infer<typeof deleteFavoriteResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Display helpers shared by server and web
// ---------------------------------------------------------------------------------------------

export const COMPASS_POINTS = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/** The 16-point compass label of a direction in degrees (22.5° each, docs/product.md#constants). */
export function compassPoint(degrees: number): CompassPoint {
  const index = Math.round((((degrees % 360) + 360) % 360) / 22.5) % 16;
  return COMPASS_POINTS[index] ?? 'N';
}

const favoriteErrors = [400, 401, 403] as const;

/** docs/api.md#every-call (Weather): the public forecast, and the signed-in user's saved locations. */
export const weatherEndpoints = {
  forecast: endpoint(routes.weather.forecast, {
    tags: ['weather'],
    summary: 'Current conditions, a 7-day forecast and (US) detailed text forecasts for a place',
    query: weatherQuerySchema,
    response: weatherResponseSchema,
    errors: [400, 429, 502, 503],
  }),
  addFavorite: endpoint(routes.weather.addFavorite, {
    tags: ['weather'],
    summary: 'Save a location to the signed-in user’s favorites',
    body: createFavoriteRequestSchema,
    response: favoriteLocationSchema,
    errors: [...favoriteErrors, 409],
  }),
  listFavorites: endpoint(routes.weather.listFavorites, {
    tags: ['weather'],
    summary: 'The signed-in user’s saved locations, oldest first',
    query: listFavoritesQuerySchema,
    response: listFavoritesResponseSchema,
    errors: favoriteErrors,
  }),
  removeFavorite: endpoint(routes.weather.removeFavorite, {
    tags: ['weather'],
    summary: 'Delete a saved location; answers with the list that is left',
    body: deleteFavoriteRequestSchema,
    response: deleteFavoriteResponseSchema,
    errors: [...favoriteErrors, 404],
  }),
};
