/**
 * The weather app's limits, bands and display helpers as plain values and functions, free of zod:
 * the weather page imports them without weather.ts's schemas, which are built as their module is
 * evaluated (docs/decisions.md#main-thread-work-after-the-first-paint). weather.ts re-exports them.
 */

export const WEATHER_FAVORITES_MAX = 50;
export const FAVORITE_NICKNAME_MAX = 60;
export const FAVORITE_ADDRESS_MAX = 300;
export const WEATHER_FORMATTED_MAX = 300;
/** Forecast days: 7 unless `days` asks for 1–16 (Open-Meteo's longest forecast). */
export const FORECAST_DAYS_DEFAULT = 7;
export const FORECAST_DAYS_MAX = 16;
/** Hours in `hourly`, from the location's current hour: 48 unless `hours` asks for 1–384 (16 days). */
export const HOURLY_FORECAST_HOURS = 48;
export const HOURLY_FORECAST_HOURS_MAX = FORECAST_DAYS_MAX * 24;
/**
 * Known zone names resolved once to the runtime's spelling. Building an Intl.DateTimeFormat costs
 * ~50 µs and zone checks run per request and per geocoded place. Unknown names are not kept, and
 * the map starts over past a bound, so odd spellings sent by clients cannot grow it.
 */
const resolvedZones = new Map<string, string>();
const RESOLVED_ZONES_MAX = 2000;
function resolveZone(name: string): string | null {
  const hit = resolvedZones.get(name);
  if (hit !== undefined) return hit;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (resolvedZones.size >= RESOLVED_ZONES_MAX) resolvedZones.clear();
  resolvedZones.set(name, resolved);
  return resolved;
}

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** True for an IANA zone name this runtime knows ('Europe/Paris', 'UTC'); offsets like '+02:00' are not. */
export function isValidTimeZone(name: string): boolean {
  return ZONE_NAME.test(name) && resolveZone(name) !== null;
}

/**
 * The runtime's time-zone data (ICU/CLDR) keeps some zones under names the IANA database has
 * replaced: `resolvedOptions()` turns 'Asia/Kolkata' into 'Asia/Calcutta'. These are the IANA
 * names now in use (docs/api.md#time-zones).
 */
const CURRENT_ZONE_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Europe/Uzhgorod': 'Europe/Kyiv',
  'Europe/Zaporozhye': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/**
 * A valid zone's current IANA name in its canonical spelling ('america/new_york' →
 * 'America/New_York', 'Asia/Calcutta' → 'Asia/Kolkata'). Throws for a name the runtime does not know.
 */
export function canonicalTimeZone(name: string): string {
  const resolved = ZONE_NAME.test(name) ? resolveZone(name) : null;
  if (resolved === null) throw new RangeError(`Invalid time zone: ${name}`);
  return CURRENT_ZONE_NAMES[resolved] ?? resolved;
}

/** WHO/EPA UV index bands: 0–2 Low, 3–5 Moderate, 6–7 High, 8–10 Very High, 11+ Extreme. */
export const UV_BANDS = ['Low', 'Moderate', 'High', 'Very High', 'Extreme'] as const;
export type UvBand = (typeof UV_BANDS)[number];

/** The band of a UV index (rounded to a whole number first, as the index is published). */
export function uvBand(uvIndex: number): UvBand {
  const uv = Math.round(uvIndex);
  if (uv <= 2) return 'Low';
  if (uv <= 5) return 'Moderate';
  if (uv <= 7) return 'High';
  if (uv <= 10) return 'Very High';
  return 'Extreme';
}

/** EPA AQI categories: 0–50, 51–100, 101–150, 151–200, 201–300, 301+. */
export const AQI_BANDS = [
  'Good',
  'Moderate',
  'Unhealthy for Sensitive Groups',
  'Unhealthy',
  'Very Unhealthy',
  'Hazardous',
] as const;
export type AqiBand = (typeof AQI_BANDS)[number];

/** The EPA category of a US AQI value (rounded first, as the index is an integer). */
export function aqiBand(aqi: number): AqiBand {
  const v = Math.round(aqi);
  if (v <= 50) return 'Good';
  if (v <= 100) return 'Moderate';
  if (v <= 150) return 'Unhealthy for Sensitive Groups';
  if (v <= 200) return 'Unhealthy';
  if (v <= 300) return 'Very Unhealthy';
  return 'Hazardous';
}

/** Pollutants of the US AQI, by Open-Meteo's variable names. */
export const AQI_POLLUTANTS = [
  'pm2_5',
  'pm10',
  'ozone',
  'nitrogen_dioxide',
  'sulphur_dioxide',
  'carbon_monoxide',
] as const;
export type AqiPollutant = (typeof AQI_POLLUTANTS)[number];
/** Display names: 'PM2.5', 'Ozone (O₃)'. */
export const AQI_POLLUTANT_LABELS: Record<AqiPollutant, string> = {
  pm2_5: 'PM2.5',
  pm10: 'PM10',
  ozone: 'Ozone (O₃)',
  nitrogen_dioxide: 'Nitrogen dioxide (NO₂)',
  sulphur_dioxide: 'Sulphur dioxide (SO₂)',
  carbon_monoxide: 'Carbon monoxide (CO)',
};

/** CAP severity as the NWS sends it; anything else becomes 'Unknown'. Most severe first. */
export const ALERT_SEVERITIES = ['Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

// ---------------------------------------------------------------------------------------------
// Display helpers shared by server and web
// ---------------------------------------------------------------------------------------------

export const COMPASS_POINTS = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/** The 16-point compass label of a direction in degrees (22.5° each, docs/product.md#constants). */
export function compassPoint(degrees: number): CompassPoint {
  const index = Math.round((((degrees % 360) + 360) % 360) / 22.5) % 16;
  return COMPASS_POINTS[index] ?? 'N';
}
