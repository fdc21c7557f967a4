// Meteocons by Bas Milius (MIT), bundled as files: only the icons this table uses are shipped, and
// `?no-inline` keeps them out of the JavaScript chunk (the browser fetches the ones it shows).
import clearDay from '@bybas/weather-icons/production/fill/all/clear-day.svg?no-inline';
import clearNight from '@bybas/weather-icons/production/fill/all/clear-night.svg?no-inline';
import drizzle from '@bybas/weather-icons/production/fill/all/drizzle.svg?no-inline';
import fogDay from '@bybas/weather-icons/production/fill/all/fog-day.svg?no-inline';
import fogNight from '@bybas/weather-icons/production/fill/all/fog-night.svg?no-inline';
import hail from '@bybas/weather-icons/production/fill/all/hail.svg?no-inline';
import notAvailable from '@bybas/weather-icons/production/fill/all/not-available.svg?no-inline';
import overcast from '@bybas/weather-icons/production/fill/all/overcast.svg?no-inline';
import overcastDay from '@bybas/weather-icons/production/fill/all/overcast-day.svg?no-inline';
import overcastNight from '@bybas/weather-icons/production/fill/all/overcast-night.svg?no-inline';
import partlyCloudyDay from '@bybas/weather-icons/production/fill/all/partly-cloudy-day.svg?no-inline';
import partlyCloudyDayDrizzle from '@bybas/weather-icons/production/fill/all/partly-cloudy-day-drizzle.svg?no-inline';
import partlyCloudyDayRain from '@bybas/weather-icons/production/fill/all/partly-cloudy-day-rain.svg?no-inline';
import partlyCloudyDaySleet from '@bybas/weather-icons/production/fill/all/partly-cloudy-day-sleet.svg?no-inline';
import partlyCloudyDaySnow from '@bybas/weather-icons/production/fill/all/partly-cloudy-day-snow.svg?no-inline';
import partlyCloudyNight from '@bybas/weather-icons/production/fill/all/partly-cloudy-night.svg?no-inline';
import partlyCloudyNightDrizzle from '@bybas/weather-icons/production/fill/all/partly-cloudy-night-drizzle.svg?no-inline';
import partlyCloudyNightRain from '@bybas/weather-icons/production/fill/all/partly-cloudy-night-rain.svg?no-inline';
import partlyCloudyNightSleet from '@bybas/weather-icons/production/fill/all/partly-cloudy-night-sleet.svg?no-inline';
import partlyCloudyNightSnow from '@bybas/weather-icons/production/fill/all/partly-cloudy-night-snow.svg?no-inline';
import rain from '@bybas/weather-icons/production/fill/all/rain.svg?no-inline';
import sleet from '@bybas/weather-icons/production/fill/all/sleet.svg?no-inline';
import snow from '@bybas/weather-icons/production/fill/all/snow.svg?no-inline';
import thunderstormsDay from '@bybas/weather-icons/production/fill/all/thunderstorms-day.svg?no-inline';
import thunderstormsDayRain from '@bybas/weather-icons/production/fill/all/thunderstorms-day-rain.svg?no-inline';
import thunderstormsNight from '@bybas/weather-icons/production/fill/all/thunderstorms-night.svg?no-inline';
import thunderstormsNightRain from '@bybas/weather-icons/production/fill/all/thunderstorms-night-rain.svg?no-inline';

/** A weather code's words and picture (docs/api.md#compatibility-promise (Weather) code). */
export interface WeatherCodeInfo {
  description: string;
  /** URL of the icon. */
  icon: string;
}

export interface WeatherCodeEntry {
  day: WeatherCodeInfo;
  night: WeatherCodeInfo;
}

/** WMO weather interpretation codes as Open-Meteo reports them, by day and by night. */
export const WEATHER_CODES: Readonly<Record<number, WeatherCodeEntry>> = {
  0: { day: { description: 'Sunny', icon: clearDay }, night: { description: 'Clear', icon: clearNight } },
  1: {
    day: { description: 'Mainly Sunny', icon: partlyCloudyDay },
    night: { description: 'Mainly Clear', icon: partlyCloudyNight },
  },
  2: {
    day: { description: 'Partly Cloudy', icon: overcastDay },
    night: { description: 'Partly Cloudy', icon: overcastNight },
  },
  3: { day: { description: 'Cloudy', icon: overcast }, night: { description: 'Cloudy', icon: overcast } },
  45: { day: { description: 'Foggy', icon: fogDay }, night: { description: 'Foggy', icon: fogNight } },
  48: { day: { description: 'Rime Fog', icon: fogDay }, night: { description: 'Rime Fog', icon: fogNight } },
  51: {
    day: { description: 'Light Drizzle', icon: partlyCloudyDayDrizzle },
    night: { description: 'Light Drizzle', icon: partlyCloudyNightDrizzle },
  },
  53: { day: { description: 'Drizzle', icon: drizzle }, night: { description: 'Drizzle', icon: drizzle } },
  55: { day: { description: 'Heavy Drizzle', icon: drizzle }, night: { description: 'Heavy Drizzle', icon: drizzle } },
  56: {
    day: { description: 'Light Freezing Drizzle', icon: partlyCloudyDaySleet },
    night: { description: 'Light Freezing Drizzle', icon: partlyCloudyNightSleet },
  },
  57: {
    day: { description: 'Freezing Drizzle', icon: sleet },
    night: { description: 'Freezing Drizzle', icon: sleet },
  },
  61: {
    day: { description: 'Light Rain', icon: partlyCloudyDayRain },
    night: { description: 'Light Rain', icon: partlyCloudyNightRain },
  },
  63: { day: { description: 'Rain', icon: rain }, night: { description: 'Rain', icon: rain } },
  65: { day: { description: 'Heavy Rain', icon: rain }, night: { description: 'Heavy Rain', icon: rain } },
  66: {
    day: { description: 'Light Freezing Rain', icon: partlyCloudyDaySleet },
    night: { description: 'Light Freezing Rain', icon: partlyCloudyNightSleet },
  },
  67: { day: { description: 'Freezing Rain', icon: sleet }, night: { description: 'Freezing Rain', icon: sleet } },
  71: {
    day: { description: 'Light Snow', icon: partlyCloudyDaySnow },
    night: { description: 'Light Snow', icon: partlyCloudyNightSnow },
  },
  73: { day: { description: 'Snow', icon: snow }, night: { description: 'Snow', icon: snow } },
  75: { day: { description: 'Heavy Snow', icon: snow }, night: { description: 'Heavy Snow', icon: snow } },
  77: { day: { description: 'Snow Grains', icon: snow }, night: { description: 'Snow Grains', icon: snow } },
  80: {
    day: { description: 'Light Showers', icon: partlyCloudyDayRain },
    night: { description: 'Light Showers', icon: partlyCloudyNightRain },
  },
  81: { day: { description: 'Showers', icon: rain }, night: { description: 'Showers', icon: rain } },
  82: { day: { description: 'Heavy Showers', icon: rain }, night: { description: 'Heavy Showers', icon: rain } },
  85: {
    day: { description: 'Light Snow Showers', icon: partlyCloudyDaySnow },
    night: { description: 'Light Snow Showers', icon: partlyCloudyNightSnow },
  },
  86: { day: { description: 'Snow Showers', icon: snow }, night: { description: 'Snow Showers', icon: snow } },
  95: {
    day: { description: 'Thunderstorm', icon: thunderstormsDay },
    night: { description: 'Thunderstorm', icon: thunderstormsNight },
  },
  96: {
    day: { description: 'Light Thunderstorms With Hail', icon: thunderstormsDayRain },
    night: { description: 'Light Thunderstorms With Hail', icon: thunderstormsNightRain },
  },
  99: {
    day: { description: 'Thunderstorm With Hail', icon: hail },
    night: { description: 'Thunderstorm With Hail', icon: hail },
  },
};

/** docs/product.md#messages: a code the table does not know. */
export const UNKNOWN_WEATHER: WeatherCodeInfo = { description: 'No description available', icon: notAvailable };

/** The description and icon of a WMO code, by day (the default) or by night. */
export function describeWeather(code: number | null | undefined, isDay = true): WeatherCodeInfo {
  const entry = code === null || code === undefined ? undefined : WEATHER_CODES[code];
  if (!entry) return UNKNOWN_WEATHER;
  return isDay ? entry.day : entry.night;
}
