import type { DailyWeather, FavoriteLocation, WeatherResponse } from '@site/contract';

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
    ...overrides,
  };
}

export function parisWeather(): WeatherResponse {
  return denverWeather({
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
