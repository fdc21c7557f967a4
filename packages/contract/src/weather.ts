import { z } from 'zod';
import { hasNoNul, idSchema, seedUserField } from './common.js';
import { parseDecimal } from './geocoding.js';

/** Seed §3 Weather search result / Current conditions / Daily weather / Favourite location; §7 Weather. */

export const WEATHER_FAVOURITES_MAX = 50;
export const FAVOURITE_NICKNAME_MAX = 60;
export const FAVOURITE_ADDRESS_MAX = 300;
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

/** True for an IANA zone name this runtime knows ('Europe/Paris', 'UTC'); offsets like '+02:00' are not. */
export function isValidTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone, returned in its canonical spelling ('america/new_york' → 'America/New_York'). */
export const timeZoneSchema = z
  .string({ error: 'timezone must be text' })
  .trim()
  .refine(isValidTimeZone, 'timezone must be an IANA time zone such as Europe/Paris')
  .transform((name) => new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone);

export const countryCodeSchema = z
  .string({ error: 'country_code must be text' })
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'country_code must be a 2-letter country code')
  .toLowerCase();

/** GET /api/weather — seed §7; public. */
export const weatherQuerySchema = z.object({
  lat: latitudeSchema,
  lon: longitudeSchema,
  /** Lower or upper case; 'us' adds the National Weather Service's detailed text forecasts. */
  country_code: z.preprocess(emptyToUndefined, countryCodeSchema.optional()),
  /** The address as shown to the user; echoed back as `address`. */
  formatted: z.preprocess(
    emptyToUndefined,
    z
      .string({ error: 'formatted must be text' })
      .trim()
      .max(WEATHER_FORMATTED_MAX, `formatted must be at most ${WEATHER_FORMATTED_MAX} characters`)
      .optional(),
  ),
  /** The location's IANA zone; looked up from the coordinates when omitted. */
  timezone: z.preprocess(emptyToUndefined, timeZoneSchema.optional()),
});
export type WeatherQuery = z.infer<typeof weatherQuerySchema>;

const reading = z.number().nullable();

/** Seed §3 Current conditions. °F, %, mph, degrees; null only when the source has no value. */
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
  is_day: z.boolean(),
});
export type CurrentWeather = z.infer<typeof currentWeatherSchema>;

/** Seed §3 Daily weather. `date` is the location's local date, YYYY-MM-DD. */
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

/** Seed §3 Detailed forecast, keyed by local date. */
export const detailedForecastSchema = z.object({ detailedForecast: z.string() });
export type DetailedForecast = z.infer<typeof detailedForecastSchema>;

export const weatherResponseSchema = z.object({
  /** Seven days, today (in the location's zone) first. */
  weather: z.array(dailyWeatherSchema),
  /** Text forecasts by local date; US locations only, else empty. */
  supplemental: z.record(z.string(), detailedForecastSchema),
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
// Favourite locations (per signed-in user)
// ---------------------------------------------------------------------------------------------

export const favouriteLocationSchema = z.object({
  locationId: z.number().int(),
  nickname: z.string(),
  address: z.string(),
  lat: z.number(),
  lon: z.number(),
  timezone: z.string(),
  country_code: z.string().nullable(),
  /** The owner's user id. */
  user: z.number().int(),
  created_at: z.string(),
});
export type FavouriteLocation = z.infer<typeof favouriteLocationSchema>;

/** POST /api/weather/ — nickname defaults to the address when empty or missing. */
export const createFavouriteRequestSchema = z.object({
  user: seedUserField,
  address: z
    .string({ error: 'Address is required' })
    .trim()
    .min(1, 'Address is required')
    .max(FAVOURITE_ADDRESS_MAX, `Address must be at most ${FAVOURITE_ADDRESS_MAX} characters`)
    .refine(hasNoNul, 'Address may not contain NUL characters'),
  nickname: z
    .string({ error: 'Nickname must be text' })
    .trim()
    .max(FAVOURITE_NICKNAME_MAX, `Nickname must be at most ${FAVOURITE_NICKNAME_MAX} characters`)
    .refine(hasNoNul, 'Nickname may not contain NUL characters')
    .nullish(),
  lat: latitudeSchema,
  lon: longitudeSchema,
  /** Looked up from the coordinates when omitted. */
  timezone: z.preprocess(emptyToUndefined, timeZoneSchema.nullish()),
  country_code: z.preprocess(emptyToUndefined, countryCodeSchema.nullish()),
});
export type CreateFavouriteRequest = z.infer<typeof createFavouriteRequestSchema>;

/** GET /api/weather/saved?user= — the signed-in user's favourites, oldest first. */
export const listFavouritesQuerySchema = z.object({ user: seedUserField });
export const listFavouritesResponseSchema = z.array(favouriteLocationSchema);

/** DELETE /api/weather/saved */
export const deleteFavouriteRequestSchema = z.object({ user: seedUserField, location_id: idSchema });
export const deleteFavouriteResponseSchema = z.object({
  status: z.literal('success'),
  /** The user's favourites after the deletion. */
  data: z.array(favouriteLocationSchema),
});
export type DeleteFavouriteResponse = z.infer<typeof deleteFavouriteResponseSchema>;

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

/** The 16-point compass label of a direction in degrees (22.5° each, seed §9). */
export function compassPoint(degrees: number): CompassPoint {
  const index = Math.round((((degrees % 360) + 360) % 360) / 22.5) % 16;
  return COMPASS_POINTS[index] ?? 'N';
}
