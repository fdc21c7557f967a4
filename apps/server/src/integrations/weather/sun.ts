import { dayOfYear } from '../time-zones.js';

/** Is the sun up at `instant` at this point? Declination + hour angle; polar day and night included. */
export function isSunUp(lat: number, lon: number, instant: number): boolean {
  const date = new Date(instant);
  const doy = dayOfYear(date.toISOString().slice(0, 10));
  const declination = ((23.44 * Math.PI) / 180) * Math.sin((2 * Math.PI * (284 + doy)) / 365);
  const phi = (lat * Math.PI) / 180;
  // −0.83° for refraction and the sun's disc.
  const cosH =
    (Math.sin((-0.83 * Math.PI) / 180) - Math.sin(phi) * Math.sin(declination)) /
    (Math.cos(phi) * Math.cos(declination));
  if (cosH <= -1) return true;
  if (cosH >= 1) return false;
  const halfDayHours = (Math.acos(cosH) * 180) / Math.PI / 15;
  const utcHours = (instant % 86_400_000) / 3_600_000;
  const solarNoonUtc = 12 - lon / 15;
  const fromNoon = ((((utcHours - solarNoonUtc) % 24) + 36) % 24) - 12;
  return Math.abs(fromNoon) < halfDayHours;
}

const RAD = Math.PI / 180;
const declinationOf = (instant: number) =>
  23.44 * RAD * Math.sin((2 * Math.PI * (284 + dayOfYear(new Date(instant).toISOString().slice(0, 10)))) / 365);

/** The sun's elevation above the horizon at `instant`, degrees (same simple model as `isSunUp`). */
export function solarElevation(lat: number, lon: number, instant: number): number {
  const declination = declinationOf(instant);
  const utcHours = (instant % 86_400_000) / 3_600_000;
  const hourAngle = (utcHours - (12 - lon / 15)) * 15 * RAD;
  const phi = lat * RAD;
  const sinElevation =
    Math.sin(phi) * Math.sin(declination) + Math.cos(phi) * Math.cos(declination) * Math.cos(hourAngle);
  return Math.asin(Math.max(-1, Math.min(1, sinElevation))) / RAD;
}

/**
 * Sunrise and sunset (ms) around the solar noon nearest `localNoon` (the place's clock noon on a
 * date); null in polar day or night. Agrees with `isSunUp` (−0.83°), no equation of time.
 */
export function sunriseSunset(lat: number, lon: number, localNoon: number): { sunrise: number; sunset: number } | null {
  const dayStart = Math.floor(localNoon / 86_400_000) * 86_400_000;
  const solarNoon = [-1, 0, 1]
    .map((k) => dayStart + k * 86_400_000 + (12 - lon / 15) * 3_600_000)
    .reduce((best, t) => (Math.abs(t - localNoon) < Math.abs(best - localNoon) ? t : best));
  const declination = declinationOf(solarNoon);
  const phi = lat * RAD;
  const cosH =
    (Math.sin(-0.83 * RAD) - Math.sin(phi) * Math.sin(declination)) / (Math.cos(phi) * Math.cos(declination));
  if (cosH <= -1 || cosH >= 1) return null;
  const halfDayMs = Math.round((Math.acos(cosH) / RAD / 15) * 3_600_000);
  return { sunrise: solarNoon - halfDayMs, sunset: solarNoon + halfDayMs };
}
