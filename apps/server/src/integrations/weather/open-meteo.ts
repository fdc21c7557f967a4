import type { CurrentWeather, DailyWeather, Supplemental } from '@site/contract';
import { z } from 'zod';
import { getJson, UpstreamError, type UpstreamOptions, upstreamUrl } from '../http/upstream-client.js';
import { fetchNwsForecasts } from './nws.js';
import { FORECAST_DAYS, type Forecast, type ForecastRequest, NWS_COUNTRIES, type WeatherProvider } from './types.js';

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
const series = z.array(z.number().nullable()).optional();

/** The parts of Open-Meteo's answer we read; anything else may change freely. */
const openMeteoSchema = z.object({
  timezone: z.string(),
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
  baseUrl: string;
  timeoutMs?: number;
  retryDelayMs?: number;
  nws?: { baseUrl: string; userAgent: string; timeoutMs?: number; retryDelayMs?: number };
}

const n = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const int = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);

export function mapOpenMeteo(body: OpenMeteoAnswer): Omit<Forecast, 'supplemental'> {
  const c = body.current;
  const current: CurrentWeather = {
    temperature: n(c.temperature_2m),
    feelsLike: n(c.apparent_temperature),
    cloud_cover: n(c.cloud_cover),
    relative_humidity: n(c.relative_humidity_2m),
    wind_speed: n(c.wind_speed_10m),
    wind_direction: n(c.wind_direction_10m),
    wind_gusts: n(c.wind_gusts_10m),
    code: int(c.weather_code),
    is_day: c.is_day === 1 ? 'day' : 'night',
  };
  const d = body.daily;
  // Dates stay the local calendar dates Open-Meteo sends: never parsed into instants.
  const daily: DailyWeather[] = d.time.slice(0, FORECAST_DAYS).map((date, i) => ({
    date,
    temperature_2m_max: n(d.temperature_2m_max?.[i]),
    temperature_2m_min: n(d.temperature_2m_min?.[i]),
    apparent_temperature_max: n(d.apparent_temperature_max?.[i]),
    apparent_temperature_min: n(d.apparent_temperature_min?.[i]),
    precipitation_probability_max: n(d.precipitation_probability_max?.[i]),
    precipitation_sum: n(d.precipitation_sum?.[i]),
    wind_speed_10m_max: n(d.wind_speed_10m_max?.[i]),
    wind_gusts_10m_max: n(d.wind_gusts_10m_max?.[i]),
    weather_code: int(d.weather_code?.[i]),
  }));
  return { timezone: body.timezone, current, daily, source: 'open-meteo' };
}

export function openMeteoProvider(options: OpenMeteoOptions): WeatherProvider {
  const upstream: UpstreamOptions = {
    service: 'The weather service (Open-Meteo)',
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
      const [answer, supplemental] = await Promise.all([
        getJson(url, upstream),
        isUs && options.nws
          ? fetchNwsForecasts(request.lat, request.lon, options.nws)
          : Promise.resolve<Supplemental>({}),
      ]);
      const parsed = openMeteoSchema.safeParse(answer.body);
      if (!parsed.success) {
        throw new UpstreamError(502, `${upstream.service} sent an answer we could not read.`, 'malformed');
      }
      return { ...mapOpenMeteo(parsed.data), supplemental };
    },
  };
}
