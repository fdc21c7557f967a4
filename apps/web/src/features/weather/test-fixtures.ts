import type { DailyWeather, FavoriteLocation, WeatherAlert, WeatherResponse } from '@site/contract';

const DATES = ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];

export function daily(date: string, overrides: Partial<DailyWeather> = {}): DailyWeather {
  return {
    date,
    temperature_2m_max: 56.8,
    temperature_2m_min: 36.6,
    apparent_temperature_max: 50,
    apparent_temperature_min: 30.4,
    precipitation_probability_max: 20,
    precipitation_sum: 0.034,
    wind_speed_10m_max: 9.5,
    wind_gusts_10m_max: 18.6,
    weather_code: 1,
    ...overrides,
  };
}

/**
 * Denver's hours from 2026-11-21 10:00 (-07:00): 48 by default, more when a test asks with
 * `hours=` for every day's. A day's curve: coldest before dawn, warmest mid-afternoon; rain in the
 * second evening.
 */
export function denverHours(count: number): WeatherResponse['hourly'] {
  return Array.from({ length: count }, (_, h) => {
    const at = new Date(Date.UTC(2026, 10, 21, 10 + h));
    const hour = at.getUTCHours();
    const wave = Math.round(8 * Math.sin((hour - 9) * (Math.PI / 12)));
    return {
      time: `${at.toISOString().slice(0, 13)}:00:00-07:00`,
      temperature: 46 + wave,
      feels_like: 42 + wave,
      precipitation_probability: h >= 30 && h < 36 ? 70 : 10,
      precipitation: h >= 30 && h < 36 ? 0.04 : 0,
      wind_speed: 6,
      wind_direction: 280,
      wind_gusts: 12,
      weather_code: 1,
      is_day: hour >= 7 && hour < 17 ? 'day' : 'night',
      uv_index: 1,
    };
  });
}

/** Denver as the demo server answers it: US, so with detailed forecasts (none for the last day). */
export function denverWeather(overrides: Partial<WeatherResponse> = {}): WeatherResponse {
  return {
    weather: DATES.map((date, i) =>
      i === 5
        ? daily(date, {
            weather_code: 61,
            precipitation_probability_max: 100,
            precipitation_sum: 0.5,
            temperature_2m_max: null,
            wind_gusts_10m_max: null,
          })
        : daily(date),
    ),
    // NWS-shaped periods, day then night; none for the last day.
    supplemental: Object.fromEntries(
      DATES.map((date, i) => [
        date,
        i === 6
          ? []
          : [
              {
                name: i === 0 ? 'Today' : `Day ${i + 1}`,
                startTime: `${date}T06:00:00-07:00`,
                isDaytime: true,
                detailedForecast: `Forecast text for day ${i + 1}.`,
              },
              {
                name: i === 0 ? 'Tonight' : `Day ${i + 1} Night`,
                startTime: `${date}T18:00:00-07:00`,
                isDaytime: false,
                detailedForecast: `Forecast text for night ${i + 1}.`,
              },
            ],
      ]),
    ),
    address: 'Denver, Colorado, United States',
    current: {
      temperature: 55,
      feelsLike: 47.4,
      cloud_cover: 18,
      relative_humidity: 48,
      wind_speed: 8.14,
      wind_direction: 285,
      wind_gusts: 14.4,
      code: 0,
      is_day: 'day',
    },
    geodata: { lat: 39.74, lon: -104.98 },
    timezone: 'America/Denver',
    country_code: 'us',
    units: { temperature: '°F', wind_speed: 'mph', precipitation: 'inch' },
    source: 'demo',
    // The added fields (hourly, alerts, sky), minimal here; the web's new tests build their own.
    hourly: denverHours(48),
    daily_details: DATES.map((date) => ({
      date,
      sunrise: `${date}T06:58:00-07:00`,
      sunset: `${date}T16:38:00-07:00`,
      uv_index_max: 2.5,
    })),
    current_details: {
      uv_index: 2,
      uv_band: 'Low',
      dew_point: 30.2,
      pressure: 1018.4,
      pressure_trend: 'steady',
      visibility: 9.9,
      sunrise: '2026-11-21T06:58:00-07:00',
      sunset: '2026-11-21T16:38:00-07:00',
    },
    air_quality: {
      available: true,
      us_aqi: 38,
      band: 'Good',
      main_pollutant: 'ozone',
      pm2_5: 4.1,
      pm10: 7.9,
      ozone: 71,
      nitrogen_dioxide: 9.2,
      sulphur_dioxide: 1.1,
      carbon_monoxide: 180,
    },
    alerts: [],
    alerts_available: true,
    alerts_status: 'ok',
    updated_at: '2026-11-21T17:00:00.000Z',
    sources: {
      forecast: 'Demo model',
      air_quality: 'Demo model',
      alerts: 'Demo model',
      detailed_forecasts: 'Demo model',
    },
    ...overrides,
  };
}

/** An NWS-shaped alert, as the demo provider issues them for US places. */
export function weatherAlert(overrides: Partial<WeatherAlert> = {}): WeatherAlert {
  return {
    id: 'urn:oid:2.49.0.1.840.0.demo-1',
    event: 'Winter Storm Warning',
    headline: 'Winter Storm Warning issued November 21 at 9:00AM MST until November 22 at 6:00PM MST by NWS Boulder CO',
    severity: 'Severe',
    urgency: 'Expected',
    certainty: 'Likely',
    areaDesc: 'Denver; Boulder',
    effective: '2026-11-21T09:00:00-07:00',
    onset: '2026-11-21T18:00:00-07:00',
    expires: '2026-11-22T18:00:00-07:00',
    ends: '2026-11-22T18:00:00-07:00',
    description:
      '* WHAT...Heavy snow expected. Total snow accumulations of 8 to 14 inches.\n\n* WHERE...Denver and Boulder.',
    instruction: 'If you must travel, keep an extra flashlight, food and water in your vehicle.',
    senderName: 'NWS Boulder CO',
    ...overrides,
  };
}

export function parisWeather(): WeatherResponse {
  return denverWeather({
    alerts: [],
    alerts_available: false,
    alerts_status: 'not-covered',
    sources: { forecast: 'Demo model', air_quality: 'Demo model', alerts: null, detailed_forecasts: null },
    supplemental: Object.fromEntries(DATES.map((date) => [date, []])),
    address: 'Paris, Île-de-France, France',
    current: { ...denverWeather().current, code: 63, is_day: 'night', temperature: null },
    geodata: { lat: 48.8534, lon: 2.3488 },
    timezone: 'Europe/Paris',
    country_code: 'fr',
  });
}

export function favorite(locationId: number, nickname: string, overrides: Partial<FavoriteLocation> = {}) {
  const address = overrides.address ?? 'Denver, Colorado, United States';
  return {
    locationId,
    nickname,
    address,
    lat: 39.74,
    lon: -104.98,
    timezone: 'America/Denver',
    country_code: 'us',
    user: 7,
    formatted: address,
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  } satisfies FavoriteLocation;
}

export const me = { user_id: 7, username: 'dana', email: 'dana@example.com', is_admin: false };

/** Denver with `count` days (GET /api/weather?days=16), from the same first date. */
export function denverWeatherDays(count: number): WeatherResponse {
  const dates = Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(2026, 10, 21 + i)).toISOString().slice(0, 10),
  );
  const base = denverWeather();
  return {
    ...base,
    weather: dates.map((date, i) => daily(date, { temperature_2m_max: 50 + i, temperature_2m_min: 30 + i })),
    supplemental: Object.fromEntries(dates.map((date) => [date, base.supplemental[date] ?? []])),
    daily_details: dates.map((date) => ({
      date,
      sunrise: `${date}T06:58:00-07:00`,
      sunset: `${date}T16:38:00-07:00`,
      uv_index_max: 2,
    })),
  };
}

/**
 * The forecast for tests that read neither the hourly strip nor a day's hours: six hours instead of
 * 48. The strip is more than half of the page, and every change of units draws it again.
 */
export const withoutStrip = (forecast: WeatherResponse): WeatherResponse => ({ ...forecast, hourly: denverHours(6) });
