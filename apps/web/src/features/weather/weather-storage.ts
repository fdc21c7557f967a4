import type { TemperatureUnit } from './weather-format';

/**
 * docs/api.md#compatibility-promise client storage: after a successful search the weather app keeps the place in local
 * storage (for the add-favorite form) under these keys. Log Out clears them with everything else.
 */
export const weatherStorageKeys = {
  address: 'address',
  lat: 'lat',
  lon: 'lon',
  timezone: 'timezone',
  countryCode: 'country_code',
  /** Beyond the seed: the °F/°C choice. */
  temperatureUnit: 'weatherTemperatureUnit',
} as const;

export interface StoredWeatherLocation {
  address: string;
  lat: number;
  lon: number;
  timezone: string;
  country_code: string | null;
}

// Storage can be unavailable (privacy modes, quotas); the app works without it.
function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`Could not store ${key}`, error);
  }
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function saveWeatherLocation(location: StoredWeatherLocation): void {
  write(weatherStorageKeys.address, location.address);
  write(weatherStorageKeys.lat, String(location.lat));
  write(weatherStorageKeys.lon, String(location.lon));
  write(weatherStorageKeys.timezone, location.timezone);
  write(weatherStorageKeys.countryCode, location.country_code ?? '');
}

/** The last place searched, or null when nothing (or something unreadable) is stored. */
export function readWeatherLocation(): StoredWeatherLocation | null {
  const address = read(weatherStorageKeys.address);
  const lat = Number(read(weatherStorageKeys.lat) ?? Number.NaN);
  const lon = Number(read(weatherStorageKeys.lon) ?? Number.NaN);
  const timezone = read(weatherStorageKeys.timezone);
  if (!address || !timezone || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { address, lat, lon, timezone, country_code: read(weatherStorageKeys.countryCode) || null };
}

export function readTemperatureUnit(): TemperatureUnit {
  return read(weatherStorageKeys.temperatureUnit) === 'C' ? 'C' : 'F';
}

export function saveTemperatureUnit(unit: TemperatureUnit): void {
  write(weatherStorageKeys.temperatureUnit, unit);
}
