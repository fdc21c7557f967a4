import type { CurrentWeather, DailyWeather, Supplemental } from '@site/contract';

export interface ForecastRequest {
  lat: number;
  lon: number;
  /** IANA zone the daily dates are local to. */
  timezone: string;
  /** Lower case; 'us' (and US territories) adds detailed text forecasts. */
  countryCode: string | null;
}

export interface Forecast {
  /** The zone the dates are in (the provider's answer; normally the requested one). */
  timezone: string;
  current: CurrentWeather;
  /** Seven days, today first, dates local to `timezone`. */
  daily: DailyWeather[];
  /** Detailed-forecast periods by local date, in time order; dates without text may be missing (the service fills them). */
  supplemental: Supplemental;
  source: 'demo' | 'open-meteo';
  /** The text forecasts failed (rather than do not exist): the forecast is then kept only briefly. */
  textsMissing?: boolean;
}

/** One source of forecasts: the offline demo model, or Open-Meteo (+ NWS) live. */
export interface WeatherProvider {
  forecast(request: ForecastRequest): Promise<Forecast>;
}

/** Where the National Weather Service issues forecasts: the US and its territories. */
export const NWS_COUNTRIES = new Set(['us', 'pr', 'vi', 'gu', 'as', 'mp']);

export const FORECAST_DAYS = 7;
