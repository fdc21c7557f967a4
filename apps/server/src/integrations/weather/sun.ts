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
