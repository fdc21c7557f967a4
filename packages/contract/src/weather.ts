import { z } from 'zod';
import { claimedUserField, idSchema, userText } from './common.js';
import { endpoint } from './endpoint.js';
import { parseDecimal } from './geocode-params.js';
import { routes } from './routes.js';
import {
  ALERT_SEVERITIES,
  AQI_BANDS,
  AQI_POLLUTANTS,
  canonicalTimeZone,
  FAVORITE_ADDRESS_MAX,
  FAVORITE_NICKNAME_MAX,
  FORECAST_DAYS_DEFAULT,
  FORECAST_DAYS_MAX,
  HOURLY_FORECAST_HOURS,
  HOURLY_FORECAST_HOURS_MAX,
  isValidTimeZone,
  UV_BANDS,
  WEATHER_FORMATTED_MAX,
} from './weather-constants.js';

export * from './weather-constants.js';

/** The original API's weather search result, current conditions, daily weather and saved location (docs/api.md#compatibility-promise). */

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

/** A query count from 1 to `max`, `fallback` when absent or empty; digits only ('0x10', '1e1', ' 5 ' are refused). */
function wholeNumber(label: string, max: number, fallback: number) {
  const message = `${label} must be a whole number from 1 to ${max}`;
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? undefined : /^\d{1,4}$/.test(v) ? Number(v) : v) : v),
    z.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback),
  );
}

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
  /** Forecast days, 1–16; 7 when omitted (the seed's length). */
  days: wholeNumber('days', FORECAST_DAYS_MAX, FORECAST_DAYS_DEFAULT),
  /**
   * Hours in `hourly`, 1–384; 48 when omitted. A client that opens any day's hours asks for
   * `days × 24` (same single upstream request, a larger answer).
   */
  hours: wholeNumber('hours', HOURLY_FORECAST_HOURS_MAX, HOURLY_FORECAST_HOURS),
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

// ---------------------------------------------------------------------------------------------
// Our additions: hourly forecast, alerts, more of the current sky, air quality, sources.
// All new numbers are in the same canonical units as the seed's fields (°F, mph, inches), plus
// miles for visibility and hPa for pressure; clients convert with `./units.ts`
// (docs/api.md#weather-units). Every field below is new; no seed field changed.
// ---------------------------------------------------------------------------------------------

/**
 * One hour of `hourly`. `time` is the hour's start in the location's zone as ISO 8601 with that
 * moment's offset ('2025-06-11T14:00:00-04:00'): its first 13 characters are the local date and
 * hour, and `Date.parse` gives the instant (offsets may differ across a DST change).
 */
export const hourlyWeatherSchema = z.object({
  time: z.string(),
  /** °F. */
  temperature: reading,
  /** Apparent temperature, °F. */
  feels_like: reading,
  /** Percent, 0–100. */
  precipitation_probability: reading,
  /** Inches fallen during the hour (rain, showers and snow as water). */
  precipitation: reading,
  /** mph, 10 m above ground. */
  wind_speed: reading,
  /** Degrees, 0 = from the north, clockwise. */
  wind_direction: reading,
  /** mph. */
  wind_gusts: reading,
  /** WMO weather code, as `current.code`. */
  weather_code: z.number().int().nullable(),
  /** As `current.is_day`: index the client's icon table with it. */
  is_day: z.enum(['day', 'night']),
  /** UV index (unitless, 0–~15); null when the source has none. */
  uv_index: reading,
});
export type HourlyWeather = z.infer<typeof hourlyWeatherSchema>;

export const uvBandSchema = z.enum(UV_BANDS);
export const aqiBandSchema = z.enum(AQI_BANDS);
/** Barometric tendency over the last 3 hours: a change of more than 1 hPa either way, else steady. */
export const pressureTrendSchema = z.enum(['rising', 'falling', 'steady']);
export type PressureTrend = z.infer<typeof pressureTrendSchema>;

/** Readings that stand beside `current` (which keeps the seed's shape). */
export const currentDetailsSchema = z.object({
  /** UV index now (unitless). */
  uv_index: reading,
  /** `uvBand(uv_index)`; null with it. */
  uv_band: uvBandSchema.nullable(),
  /** °F. */
  dew_point: reading,
  /** Sea-level pressure, hPa (convert with `hpaToInHg`). */
  pressure: reading,
  /** Compared with 3 hours before; null when either reading is missing. */
  pressure_trend: pressureTrendSchema.nullable(),
  /** Miles. */
  visibility: reading,
  /** Today's sunrise and sunset (local ISO 8601 with offset); null in polar day or night. */
  sunrise: z.string().nullable(),
  sunset: z.string().nullable(),
});
export type CurrentDetails = z.infer<typeof currentDetailsSchema>;

/** What `weather[i]` has no room for: the same dates, in the same order. */
export const dailyDetailsSchema = z.object({
  /** Local date, YYYY-MM-DD, equal to `weather[i].date`. */
  date: z.string(),
  /** Local ISO 8601 with offset, e.g. '2025-06-11T05:25:00-04:00'; null when the sun does not rise or set that day. */
  sunrise: z.string().nullable(),
  sunset: z.string().nullable(),
  /** The day's highest UV index (unitless). */
  uv_index_max: reading,
});
export type DailyDetails = z.infer<typeof dailyDetailsSchema>;

/**
 * Current air quality (Open-Meteo's air-quality API, or the demo model). When `available` is
 * false (the call failed, or the source has nothing for the place) every reading is null.
 */
export const airQualitySchema = z.object({
  available: z.boolean(),
  /** US AQI, 0–500. */
  us_aqi: reading,
  /** `aqiBand(us_aqi)`; null with it. */
  band: aqiBandSchema.nullable(),
  /** The pollutant with the highest sub-index (what drives `us_aqi`); null when unknown. */
  main_pollutant: z.enum(AQI_POLLUTANTS).nullable(),
  /** Concentrations, all in µg/m³ (carbon monoxide too). */
  pm2_5: reading,
  pm10: reading,
  ozone: reading,
  nitrogen_dioxide: reading,
  sulphur_dioxide: reading,
  carbon_monoxide: reading,
});
export type AirQuality = z.infer<typeof airQualitySchema>;

/**
 * An active alert in the National Weather Service's property names (api.weather.gov
 * /alerts/active). Times are ISO 8601 with the issuing office's offset.
 */
export const weatherAlertSchema = z.object({
  /** Stable for the alert's life (the NWS id, a URN). */
  id: z.string(),
  /** 'Winter Storm Warning', 'Heat Advisory', … */
  event: z.string(),
  /** One line for a banner; null when the NWS sent none (show `event`). */
  headline: z.string().nullable(),
  severity: z.enum(ALERT_SEVERITIES),
  /** 'Immediate', 'Expected', 'Future', 'Past' or 'Unknown'. */
  urgency: z.string(),
  /** 'Observed', 'Likely', 'Possible', 'Unlikely' or 'Unknown'. */
  certainty: z.string(),
  /** Counties or zones covered, '; '-separated. */
  areaDesc: z.string(),
  effective: z.string(),
  /** When the hazard begins; null when not given. */
  onset: z.string().nullable(),
  /** When this message expires (a newer one may follow). */
  expires: z.string(),
  /** When the hazard ends; null when not given. */
  ends: z.string().nullable(),
  /** The full text; paragraphs separated by blank lines. */
  description: z.string(),
  /** What to do; null when none. */
  instruction: z.string().nullable(),
  /** 'NWS Miami FL' */
  senderName: z.string(),
});
export type WeatherAlert = z.infer<typeof weatherAlertSchema>;

/**
 * `ok`: the source answered (`alerts` may be empty: no alerts). `not-covered`: outside the US
 * (and its territories) in live mode, there is no alert source. `unavailable`: the NWS did not
 * answer; `alerts` is empty and must not be read as "no alerts".
 */
export const alertsStatusSchema = z.enum(['ok', 'not-covered', 'unavailable']);
export type AlertsStatus = z.infer<typeof alertsStatusSchema>;

/** Who supplied each part, by display name ('Open-Meteo', 'National Weather Service', 'Demo model'). */
export const weatherSourcesSchema = z.object({
  forecast: z.string(),
  /** Null when air quality is unavailable. */
  air_quality: z.string().nullable(),
  /** Null when there are no alerts for the place (`alerts_status` other than 'ok'). */
  alerts: z.string().nullable(),
  /** Null when there are no text forecasts (outside the US). */
  detailed_forecasts: z.string().nullable(),
});
export type WeatherSources = z.infer<typeof weatherSourcesSchema>;

export const weatherResponseSchema = z.object({
  /** `days` days (seven by default), today (in the location's zone) first. */
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

  // ----- our additions (docs/api.md#weather-hourly-alerts-and-air-quality) -----
  /** `hours` hours (48 by default) from the location's current hour (that hour first), oldest first. */
  hourly: z.array(hourlyWeatherSchema),
  /** Sunrise, sunset and UV per day: one entry per `weather` entry, same dates and order. */
  daily_details: z.array(dailyDetailsSchema),
  /** UV, dew point, pressure and trend, visibility, today's sunrise and sunset. */
  current_details: currentDetailsSchema,
  air_quality: airQualitySchema,
  /** Active alerts, most severe first; empty unless `alerts_status` is 'ok' and there are some. */
  alerts: z.array(weatherAlertSchema),
  /** True when `alerts` is a real answer (`alerts_status === 'ok'`): an empty list then means no alerts. */
  alerts_available: z.boolean(),
  alerts_status: alertsStatusSchema,
  /** When these numbers were fetched or computed (ISO 8601 UTC); answers may come from a cache of up to 10 minutes. */
  updated_at: z.string(),
  sources: weatherSourcesSchema,
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

const favoriteErrors = [400, 401, 403] as const;

/** docs/api.md#every-call (Weather): the public forecast, and the signed-in user's saved locations. */
export const weatherEndpoints = {
  forecast: endpoint(routes.weather.forecast, {
    tags: ['weather'],
    summary:
      'Current conditions, 48 hours, a 7-day (up to 16) forecast, air quality and (US) alerts and detailed text forecasts for a place',
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
