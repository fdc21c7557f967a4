/**
 * Unit conversions shared by the server and the web app (docs/api.md#weather-units). The API
 * answers in canonical units — °F, mph, inches, miles, hPa — and clients convert those numbers
 * for display with these functions, never by asking again. Pure and free of zod, so a page can
 * import `@site/contract/units` alone.
 */

export type TemperatureUnit = 'F' | 'C';
export type WindUnit = 'mph' | 'kmh' | 'ms' | 'kn';
export type PrecipitationUnit = 'in' | 'mm';
export type TimeFormat = '12h' | '24h';

export const TEMPERATURE_UNITS = ['F', 'C'] as const satisfies readonly TemperatureUnit[];
export const WIND_UNITS = ['mph', 'kmh', 'ms', 'kn'] as const satisfies readonly WindUnit[];
export const PRECIPITATION_UNITS = ['in', 'mm'] as const satisfies readonly PrecipitationUnit[];
export const TIME_FORMATS = ['12h', '24h'] as const satisfies readonly TimeFormat[];

/** Exact definitions: 1 mile = 1609.344 m, 1 inch = 25.4 mm, 1 knot = 1852 m/h. */
const METRES_PER_MILE = 1609.344;
const MM_PER_INCH = 25.4;
const METRES_PER_NAUTICAL_MILE = 1852;

export const fahrenheitToCelsius = (f: number) => ((f - 32) * 5) / 9;
export const celsiusToFahrenheit = (c: number) => (c * 9) / 5 + 32;
export const mphToKmh = (mph: number) => (mph * METRES_PER_MILE) / 1000;
export const mphToMetresPerSecond = (mph: number) => (mph * METRES_PER_MILE) / 3600;
export const mphToKnots = (mph: number) => (mph * METRES_PER_MILE) / METRES_PER_NAUTICAL_MILE;
export const inchesToMm = (inches: number) => inches * MM_PER_INCH;
export const milesToKm = (miles: number) => (miles * METRES_PER_MILE) / 1000;
/** Hectopascals to inches of mercury (1 inHg = 33.8639 hPa). */
export const hpaToInHg = (hpa: number) => hpa / 33.8639;

/** A temperature in °F (the API's unit) in the chosen unit; differences use `convertTemperatureDelta`. */
export function convertTemperature(fahrenheit: number, unit: TemperatureUnit): number {
  return unit === 'C' ? fahrenheitToCelsius(fahrenheit) : fahrenheit;
}

/** A temperature difference (a range bar's width, a trend) in °F, in the chosen unit: no 32° offset. */
export function convertTemperatureDelta(fahrenheit: number, unit: TemperatureUnit): number {
  return unit === 'C' ? (fahrenheit * 5) / 9 : fahrenheit;
}

/** A wind speed or gust in mph (the API's unit) in the chosen unit. */
export function convertWind(mph: number, unit: WindUnit): number {
  switch (unit) {
    case 'kmh':
      return mphToKmh(mph);
    case 'ms':
      return mphToMetresPerSecond(mph);
    case 'kn':
      return mphToKnots(mph);
    default:
      return mph;
  }
}

/** A precipitation amount in inches (the API's unit) in the chosen unit. */
export function convertPrecipitation(inches: number, unit: PrecipitationUnit): number {
  return unit === 'mm' ? inchesToMm(inches) : inches;
}

/** Visibility in miles (the API's unit): kilometres go with metric precipitation. */
export function convertVisibility(miles: number, unit: PrecipitationUnit): number {
  return unit === 'mm' ? milesToKm(miles) : miles;
}

/** Short labels for display: '°F', 'km/h', 'mm'. */
export const TEMPERATURE_LABELS: Record<TemperatureUnit, string> = { F: '°F', C: '°C' };
export const WIND_LABELS: Record<WindUnit, string> = { mph: 'mph', kmh: 'km/h', ms: 'm/s', kn: 'kn' };
export const PRECIPITATION_LABELS: Record<PrecipitationUnit, string> = { in: 'in', mm: 'mm' };
export const VISIBILITY_LABELS: Record<PrecipitationUnit, string> = { in: 'mi', mm: 'km' };

/** Decimals that suit each unit on a card: whole degrees and speeds, 0.01 in, 0.1 mm. */
export const PRECIPITATION_DIGITS: Record<PrecipitationUnit, number> = { in: 2, mm: 1 };

/** Round for display (avoids '-0'). */
export function roundTo(value: number, digits = 0): number {
  const f = 10 ** digits;
  const r = Math.round(value * f) / f;
  return Object.is(r, -0) ? 0 : r;
}
