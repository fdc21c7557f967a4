import { DEFAULT_PREFERENCES, WEATHER_UNIT_CHOICES, type WeatherPreferences } from '@site/contract';
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
  /** Beyond the seed: the °F/°C choice (kept for pages stored before every unit became a choice). */
  temperatureUnit: 'weatherTemperatureUnit',
  /** Every unit choice, as JSON in the shape of `WeatherPreferences`. */
  units: 'weatherUnits',
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

/**
 * The units this browser shows (docs/decisions.md#weather-units-as-a-preference): the stored
 * choice, else the seed's defaults with the older °F/°C choice when there is one. Anything
 * unreadable falls back to the defaults, one unit at a time.
 */
export function readWeatherUnits(): WeatherPreferences {
  const defaults = { ...DEFAULT_PREFERENCES.weather, temperature: readTemperatureUnit() };
  let stored: unknown;
  try {
    stored = JSON.parse(read(weatherStorageKeys.units) ?? 'null');
  } catch {
    return defaults;
  }
  if (typeof stored !== 'object' || stored === null) return defaults;
  // Keep what is valid of a partly broken value: each unit checked against its choices
  // (the values `weatherPreferencesSchema` allows, without loading zod with the page).
  const valid: Partial<Record<keyof WeatherPreferences, string>> = {};
  for (const [key, choices] of Object.entries(WEATHER_UNIT_CHOICES) as [
    keyof WeatherPreferences,
    readonly string[],
  ][]) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof value === 'string' && choices.includes(value)) valid[key] = value;
  }
  return { ...defaults, ...(valid as Partial<WeatherPreferences>) };
}

export function saveWeatherUnits(units: WeatherPreferences): void {
  write(weatherStorageKeys.units, JSON.stringify(units));
  saveTemperatureUnit(units.temperature);
}

/**
 * docs/product.md#saved-locations: logging in from the 'Login Required' popup reloads the page; this
 * one-shot marker (session storage, so only this tab) asks the weather page to search the stored
 * place again once it is back. It expires, so an abandoned log-in does not resurface later.
 */
const RESUME_KEY = 'weatherResumeSearch';
const RESUME_MAX_AGE_MS = 30 * 60_000;

export function markSearchToResume(now = Date.now()): void {
  try {
    sessionStorage.setItem(RESUME_KEY, String(now));
  } catch (error) {
    console.warn('Could not remember the search for after logging in', error);
  }
}

/** The stored place when a resume was asked for (and not too long ago); the marker is used up either way. */
export function takeSearchToResume(now = Date.now()): StoredWeatherLocation | null {
  let marked: string | null = null;
  try {
    marked = sessionStorage.getItem(RESUME_KEY);
    sessionStorage.removeItem(RESUME_KEY);
  } catch {
    return null;
  }
  const at = Number(marked);
  if (marked === null || !Number.isFinite(at) || now - at > RESUME_MAX_AGE_MS || at > now + 60_000) return null;
  return readWeatherLocation();
}
