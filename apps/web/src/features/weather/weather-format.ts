import { compassPoint, type Supplemental } from '@site/contract';
import {
  convertPrecipitation,
  convertTemperature,
  convertVisibility,
  convertWind,
  hpaToInHg,
  PRECIPITATION_LABELS,
  type PrecipitationUnit,
  type TemperatureUnit,
  type TimeFormat,
  VISIBILITY_LABELS,
  WIND_LABELS,
  type WindUnit,
} from '@site/contract/units';
import { NO_VALUE } from '../../lib/format';
import { madeOnce } from '../../lib/made-once';

/**
 * docs/product.md#constants: the server answers in °F, mph and inches; other units are display
 * choices made here with the contract's conversions (docs/api.md#weather-units), never a new call.
 */
export type { TemperatureUnit };

type Reading = number | null | undefined;

const isNumber = (value: Reading): value is number => typeof value === 'number' && Number.isFinite(value);

const oneDecimal = madeOnce(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }));
const twoDecimals = madeOnce(
  () => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const whole = madeOnce(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));

/** Whole degrees in the chosen unit, without "-0". */
function degrees(fahrenheit: number, unit: TemperatureUnit): string {
  const value = Math.round(convertTemperature(fahrenheit, unit));
  return whole().format(value === 0 ? 0 : value);
}

/** `56.8` → `57°F`, or `14°C` in Celsius; whole degrees, like most forecasts. */
export function formatTemperature(fahrenheit: Reading, unit: TemperatureUnit): string {
  return isNumber(fahrenheit) ? `${degrees(fahrenheit, unit)}°${unit}` : NO_VALUE;
}

/** `56.8` → `57°`: the short form of tight places (the hourly strip, the daily list). */
export function formatDegrees(fahrenheit: Reading, unit: TemperatureUnit): string {
  return isNumber(fahrenheit) ? `${degrees(fahrenheit, unit)}°` : NO_VALUE;
}

/** `8.14` → `8.1 mph`, `13.1 km/h`, `3.6 m/s` or `7.1 kn`. */
export function formatSpeed(mph: Reading, unit: WindUnit = 'mph'): string {
  return isNumber(mph) ? `${oneDecimal().format(convertWind(mph, unit))} ${WIND_LABELS[unit]}` : NO_VALUE;
}

/** Whole units for the hourly strip: `8.14` → `8 mph`. */
export function formatSpeedWhole(mph: Reading, unit: WindUnit = 'mph'): string {
  return isNumber(mph) ? `${whole().format(convertWind(mph, unit))} ${WIND_LABELS[unit]}` : NO_VALUE;
}

/**
 * The unit family of visibility and pressure, which have no choice of their own: US units (miles,
 * inHg) only while the reader keeps both °F and inches; choosing °C or millimetres brings km and hPa.
 */
export function distanceUnitOf(units: { temperature: TemperatureUnit; precipitation: PrecipitationUnit }) {
  return units.temperature === 'F' && units.precipitation === 'in' ? 'in' : 'mm';
}

/** Visibility in miles, or kilometres in metric units (`distanceUnitOf`): `9.94` → `9.9 mi`, `16 km`. */
export function formatVisibility(miles: Reading, unit: PrecipitationUnit = 'in'): string {
  return isNumber(miles)
    ? `${oneDecimal().format(convertVisibility(miles, unit))} ${VISIBILITY_LABELS[unit]}`
    : NO_VALUE;
}

/** Sea-level pressure: inches of mercury beside inches of rain, hectopascals beside millimetres. */
export function formatPressure(hpa: Reading, unit: PrecipitationUnit = 'in'): string {
  if (!isNumber(hpa)) return NO_VALUE;
  return unit === 'in' ? `${twoDecimals().format(hpaToInHg(hpa))} inHg` : `${whole().format(hpa)} hPa`;
}

/** `48` → `48%`. */
export function formatPercentage(value: Reading): string {
  return isNumber(value) ? `${whole().format(value)}%` : NO_VALUE;
}

const oneDecimalFixed = madeOnce(
  () => new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);

/** docs/product.md#constants: inches to 2 decimals, `0.034` → `0.03 in`; millimetres to 1, `0.9 mm`. */
export function formatPrecipitation(inches: Reading, unit: PrecipitationUnit = 'in'): string {
  if (!isNumber(inches)) return NO_VALUE;
  const format = unit === 'in' ? twoDecimals() : oneDecimalFixed();
  return `${format.format(convertPrecipitation(inches, unit))} ${PRECIPITATION_LABELS[unit]}`;
}

// ---------------------------------------------------------------------------------------------
// Times. The API writes local times as ISO 8601 with the place's offset ('2026-11-21T14:00:00-07:00'),
// so the place's clock reading is the text itself: it is read, never moved through the browser's zone.
// ---------------------------------------------------------------------------------------------

const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/;

/** The local date (YYYY-MM-DD) of an API time, or null when it is not one. */
export function localDateOf(iso: string): string | null {
  return LOCAL_TIME.exec(iso)?.[1] ?? null;
}

/** The place's clock time of an API time: `…T15:05…` → `3:05 PM` or `15:05`. */
export function formatLocalTime(iso: string | null | undefined, format: TimeFormat): string {
  const match = iso ? LOCAL_TIME.exec(iso) : null;
  if (!match) return NO_VALUE;
  const hour = Number(match[2]);
  const minute = match[3];
  if (format === '24h') return `${match[2]}:${minute}`;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** An hour of the strip: `…T15:00…` → `3 PM` or `15:00`. */
export function formatLocalHour(iso: string, format: TimeFormat): string {
  const match = LOCAL_TIME.exec(iso);
  if (!match) return NO_VALUE;
  const hour = Number(match[2]);
  if (format === '24h') return `${match[2]}:00`;
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * An instant (an alert's times, 'updated at') on the place's clock with its zone's abbreviation:
 * `Sat, Nov 21, 3:05 PM MST`. Falls back to the text when the zone or time is unknown here.
 */
export function formatInstant(iso: string, timeZone: string, format: TimeFormat, withDate = true): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      ...(withDate ? { weekday: 'short', month: 'short', day: 'numeric' } : {}),
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: format === '24h' ? 'h23' : 'h12',
      timeZoneName: 'short',
    }).format(when);
  } catch {
    return iso;
  }
}

/** docs/product.md#constants: the 16-point compass label of a wind direction in degrees, `285` → `WNW`. */
export function formatWindDirection(degrees: Reading): string {
  return isNumber(degrees) ? compassPoint(degrees) : NO_VALUE;
}

const DAY_FORMAT = madeOnce(
  () =>
    new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }),
);

/**
 * A forecast day, `2026-11-21` → `Sat, Nov 21`. The date is the location's own calendar date, so
 * it is formatted as written, never moved through the browser's time zone.
 */
export function formatForecastDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match;
  const utc = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return Number.isNaN(utc.getTime()) ? date : DAY_FORMAT().format(utc);
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
