import { type AirQuality, type AqiPollutant, aqiBand } from '@site/contract';
import { uniform } from '../prng.js';
import { epochDay } from '../time-zones.js';
import { mainPollutant } from './air-quality.js';
import { cell, clamp, type SyntheticDay } from './demo-physics.js';

/**
 * Demo air quality (docs/api.md#weather-hourly-alerts-and-air-quality): plausible concentrations
 * from the day's weather (still, dry days hold more; rain washes out; warm sun makes ozone), and
 * the US AQI worked out from them with the EPA's breakpoints, so the index, its band and the main
 * pollutant agree with the numbers shown. Denver's metro area has an "Air Quality Alert" level
 * (Unhealthy for Sensitive Groups) every day: ozone from April to September, fine particles
 * under the winter inversion the rest of the year (see demo-alerts.ts).
 */

type Breakpoints = ReadonlyArray<readonly [cLo: number, cHi: number, iLo: number, iHi: number]>;

/** EPA AQI breakpoints (PM2.5 as revised in 2024); gases in ppb (CO in ppm). */
const BREAKPOINTS: Record<AqiPollutant, { table: Breakpoints; digits: number; fromUgm3: (v: number) => number }> = {
  pm2_5: {
    digits: 1,
    fromUgm3: (v) => v,
    table: [
      [0, 9, 0, 50],
      [9.1, 35.4, 51, 100],
      [35.5, 55.4, 101, 150],
      [55.5, 125.4, 151, 200],
      [125.5, 225.4, 201, 300],
      [225.5, 325.4, 301, 500],
    ],
  },
  pm10: {
    digits: 0,
    fromUgm3: (v) => v,
    table: [
      [0, 54, 0, 50],
      [55, 154, 51, 100],
      [155, 254, 101, 150],
      [255, 354, 151, 200],
      [355, 424, 201, 300],
      [425, 604, 301, 500],
    ],
  },
  // 8-hour ozone; 25 °C: 1 ppb = 1.96 µg/m³.
  ozone: {
    digits: 0,
    fromUgm3: (v) => v / 1.96,
    table: [
      [0, 54, 0, 50],
      [55, 70, 51, 100],
      [71, 85, 101, 150],
      [86, 105, 151, 200],
      [106, 200, 201, 300],
    ],
  },
  nitrogen_dioxide: {
    digits: 0,
    fromUgm3: (v) => v / 1.88,
    table: [
      [0, 53, 0, 50],
      [54, 100, 51, 100],
      [101, 360, 101, 150],
      [361, 649, 151, 200],
      [650, 1249, 201, 300],
      [1250, 2049, 301, 500],
    ],
  },
  sulphur_dioxide: {
    digits: 0,
    fromUgm3: (v) => v / 2.62,
    table: [
      [0, 35, 0, 50],
      [36, 75, 51, 100],
      [76, 185, 101, 150],
      [186, 304, 151, 200],
      [305, 604, 201, 300],
      [605, 1004, 301, 500],
    ],
  },
  carbon_monoxide: {
    digits: 1,
    fromUgm3: (v) => v / 1145,
    table: [
      [0, 4.4, 0, 50],
      [4.5, 9.4, 51, 100],
      [9.5, 12.4, 101, 150],
      [12.5, 15.4, 151, 200],
      [15.5, 30.4, 201, 300],
      [30.5, 50.4, 301, 500],
    ],
  },
};

/** The EPA sub-index of a concentration in µg/m³ (truncated to the table's precision, as the EPA does). */
export function subIndex(pollutant: AqiPollutant, ugm3: number): number {
  const { table, digits, fromUgm3 } = BREAKPOINTS[pollutant];
  const f = 10 ** digits;
  const c = Math.floor(fromUgm3(ugm3) * f) / f;
  for (const [cLo, cHi, iLo, iHi] of table) {
    if (c <= cHi) return Math.round(((iHi - iLo) / (cHi - cLo)) * (Math.max(c, cLo) - cLo) + iLo);
  }
  return 500;
}

const DENVER = { lat: 39.74, lon: -104.99 };
/** Within about 60 km of downtown Denver. */
export const inDenverMetro = (lat: number, lon: number) =>
  Math.abs(lat - DENVER.lat) < 0.55 && Math.abs(lon - DENVER.lon) < 0.7;
/** April to September: ozone season. */
const ozoneSeason = (date: string) => {
  const month = Number(date.slice(5, 7));
  return month >= 4 && month <= 9;
};

export function demoAirQuality(lat: number, lon: number, today: SyntheticDay): AirQuality {
  const u = (k: number) => uniform(cell(lat), cell(lon), epochDay(today.date), 970 + k);
  const stagnation = clamp(1.4 - today.windMax / 40, 0.4, 1.4);
  const washout = today.precipMm > 2 ? 0.6 : 1;
  const round1 = (v: number) => Math.round(v * 10) / 10;
  const levels: Record<AqiPollutant, number> = {
    pm2_5: round1((3 + 9 * u(1)) * stagnation * washout),
    pm10: 0,
    ozone: Math.round(45 + 45 * clamp((today.tMax - 10) / 20, 0, 1) + 15 * u(3)),
    nitrogen_dioxide: round1(5 + 20 * u(4) * stagnation),
    sulphur_dioxide: round1(0.5 + 3 * u(5)),
    carbon_monoxide: Math.round(150 + 150 * u(6) * stagnation),
  };
  if (inDenverMetro(lat, lon)) {
    // The alert's level: 72–84 ppb of ozone, or 36–50 µg/m³ of PM2.5.
    if (ozoneSeason(today.date)) levels.ozone = Math.round((72 + 12 * u(7)) * 1.96);
    else levels.pm2_5 = round1(36 + 14 * u(7));
  }
  levels.pm10 = round1(levels.pm2_5 * (1.5 + u(2)));
  const indices = Object.fromEntries(
    (Object.keys(levels) as AqiPollutant[]).map((p) => [p, subIndex(p, levels[p])]),
  ) as Record<AqiPollutant, number>;
  const us_aqi = Math.max(...Object.values(indices));
  return {
    available: true,
    us_aqi,
    band: aqiBand(us_aqi),
    main_pollutant: mainPollutant(indices),
    ...levels,
  };
}
