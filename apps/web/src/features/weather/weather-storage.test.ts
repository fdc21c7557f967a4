import { describe, expect, it } from 'vitest';
import {
  markSearchToResume,
  readTemperatureUnit,
  readWeatherLocation,
  readWeatherUnits,
  saveTemperatureUnit,
  saveWeatherLocation,
  saveWeatherUnits,
  takeSearchToResume,
} from './weather-storage';

describe('weather storage', () => {
  it('keeps the searched place under the seed keys', () => {
    saveWeatherLocation({
      address: 'Denver, Colorado',
      lat: 39.74,
      lon: -104.98,
      timezone: 'America/Denver',
      country_code: 'us',
    });
    expect(localStorage.getItem('address')).toBe('Denver, Colorado');
    expect(localStorage.getItem('lat')).toBe('39.74');
    expect(localStorage.getItem('lon')).toBe('-104.98');
    expect(localStorage.getItem('timezone')).toBe('America/Denver');
    expect(localStorage.getItem('country_code')).toBe('us');
    expect(readWeatherLocation()).toEqual({
      address: 'Denver, Colorado',
      lat: 39.74,
      lon: -104.98,
      timezone: 'America/Denver',
      country_code: 'us',
    });
  });

  it('reads nothing when the stored values are missing or broken', () => {
    expect(readWeatherLocation()).toBeNull();
    saveWeatherLocation({ address: 'Somewhere', lat: 1, lon: 2, timezone: 'UTC', country_code: null });
    expect(readWeatherLocation()?.country_code).toBeNull();
    localStorage.setItem('lat', 'north');
    expect(readWeatherLocation()).toBeNull();
  });

  it('remembers °F or °C, °F by default', () => {
    expect(readTemperatureUnit()).toBe('F');
    saveTemperatureUnit('C');
    expect(readTemperatureUnit()).toBe('C');
    localStorage.setItem('weatherTemperatureUnit', 'K');
    expect(readTemperatureUnit()).toBe('F');
  });
});

describe('resuming a search after logging in', () => {
  const place = { address: 'Denver', lat: 39.74, lon: -104.98, timezone: 'America/Denver', country_code: 'us' };

  it('gives the stored place once, and only while the marker is fresh', () => {
    saveWeatherLocation(place);
    expect(takeSearchToResume()).toBeNull();
    markSearchToResume(1_000_000);
    expect(takeSearchToResume(1_000_000 + 60_000)).toEqual(place);
    expect(takeSearchToResume(1_000_000 + 60_000)).toBeNull();
    markSearchToResume(1_000_000);
    expect(takeSearchToResume(1_000_000 + 31 * 60_000)).toBeNull();
    sessionStorage.clear();
  });
});

describe('weather units in local storage', () => {
  it('defaults to the seed’s units, keeps an older °C choice, and keeps what is valid of a damaged value', () => {
    expect(readWeatherUnits()).toEqual({ temperature: 'F', wind: 'mph', precipitation: 'in', time: '12h' });
    localStorage.setItem('weatherTemperatureUnit', 'C');
    expect(readWeatherUnits().temperature).toBe('C');
    localStorage.setItem('weatherUnits', JSON.stringify({ temperature: 'F', wind: 'warp', time: '24h' }));
    expect(readWeatherUnits()).toEqual({ temperature: 'F', wind: 'mph', precipitation: 'in', time: '24h' });
    localStorage.setItem('weatherUnits', '{not json');
    expect(readWeatherUnits().wind).toBe('mph');
  });

  it('stores every unit', () => {
    const units = { temperature: 'C', wind: 'kn', precipitation: 'mm', time: '24h' } as const;
    saveWeatherUnits(units);
    expect(readWeatherUnits()).toEqual(units);
    expect(localStorage.getItem('weatherTemperatureUnit')).toBe('C');
  });
});
