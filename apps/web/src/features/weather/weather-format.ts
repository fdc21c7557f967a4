import { compassPoint, type Supplemental } from '@site/contract';
import { NO_VALUE } from '../../lib/format';

/** docs/product.md#constants: the server answers in °F, mph and inches; °C is a display choice made here. */
export type TemperatureUnit = 'F' | 'C';

type Reading = number | null | undefined;

const isNumber = (value: Reading): value is number => typeof value === 'number' && Number.isFinite(value);

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const fahrenheitToCelsius = (fahrenheit: number) => ((fahrenheit - 32) * 5) / 9;

/** `56.8` → `57°F`, or `14°C` in Celsius; whole degrees, like most forecasts. */
export function formatTemperature(fahrenheit: Reading, unit: TemperatureUnit): string {
  if (!isNumber(fahrenheit)) return NO_VALUE;
  const value = unit === 'C' ? fahrenheitToCelsius(fahrenheit) : fahrenheit;
  // Avoid "-0°C" for values that round to zero from below.
  const rounded = Math.round(value) === 0 ? 0 : value;
  return `${whole.format(rounded)}°${unit}`;
}

/** `8.14` → `8.1 mph` (wind stays in mph whatever the temperature unit). */
export function formatSpeed(mph: Reading): string {
  return isNumber(mph) ? `${oneDecimal.format(mph)} mph` : NO_VALUE;
}

/** `48` → `48%`. */
export function formatPercentage(value: Reading): string {
  return isNumber(value) ? `${whole.format(value)}%` : NO_VALUE;
}

/** docs/product.md#constants: inches to 2 decimals, `0.034` → `0.03 in`. */
export function formatPrecipitation(inches: Reading): string {
  return isNumber(inches) ? `${twoDecimals.format(inches)} in` : NO_VALUE;
}

/** docs/product.md#constants: the 16-point compass label of a wind direction in degrees, `285` → `WNW`. */
export function formatWindDirection(degrees: Reading): string {
  return isNumber(degrees) ? compassPoint(degrees) : NO_VALUE;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * A forecast day, `2026-11-21` → `Sat, Nov 21`. The date is the location's own calendar date, so
 * it is formatted as written, never moved through the browser's time zone.
 */
export function formatForecastDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match;
  const utc = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return Number.isNaN(utc.getTime()) ? date : DAY_FORMAT.format(utc);
}

/** Today's date (`YYYY-MM-DD`) in an IANA time zone; undefined when the zone is unknown here. */
export function todayIn(timeZone: string, now: Date = new Date()): string | undefined {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  } catch {
    return undefined;
  }
}

/** `39.73915, -104.9847` → `39.74°N, 104.98°W`. */
export function formatCoordinates(lat: number, lon: number): string {
  const la = `${Math.abs(lat).toFixed(2)}°${lat >= 0 ? 'N' : 'S'}`;
  const lo = `${Math.abs(lon).toFixed(2)}°${lon >= 0 ? 'E' : 'W'}`;
  return `${la}, ${lo}`;
}

export const NO_DETAILED_FORECAST = 'Detailed forecast is not available for this location.';
export const NO_DETAILED_FORECAST_OUTSIDE_US = 'Detailed forecast not available for locations outside of the US.';

/** A card's detailed forecast: the day's periods with text, else why there is none. */
export type DetailedForecastView =
  | { available: true; periods: { name: string; text: string }[] }
  | { available: false; text: string };

/**
 * docs/product.md#daily-forecast: the date's text-forecast periods in time order (e.g. 'Today' and
 * 'Tonight'), else why there are none — the National Weather Service only covers the US.
 */
export function detailedForecastFor(
  supplemental: Supplemental,
  date: string,
  countryCode: string | null,
): DetailedForecastView {
  const periods = (supplemental[date] ?? [])
    .map((period) => ({ name: period.name.trim(), text: period.detailedForecast.trim() }))
    .filter((period) => period.text !== '');
  if (periods.length > 0) return { available: true, periods };
  const outsideUs = countryCode !== null && countryCode !== '' && countryCode.toLowerCase() !== 'us';
  return { available: false, text: outsideUs ? NO_DETAILED_FORECAST_OUTSIDE_US : NO_DETAILED_FORECAST };
}
