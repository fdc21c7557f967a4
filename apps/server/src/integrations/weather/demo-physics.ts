/**
 * Small physical helpers of the demo weather model (demo-weather.ts) shared by its parts:
 * hours, air quality and alerts (docs/architecture.md#data-and-configuration).
 */

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Rounded coordinates key the local noise: ~1 km cells. */
export const cell = (v: number) => Math.round(v * 100);

/** One synthetic day in °C, km/h and mm (the model's working units). */
export interface SyntheticDay {
  date: string;
  tMax: number;
  tMin: number;
  humidity: number;
  cloud: number;
  precipMm: number;
  probability: number;
  windMax: number;
  gustMax: number;
  windDir: number;
  code: number;
}

/** Australian apparent temperature (Steadman), as Open-Meteo uses: °C, % and km/h in, °C out. */
export function apparentTemperature(tempC: number, humidity: number, windKmh: number): number {
  const vapour = (humidity / 100) * 6.105 * Math.exp((17.27 * tempC) / (237.7 + tempC));
  return tempC + 0.33 * vapour - 0.7 * (windKmh / 3.6) - 4;
}

/** Dew point (Magnus formula), °C from °C and %. */
export function dewPoint(tempC: number, humidity: number): number {
  const gamma = Math.log(Math.max(1, humidity) / 100) + (17.62 * tempC) / (243.12 + tempC);
  return (243.12 * gamma) / (17.62 - gamma);
}

/** Where between the day's low (sunrise) and high (mid-afternoon) the temperature is at a local hour. */
export function diurnalShare(hour: number): number {
  if (hour >= 6 && hour < 15) return 0.5 - 0.5 * Math.cos((Math.PI * (hour - 6)) / 9);
  const h = hour < 6 ? hour + 24 : hour;
  return 0.5 + 0.5 * Math.cos((Math.PI * (h - 15)) / 15);
}

/**
 * The temperature at a local hour of `day`, °C. Nights run from the previous afternoon's high
 * down to this morning's low (06:00), days up to this afternoon's high (15:00), evenings down
 * towards tomorrow's low, so midnight does not jump. Values stay within the day's own low and
 * high, which 06:00 and 15:00 reach exactly: a day's hours have exactly its low and high.
 */
export function hourTemperature(
  day: Pick<SyntheticDay, 'tMin' | 'tMax'>,
  hour: number,
  neighbours: { previousMax?: number; nextMin?: number } = {},
): number {
  const share = diurnalShare(hour);
  if (share <= 0) return day.tMin;
  if (share >= 1) return day.tMax;
  let t: number;
  if (hour < 6) t = day.tMin + ((neighbours.previousMax ?? day.tMax) - day.tMin) * share;
  else if (hour >= 15) {
    const low = neighbours.nextMin ?? day.tMin;
    t = low + (day.tMax - low) * share;
  } else t = day.tMin + (day.tMax - day.tMin) * share;
  return clamp(t, day.tMin, day.tMax);
}

export function skyCode(cloud: number): number {
  if (cloud < 20) return 0;
  if (cloud < 45) return 1;
  if (cloud < 75) return 2;
  return 3;
}
