import type { HourlyWeather } from '@site/contract';
import { uniform } from '../prng.js';
import { addDays, epochDay, isoInZone, localIsoTime, localTime } from '../time-zones.js';
import {
  apparentTemperature,
  cell,
  clamp,
  diurnalShare,
  hourTemperature,
  type SyntheticDay,
  skyCode,
} from './demo-physics.js';
import { solarElevation, sunriseSunset } from './sun.js';
import { HOURLY_HOURS } from './types.js';
import { celsiusToFahrenheit, kmhToMph, mmToInches } from './units.js';

/**
 * The demo model's hours (docs/api.md#weather-hourly-alerts-and-air-quality): every hour of a
 * date comes from that date's synthetic day, so the day's high and low are exactly the warmest
 * and coldest of its hours (06:00 is the low, 15:00 the high), its precipitation falls in a run
 * of wet hours whose chance is the day's, and wind and gusts stay within the day's maxima.
 */

export interface DemoHour {
  /** The hour's start, local ISO with offset. */
  time: string;
  entry: HourlyWeather;
  /** °C and %, for derived readings (dew point). */
  tempC: number;
  humidity: number;
}

/** Clear-sky UV from the sun's height, dimmed by cloud: about 12 with the sun overhead. */
function uvIndex(elevation: number, cloud: number, wet: boolean): number {
  if (elevation <= 0) return 0;
  const clear = 12 * Math.sin((elevation * Math.PI) / 180) ** 2.5;
  const dimmed = clear * (1 - 0.55 * (cloud / 100) ** 1.5) * (wet ? 0.6 : 1);
  return Math.round(dimmed * 10) / 10;
}

/** Which local hours of the day it precipitates in, and how many mm in each (summing to the day's). */
function wetHours(lat: number, lon: number, day: SyntheticDay): Map<number, number> {
  const out = new Map<number, number>();
  if (day.precipMm <= 0) return out;
  const seed = (k: number) => uniform(cell(lat), cell(lon), epochDay(day.date), 950 + k);
  const count = clamp(Math.round(2 + day.precipMm / 3), 2, 16);
  const start = Math.floor(seed(0) * 24);
  const weights = Array.from({ length: count }, (_, i) => 0.5 + seed(i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  weights.forEach((w, i) => {
    out.set((start + i) % 24, (day.precipMm * w) / total);
  });
  return out;
}

/**
 * Every hour 0–23 of `day.date` in `zone` (a DST gap's missing hour included, harmlessly);
 * `dayOf` gives the neighbouring days that shape the night and the evening.
 */
export function demoDayHours(
  lat: number,
  lon: number,
  day: SyntheticDay,
  zone: string,
  dayOf: (date: string) => SyntheticDay,
): DemoHour[] {
  const wet = wetHours(lat, lon, day);
  const neighbours = { previousMax: dayOf(addDays(day.date, -1)).tMax, nextMin: dayOf(addDays(day.date, 1)).tMin };
  // One offset for the whole day unless it has a DST change (zone look-ups are the costly part).
  const first = localIsoTime(day.date, 0, zone);
  const offset = first.slice(19);
  const steady = localIsoTime(day.date, 23, zone).slice(19) === offset;
  return Array.from({ length: 24 }, (_, hour) => {
    const time = steady
      ? `${day.date}T${String(hour).padStart(2, '0')}:00:00${offset}`
      : localIsoTime(day.date, hour, zone);
    const local = (k: number) => uniform(cell(lat), cell(lon), epochDay(day.date) * 24 + hour, 900 + k);
    const share = diurnalShare(hour);
    const tempC = hourTemperature(day, hour, neighbours);
    const cloudRaw = Math.round(clamp(day.cloud + 30 * (local(1) - 0.5), 0, 100));
    const rainMm = wet.get(hour) ?? 0;
    const fog = (day.code === 45 || day.code === 48) && (hour < 10 || hour >= 20);
    const cloud = rainMm > 0 || fog ? Math.max(cloudRaw, 80) : day.precipMm > 0 ? Math.max(cloudRaw, 45) : cloudRaw;
    const code = rainMm > 0 || fog ? day.code : skyCode(cloud);
    const windKmh = day.windMax * (0.4 + 0.35 * share + 0.15 * local(3));
    const gustKmh = Math.min(day.gustMax, windKmh * (1.4 + 0.3 * local(4)) + 2);
    const humidity = Math.round(clamp(day.humidity + 18 * (0.5 - share) + 6 * (local(5) - 0.5), 8, 100));
    // The day's chance peaks in its wet hours (or mid-afternoon when dry): the daily value is the hours' maximum.
    const probability =
      rainMm > 0
        ? day.probability
        : Math.round(day.probability * (day.precipMm > 0 ? 0.3 + 0.4 * share : 0.6 + 0.4 * share));
    const middle = Date.parse(time) + 30 * 60_000;
    // Up when above −0.83° (refraction and the disc), as isSunUp decides.
    const elevation = solarElevation(lat, lon, middle);
    return {
      time,
      tempC,
      humidity,
      entry: {
        time,
        temperature: celsiusToFahrenheit(tempC),
        feels_like: celsiusToFahrenheit(apparentTemperature(tempC, humidity, windKmh)),
        precipitation_probability: probability,
        precipitation: rainMm > 0 ? Math.max(0.001, mmToInches(rainMm)) : 0,
        wind_speed: kmhToMph(windKmh),
        wind_direction: Math.round((((day.windDir + 40 * (local(6) - 0.5)) % 360) + 360) % 360),
        wind_gusts: kmhToMph(gustKmh),
        weather_code: code,
        is_day: elevation > -0.83 ? 'day' : 'night',
        uv_index: uvIndex(elevation, cloud, rainMm > 0),
      },
    };
  });
}

/**
 * `count` (48) hours from the current local hour: `hoursOf(date)` gives each date's `demoDayHours`.
 * Stepping by instants (not wall hours) keeps DST right: a repeated hour appears twice with its
 * two offsets, a skipped one not at all.
 */
export function demoHourly(
  zone: string,
  now: number,
  hoursOf: (date: string) => DemoHour[],
  count = HOURLY_HOURS,
): DemoHour[] {
  const { hour } = localTime(now, zone);
  const start = Math.floor(now / 60_000) * 60_000 - Math.round((hour % 1) * 60) * 60_000;
  const out: DemoHour[] = [];
  for (let i = 0; i < count; i++) {
    const instant = start + i * 3_600_000;
    const at = localTime(instant, zone);
    const h = hoursOf(at.date)[Math.floor(at.hour)] as DemoHour;
    // The instant's own offset: the same wall hour twice on the autumn DST night.
    const time = isoInZone(instant, zone);
    out.push({ ...h, time, entry: { ...h.entry, time } });
  }
  return out;
}

/** Sunrise and sunset of a local date as local ISO times; null in polar day or night. */
export function demoSunTimes(lat: number, lon: number, date: string, zone: string) {
  const times = sunriseSunset(lat, lon, Date.parse(localIsoTime(date, 12, zone)));
  return {
    sunrise: times ? isoInZone(times.sunrise, zone) : null,
    sunset: times ? isoInZone(times.sunset, zone) : null,
  };
}
