import {
  type AirQuality,
  type AlertsStatus,
  type CurrentDetails,
  type CurrentWeather,
  type DailyDetails,
  type DailyWeather,
  FORECAST_DAYS_DEFAULT,
  HOURLY_FORECAST_HOURS,
  type HourlyWeather,
  type Supplemental,
  type WeatherAlert,
  type WeatherSources,
} from '@site/contract';

export interface ForecastRequest {
  lat: number;
  lon: number;
  /** IANA zone the daily dates are local to. */
  timezone: string;
  /** Lower case; 'us' (and US territories) adds detailed text forecasts and alerts. */
  countryCode: string | null;
  /** Forecast days, 1–16 (FORECAST_DAYS when omitted). */
  days?: number;
  /** Hours of `hourly`, 1–384 (HOURLY_HOURS when omitted). */
  hours?: number;
}

export interface Forecast {
  /** The zone the dates are in (the provider's answer; normally the requested one). */
  timezone: string;
  current: CurrentWeather;
  /** `days` days, today first, dates local to `timezone`. */
  daily: DailyWeather[];
  /** Detailed-forecast periods by local date, in time order; dates without text may be missing (the service fills them). */
  supplemental: Supplemental;
  source: 'demo' | 'open-meteo';
  /** The text forecasts failed (rather than do not exist): the forecast is then kept only briefly. */
  textsMissing?: boolean;
  /** `hours` (48) hours from the current local hour (docs/api.md#weather-hourly-alerts-and-air-quality). */
  hourly: HourlyWeather[];
  /** One per `daily` entry, same dates. */
  dailyDetails: DailyDetails[];
  currentDetails: CurrentDetails;
  airQuality: AirQuality;
  alerts: WeatherAlert[];
  alertsStatus: AlertsStatus;
  /** When the numbers were fetched or computed, ISO 8601 UTC. */
  updatedAt: string;
  sources: WeatherSources;
  /** Air quality or alerts failed: like `textsMissing`, the forecast is kept only briefly. */
  partsMissing?: boolean;
}

/** One source of forecasts: the offline demo model, or Open-Meteo (+ NWS) live. */
export interface WeatherProvider {
  forecast(request: ForecastRequest): Promise<Forecast>;
}

/** Where the National Weather Service issues forecasts: the US and its territories. */
export const NWS_COUNTRIES = new Set(['us', 'pr', 'vi', 'gu', 'as', 'mp']);

export const FORECAST_DAYS = FORECAST_DAYS_DEFAULT;
export const HOURLY_HOURS = HOURLY_FORECAST_HOURS;

/** Display names of the sources (`sources` in the answer). */
export const SOURCE_NAMES = {
  demo: 'Demo model (offline, synthetic)',
  openMeteo: 'Open-Meteo',
  openMeteoAirQuality: 'Open-Meteo Air Quality (CAMS)',
  nws: 'National Weather Service',
} as const;

/** Air quality with nothing known. */
export const NO_AIR_QUALITY: AirQuality = {
  available: false,
  us_aqi: null,
  band: null,
  main_pollutant: null,
  pm2_5: null,
  pm10: null,
  ozone: null,
  nitrogen_dioxide: null,
  sulphur_dioxide: null,
  carbon_monoxide: null,
};

/** Barometric tendency over 3 hours: beyond ±1 hPa is rising or falling (docs/api.md#weather-hourly-alerts-and-air-quality). */
export function pressureTrend(
  now: number | null,
  threeHoursAgo: number | null,
): 'rising' | 'falling' | 'steady' | null {
  if (now === null || threeHoursAgo === null) return null;
  const change = now - threeHoursAgo;
  if (change > 1) return 'rising';
  if (change < -1) return 'falling';
  return 'steady';
}
