import type { CurrentWeather, DailyWeather, Supplemental } from '@site/contract';
import { z } from 'zod';
import {
  getJson,
  type UpstreamCallObserver,
  UpstreamError,
  type UpstreamOptions,
  upstreamUrl,
} from '../http/upstream-client.js';
import { fetchNwsForecasts, type NwsOptions } from './nws.js';
import { isSunUp } from './sun.js';
import { FORECAST_DAYS, type Forecast, type ForecastRequest, NWS_COUNTRIES, type WeatherProvider } from './types.js';
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
] as const;

const value = z.number().nullable().optional();
const units = z.record(z.string(), z.string()).optional();
const series = z.array(z.number().nullable()).optional();

/** The parts of Open-Meteo's answer we read; anything else may change freely. */
const openMeteoSchema = z.object({
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  utc_offset_seconds: z.number().optional(),
  timezone: z.string(),
  current_units: units,
  daily_units: units,
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
  }),
});
type OpenMeteoAnswer = z.infer<typeof openMeteoSchema>;

export interface OpenMeteoOptions {
  /** Told of each call's outcome (metrics, app.deps.metrics). */
  onCall?: UpstreamCallObserver | undefined;
  baseUrl: string;
  timeoutMs?: number;
  retryDelayMs?: number;
  nws?: NwsOptions;
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
  field.startsWith('temperature') || field.startsWith('apparent_temperature')
    ? 'temperature'
    : field.startsWith('wind_speed') || field.startsWith('wind_gusts')
      ? 'speed'
      : field.startsWith('precipitation_sum')
        ? 'precipitation'
        : undefined;

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

export function mapOpenMeteo(body: OpenMeteoAnswer, at?: { lat: number; lon: number }): Omit<Forecast, 'supplemental'> {
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
  const daily: DailyWeather[] = d.time.slice(0, FORECAST_DAYS).map((date, i) => ({
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
      const url = upstreamUrl(options.baseUrl, '/v1/forecast', {
        latitude: request.lat,
        longitude: request.lon,
        current: CURRENT.join(','),
        daily: DAILY.join(','),
        temperature_unit: 'fahrenheit',
        wind_speed_unit: 'mph',
        precipitation_unit: 'inch',
        timezone: request.timezone || 'auto',
        forecast_days: FORECAST_DAYS,
      });
      const isUs = request.countryCode !== null && NWS_COUNTRIES.has(request.countryCode);
      // Both requests at once; the NWS half resolves to {} on any failure.
      const [answer, texts] = await Promise.all([
        getJson(url, upstream),
        isUs && options.nws
          ? fetchNwsForecasts(request.lat, request.lon, options.nws)
          : Promise.resolve({ supplemental: {} as Supplemental, failed: false }),
      ]);
      const parsed = openMeteoSchema.safeParse(answer.body);
      if (!parsed.success) {
        throw new UpstreamError(502, `${upstream.service} sent an answer we could not read.`, 'malformed');
      }
      return {
        ...mapOpenMeteo(parsed.data, request),
        supplemental: texts.supplemental,
        ...(texts.failed ? { textsMissing: true } : {}),
      };
    },
  };
}
