import { describe, expect, it } from 'vitest';
import { describeWeather, UNKNOWN_WEATHER, WEATHER_CODES } from './weather-codes';

/** code, day description, day icon, night description, night icon */
const EXPECTED: [number, string, string, string, string][] = [
  [0, 'Sunny', 'clear-day', 'Clear', 'clear-night'],
  [1, 'Mainly Sunny', 'partly-cloudy-day', 'Mainly Clear', 'partly-cloudy-night'],
  [2, 'Partly Cloudy', 'overcast-day', 'Partly Cloudy', 'overcast-night'],
  [3, 'Cloudy', 'overcast', 'Cloudy', 'overcast'],
  [45, 'Foggy', 'fog-day', 'Foggy', 'fog-night'],
  [48, 'Rime Fog', 'fog-day', 'Rime Fog', 'fog-night'],
  [51, 'Light Drizzle', 'partly-cloudy-day-drizzle', 'Light Drizzle', 'partly-cloudy-night-drizzle'],
  [53, 'Drizzle', 'drizzle', 'Drizzle', 'drizzle'],
  [55, 'Heavy Drizzle', 'drizzle', 'Heavy Drizzle', 'drizzle'],
  [56, 'Light Freezing Drizzle', 'partly-cloudy-day-sleet', 'Light Freezing Drizzle', 'partly-cloudy-night-sleet'],
  [57, 'Freezing Drizzle', 'sleet', 'Freezing Drizzle', 'sleet'],
  [61, 'Light Rain', 'partly-cloudy-day-rain', 'Light Rain', 'partly-cloudy-night-rain'],
  [63, 'Rain', 'rain', 'Rain', 'rain'],
  [65, 'Heavy Rain', 'rain', 'Heavy Rain', 'rain'],
  [66, 'Light Freezing Rain', 'partly-cloudy-day-sleet', 'Light Freezing Rain', 'partly-cloudy-night-sleet'],
  [67, 'Freezing Rain', 'sleet', 'Freezing Rain', 'sleet'],
  [71, 'Light Snow', 'partly-cloudy-day-snow', 'Light Snow', 'partly-cloudy-night-snow'],
  [73, 'Snow', 'snow', 'Snow', 'snow'],
  [75, 'Heavy Snow', 'snow', 'Heavy Snow', 'snow'],
  [77, 'Snow Grains', 'snow', 'Snow Grains', 'snow'],
  [80, 'Light Showers', 'partly-cloudy-day-rain', 'Light Showers', 'partly-cloudy-night-rain'],
  [81, 'Showers', 'rain', 'Showers', 'rain'],
  [82, 'Heavy Showers', 'rain', 'Heavy Showers', 'rain'],
  [85, 'Light Snow Showers', 'partly-cloudy-day-snow', 'Light Snow Showers', 'partly-cloudy-night-snow'],
  [86, 'Snow Showers', 'snow', 'Snow Showers', 'snow'],
  [95, 'Thunderstorm', 'thunderstorms-day', 'Thunderstorm', 'thunderstorms-night'],
  [
    96,
    'Light Thunderstorms With Hail',
    'thunderstorms-day-rain',
    'Light Thunderstorms With Hail',
    'thunderstorms-night-rain',
  ],
  [99, 'Thunderstorm With Hail', 'hail', 'Thunderstorm With Hail', 'hail'],
];

const iconName = (url: string) => url.split('/').pop()?.split('.svg')[0];

describe('weather codes', () => {
  it('covers exactly the WMO codes of docs/api.md#compatibility-promise', () => {
    expect(Object.keys(WEATHER_CODES).map(Number)).toEqual(EXPECTED.map(([code]) => code));
  });

  it.each(EXPECTED)('code %i: day %s, night %s', (code, dayText, dayIcon, nightText, nightIcon) => {
    const day = describeWeather(code, true);
    const night = describeWeather(code, false);
    expect(day.description).toBe(dayText);
    expect(night.description).toBe(nightText);
    expect(iconName(day.icon)).toBe(dayIcon);
    expect(iconName(night.icon)).toBe(nightIcon);
    expect(describeWeather(code)).toEqual(day);
  });

  it.each([4, 50, 100, -1, 2.5, null, undefined])("answers 'No description available' for %s", (code) => {
    expect(describeWeather(code, true)).toEqual(UNKNOWN_WEATHER);
    expect(describeWeather(code, false)).toEqual(UNKNOWN_WEATHER);
    expect(UNKNOWN_WEATHER.description).toBe('No description available');
    expect(iconName(UNKNOWN_WEATHER.icon)).toBe('not-available');
  });
});
