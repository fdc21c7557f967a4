import {
  type CurrentDetails,
  type CurrentWeather,
  type DailyDetails,
  type DailyWeather,
  type HourlyWeather,
  type Supplemental,
  uvBand,
} from '@site/contract';
import { z } from 'zod';
import {
  getJson,
  type UpstreamCallObserver,
  UpstreamError,
  type UpstreamOptions,
  upstreamUrl,
} from '../http/upstream-client.js';
import { localIsoDateTime } from '../time-zones.js';
import { type AirQualityOptions, fetchAirQuality } from './air-quality.js';
import { fetchNwsForecasts, type NwsOptions } from './nws.js';
import { fetchNwsAlerts } from './nws-alerts.js';
import { isSunUp } from './sun.js';
import {
  FORECAST_DAYS,
  type Forecast,
  type ForecastRequest,
  HOURLY_HOURS,
  NO_AIR_QUALITY,
  NWS_COUNTRIES,
  pressureTrend,
  SOURCE_NAMES,
  type WeatherProvider,
} from './types.js';
import { celsiusToFahrenheit, kmhToMph, knotsToMph, metresPerSecondToMph, mmToInches } from './units.js';

/**
 * Live forecasts: Open-Meteo's /v1/forecast (no key) in °F, mph and inches, plus, for US
 * locations, the National Weather Service's text forecasts. NWS trouble never fails the request.
 */

const CURRENT = [
  'temperature_2m',
  'relative_humidity_2m',
  'apparent_temperature',
  'is_day',
  'cloud_cover',
  'wind_speed_10m',
  'wind_direction_10m',
  'wind_gusts_10m',
  'weather_code',
  'dew_point_2m',
  'pressure_msl',
  'visibility',
  'uv_index',
] as const;
const DAILY = [
  'weather_code',
  'temperature_2m_max',
  'temperature_2m_min',
  'apparent_temperature_max',
  'apparent_temperature_min',
  'precipitation_sum',
  'precipitation_probability_max',
  'wind_speed_10m_max',
  'wind_gusts_10m_max',
  'sunrise',
  'sunset',
  'uv_index_max',
] as const;
/** Hourly series, in the same request (docs/api.md#weather-hourly-alerts-and-air-quality). */
const HOURLY = [
  'temperature_2m',
  'apparent_temperature',
  'precipitation_probability',
  'precipitation',
  'wind_speed_10m',
  'wind_direction_10m',
  'wind_gusts_10m',
  'weather_code',
  'is_day',
  'uv_index',
  'pressure_msl',
] as const;
/** Hours before the current one, for the 3-hour pressure trend. */
const PAST_HOURS = 3;

const value = z.number().nullable().optional();
const units = z.record(z.string(), z.string()).optional();
const series = z.array(z.number().nullable()).optional();
const times = z.array(z.string().nullable()).optional();

/** The parts of Open-Meteo's answer we read; anything else may change freely. */
const openMeteoSchema = z.object({
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  utc_offset_seconds: z.number().optional(),
  timezone: z.string(),
  current_units: units,
  daily_units: units,
  hourly_units: units,
  current: z.object({
    time: z.string(),
    temperature_2m: value,
    relative_humidity_2m: value,
    apparent_temperature: value,
    is_day: value,
    cloud_cover: value,
    wind_speed_10m: value,
    wind_direction_10m: value,
    wind_gusts_10m: value,
    weather_code: value,
    dew_point_2m: value,
    pressure_msl: value,
    visibility: value,
    uv_index: value,
  }),
  daily: z.object({
    time: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
    weather_code: series,
    temperature_2m_max: series,
    temperature_2m_min: series,
    apparent_temperature_max: series,
    apparent_temperature_min: series,
    precipitation_sum: series,
    precipitation_probability_max: series,
    wind_speed_10m_max: series,
    wind_gusts_10m_max: series,
    sunrise: times,
    sunset: times,
    uv_index_max: series,
  }),
  // Read apart (hourlySchema): hours that are missing or malformed leave the seed's fields standing.
  hourly: z.unknown().optional(),
});
type OpenMeteoAnswer = z.infer<typeof openMeteoSchema>;

/** Open-Meteo's `hourly` section, as far as we read it. */
const hourlySchema = z.object({
  time: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)),
  temperature_2m: series,
  apparent_temperature: series,
  precipitation_probability: series,
  precipitation: series,
  wind_speed_10m: series,
  wind_direction_10m: series,
  wind_gusts_10m: series,
  weather_code: series,
  is_day: series,
  uv_index: series,
  pressure_msl: series,
});
type OpenMeteoHours = z.infer<typeof hourlySchema>;
/** The answer's hours, or undefined when it has none we can read. */
const hoursOf = (body: OpenMeteoAnswer): OpenMeteoHours | undefined => {
  const parsed = hourlySchema.safeParse(body.hourly);
  return parsed.success ? parsed.data : undefined;
};

export interface OpenMeteoOptions {
  /** Told of each call's outcome (metrics, app.deps.metrics). */
  onCall?: UpstreamCallObserver | undefined;
  baseUrl: string;
  timeoutMs?: number;
  retryDelayMs?: number;
  nws?: NwsOptions;
  /** Open-Meteo's air-quality API; without it air quality is unavailable. */
  airQuality?: AirQualityOptions;
  now?: () => number;
}

const n = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const int = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);

type Quantity = 'temperature' | 'speed' | 'precipitation';
const same = (v: number) => v;
/**
 * Each unit Open-Meteo may name, as a conversion to the units we answer in (°F, mph, inches).
 * We ask for those, but a proxy or a changed default must not get metric numbers labelled °F.
 */
const TO_OUR_UNITS: Record<Quantity, Record<string, (v: number) => number>> = {
  temperature: { '°F': same, '°C': celsiusToFahrenheit },
  speed: { 'mp/h': same, mph: same, 'km/h': kmhToMph, 'm/s': metresPerSecondToMph, kn: knotsToMph },
  precipitation: { inch: same, mm: (v) => mmToInches(v) },
};
const quantityOf = (field: string): Quantity | undefined =>
  field.startsWith('temperature') || field.startsWith('apparent_temperature') || field.startsWith('dew_point')
    ? 'temperature'
    : field.startsWith('wind_speed') || field.startsWith('wind_gusts')
      ? 'speed'
      : field.startsWith('precipitation_sum') || field === 'precipitation'
        ? 'precipitation'
        : undefined;

/** Visibility in miles. Open-Meteo documents metres; some answers say 'ft' with imperial units. */
const VISIBILITY_TO_MILES: Record<string, (v: number) => number> = {
  m: (v) => v / 1609.344,
  ft: (v) => v / 5280,
};
function visibilityMiles(unitsOf: Record<string, string> | undefined, v: number | null | undefined): number | null {
  const x = n(v);
  const convert = VISIBILITY_TO_MILES[unitsOf?.visibility ?? 'm'];
  // An unknown unit hides the reading rather than failing the forecast for a secondary field.
  return x === null || !convert ? null : Math.round(convert(x) * 10) / 10;
}

/** The conversion for `field` from the unit its answer names (absent: the unit we asked for). */
function converter(unitsOf: Record<string, string> | undefined, field: string): (v: number) => number {
  const quantity = quantityOf(field);
  const unit = unitsOf?.[field];
  if (!quantity || unit === undefined) return same;
  const convert = TO_OUR_UNITS[quantity][unit];
  if (!convert) {
    throw new UpstreamError(
      502,
      `The weather service (Open-Meteo) sent ${field} in a unit we cannot use (${unit}).`,
      'malformed',
    );
  }
  return convert;
}

/** `field` of an answer section, in our units. */
function reader(unitsOf: Record<string, string> | undefined) {
  return (field: string, v: number | null | undefined) => {
    const x = n(v);
    return x === null ? null : converter(unitsOf, field)(x);
  };
}

/**
 * Whether it is day: Open-Meteo's `is_day` when sent; when missing it is unknown, not night, so
 * the sun's position at the reading's time decides (docs/api.md#live-data).
 */
function isDay(body: OpenMeteoAnswer, at: { lat: number; lon: number } | undefined): 'day' | 'night' {
  const flag = body.current.is_day;
  if (flag === 1 || flag === 0) return flag === 1 ? 'day' : 'night';
  const lat = body.latitude ?? at?.lat;
  const lon = body.longitude ?? at?.lon;
  // `time` is local wall time; the answer's offset makes it an instant.
  const instant = Date.parse(`${body.current.time}Z`) - (body.utc_offset_seconds ?? 0) * 1000;
  if (lat === undefined || lon === undefined || Number.isNaN(instant)) return 'day';
  return isSunUp(lat, lon, instant) ? 'day' : 'night';
}

/** Where the current hour is in `hourly.time` (its 'YYYY-MM-DDTHH' prefix), else the first later hour. */
function currentHourIndex(body: OpenMeteoAnswer, h: OpenMeteoHours | undefined): number {
  const hours = h?.time ?? [];
  const now = body.current.time.slice(0, 13);
  const exact = hours.findIndex((t) => t.slice(0, 13) === now);
  if (exact >= 0) return exact;
  const later = hours.findIndex((t) => t.slice(0, 13) > now);
  return later >= 0 ? later : hours.length;
}

function mapHourly(
  body: OpenMeteoAnswer,
  h: OpenMeteoHours | undefined,
  timezone: string,
  from: number,
  count: number,
  at?: { lat: number; lon: number },
) {
  if (!h) return [];
  const hour = reader(body.hourly_units);
  const out: HourlyWeather[] = [];
  for (let i = from; i < Math.min(h.time.length, from + count); i++) {
    const wall = h.time[i] as string;
    const time = localIsoDateTime(wall, timezone);
    if (time === null) continue;
    const flag = h.is_day?.[i];
    const lat = body.latitude ?? at?.lat;
    const lon = body.longitude ?? at?.lon;
    const isDay =
      flag === 1 || flag === 0
        ? flag === 1
        : lat !== undefined && lon !== undefined
          ? isSunUp(lat, lon, Date.parse(time) + 30 * 60_000)
          : true;
    out.push({
      time,
      temperature: hour('temperature_2m', h.temperature_2m?.[i]),
      feels_like: hour('apparent_temperature', h.apparent_temperature?.[i]),
      precipitation_probability: n(h.precipitation_probability?.[i]),
      precipitation: hour('precipitation', h.precipitation?.[i]),
      wind_speed: hour('wind_speed_10m', h.wind_speed_10m?.[i]),
      wind_direction: n(h.wind_direction_10m?.[i]),
      wind_gusts: hour('wind_gusts_10m', h.wind_gusts_10m?.[i]),
      weather_code: int(h.weather_code?.[i]),
      is_day: isDay ? 'day' : 'night',
      uv_index: n(h.uv_index?.[i]),
    });
  }
  return out;
}

/** The extras beside the seed's fields: hours, sunrise/sunset and UV per day, current details. */
export function mapOpenMeteoDetails(
  body: OpenMeteoAnswer,
  at?: { lat: number; lon: number },
  hours = HOURLY_HOURS,
): Pick<Forecast, 'hourly' | 'dailyDetails' | 'currentDetails'> {
  const zone = body.timezone;
  const h = hoursOf(body);
  const from = currentHourIndex(body, h);
  const hourly = mapHourly(body, h, zone, from, hours, at);
  const d = body.daily;
  const sun = (v: string | null | undefined) => (v ? localIsoDateTime(v, zone) : null);
  const dailyDetails: DailyDetails[] = d.time.map((date, i) => ({
    date,
    sunrise: sun(d.sunrise?.[i]),
    sunset: sun(d.sunset?.[i]),
    uv_index_max: n(d.uv_index_max?.[i]),
  }));
  const c = body.current;
  const pressures = h?.pressure_msl;
  const pressure = n(c.pressure_msl) ?? n(pressures?.[from]);
  const uv = n(c.uv_index) ?? n(h?.uv_index?.[from]);
  const currentDetails: CurrentDetails = {
    uv_index: uv,
    uv_band: uv === null ? null : uvBand(uv),
    dew_point: reader(body.current_units)('dew_point_2m', c.dew_point_2m),
    pressure,
    pressure_trend: pressureTrend(pressure, from >= PAST_HOURS ? n(pressures?.[from - PAST_HOURS]) : null),
    visibility: visibilityMiles(body.current_units, c.visibility),
    sunrise: dailyDetails[0]?.sunrise ?? null,
    sunset: dailyDetails[0]?.sunset ?? null,
  };
  return { hourly, dailyDetails, currentDetails };
}

export function mapOpenMeteo(
  body: OpenMeteoAnswer,
  at?: { lat: number; lon: number },
  days = FORECAST_DAYS,
): Pick<Forecast, 'timezone' | 'current' | 'daily' | 'source'> {
  const c = body.current;
  const cur = reader(body.current_units);
  const current: CurrentWeather = {
    temperature: cur('temperature_2m', c.temperature_2m),
    feelsLike: cur('apparent_temperature', c.apparent_temperature),
    cloud_cover: n(c.cloud_cover),
    relative_humidity: n(c.relative_humidity_2m),
    wind_speed: cur('wind_speed_10m', c.wind_speed_10m),
    wind_direction: n(c.wind_direction_10m),
    wind_gusts: cur('wind_gusts_10m', c.wind_gusts_10m),
    code: int(c.weather_code),
    is_day: isDay(body, at),
  };
  const d = body.daily;
  const day = reader(body.daily_units);
  // Dates stay the local calendar dates Open-Meteo sends: never parsed into instants.
  const daily: DailyWeather[] = d.time.slice(0, days).map((date, i) => ({
    date,
    temperature_2m_max: day('temperature_2m_max', d.temperature_2m_max?.[i]),
    temperature_2m_min: day('temperature_2m_min', d.temperature_2m_min?.[i]),
    apparent_temperature_max: day('apparent_temperature_max', d.apparent_temperature_max?.[i]),
    apparent_temperature_min: day('apparent_temperature_min', d.apparent_temperature_min?.[i]),
    precipitation_probability_max: n(d.precipitation_probability_max?.[i]),
    precipitation_sum: day('precipitation_sum', d.precipitation_sum?.[i]),
    wind_speed_10m_max: day('wind_speed_10m_max', d.wind_speed_10m_max?.[i]),
    wind_gusts_10m_max: day('wind_gusts_10m_max', d.wind_gusts_10m_max?.[i]),
    weather_code: int(d.weather_code?.[i]),
  }));
  return { timezone: body.timezone, current, daily, source: 'open-meteo' };
}

export function openMeteoProvider(options: OpenMeteoOptions): WeatherProvider {
  const upstream: UpstreamOptions = {
    service: 'The weather service (Open-Meteo)',
    provider: 'open-meteo',
    onCall: options.onCall,
    timeoutMs: options.timeoutMs ?? 8000,
    retryDelayMs: options.retryDelayMs ?? 400,
  };

  return {
    async forecast(request: ForecastRequest): Promise<Forecast> {
      const days = request.days ?? FORECAST_DAYS;
      const hours = request.hours ?? HOURLY_HOURS;
      // One forecast request carries current, daily and hourly (docs/api.md#weather-hourly-alerts-and-air-quality).
      const url = upstreamUrl(options.baseUrl, '/v1/forecast', {
        latitude: request.lat,
        longitude: request.lon,
        current: CURRENT.join(','),
        daily: DAILY.join(','),
        hourly: HOURLY.join(','),
        past_hours: PAST_HOURS,
        forecast_hours: hours,
        temperature_unit: 'fahrenheit',
        wind_speed_unit: 'mph',
        precipitation_unit: 'inch',
        timezone: request.timezone || 'auto',
        forecast_days: days,
      });
      const isUs = request.countryCode !== null && NWS_COUNTRIES.has(request.countryCode);
      const nws = isUs ? options.nws : undefined;
      // Every request at once; the NWS and air-quality parts resolve (never reject) on failure.
      const [answer, texts, alerts, air] = await Promise.all([
        getJson(url, upstream),
        nws
          ? fetchNwsForecasts(request.lat, request.lon, nws)
          : Promise.resolve({ supplemental: {} as Supplemental, failed: false }),
        nws ? fetchNwsAlerts(request.lat, request.lon, nws) : Promise.resolve(null),
        options.airQuality
          ? fetchAirQuality(request.lat, request.lon, options.airQuality)
          : Promise.resolve({ airQuality: NO_AIR_QUALITY, failed: false }),
      ]);
      const parsed = openMeteoSchema.safeParse(answer.body);
      if (!parsed.success) {
        throw new UpstreamError(502, `${upstream.service} sent an answer we could not read.`, 'malformed');
      }
      const base = mapOpenMeteo(parsed.data, request, days);
      const details = mapOpenMeteoDetails(parsed.data, request, hours);
      const alertsStatus = alerts === null ? 'not-covered' : alerts.failed ? 'unavailable' : 'ok';
      const hasTexts = Object.values(texts.supplemental).some((list) => list.length > 0);
      return {
        ...base,
        ...details,
        dailyDetails: details.dailyDetails.slice(0, base.daily.length),
        supplemental: texts.supplemental,
        ...(texts.failed ? { textsMissing: true } : {}),
        airQuality: air.airQuality,
        alerts: alerts?.alerts ?? [],
        alertsStatus,
        updatedAt: new Date((options.now ?? Date.now)()).toISOString(),
        sources: {
          forecast: SOURCE_NAMES.openMeteo,
          air_quality: air.airQuality.available ? SOURCE_NAMES.openMeteoAirQuality : null,
          alerts: alertsStatus === 'ok' ? SOURCE_NAMES.nws : null,
          detailed_forecasts: hasTexts ? SOURCE_NAMES.nws : null,
        },
        ...(air.failed || alerts?.failed ? { partsMissing: true } : {}),
      };
    },
  };
}
