import {
  type CurrentDetails,
  type CurrentWeather,
  compassPoint,
  type DailyDetails,
  type DailyWeather,
  type DetailedForecast,
  type Supplemental,
  uvBand,
} from '@site/contract';
import { normal, uniform } from '../prng.js';
import { addDays, dayOfYear, epochDay, localIsoTime, localTime } from '../time-zones.js';
import { demoAirQuality } from './demo-air-quality.js';
import { demoAlerts } from './demo-alerts.js';
import { type DemoHour, demoDayHours, demoHourly, demoSunTimes } from './demo-hourly.js';
import {
  apparentTemperature,
  cell,
  clamp,
  dewPoint,
  diurnalShare,
  hourTemperature,
  type SyntheticDay,
  skyCode,
} from './demo-physics.js';
import { isSunUp } from './sun.js';
import {
  FORECAST_DAYS,
  type Forecast,
  type ForecastRequest,
  NWS_COUNTRIES,
  pressureTrend,
  SOURCE_NAMES,
  type WeatherProvider,
} from './types.js';
import { celsiusToFahrenheit, kmhToMph, mmToInches } from './units.js';

export { apparentTemperature } from './demo-physics.js';

/**
 * Offline weather (docs/architecture.md#data-and-configuration): a deterministic synthetic forecast from latitude, longitude, season
 * and date. Large-scale "weather systems" come from seeded noise on a coarse grid that drifts
 * smoothly from day to day, so neighbouring places and consecutive days look related, and the
 * same place and day always give the same answer. Values are computed in °C, km/h and mm and
 * returned in °F, mph and inches like the live source.
 */

// Seeded randomness: pure functions of integer coordinates, shared with the demo market (../prng.ts).
const gaussian = normal;

const GRID_DEGREES = 5;
/** Smooth large-scale noise (≈ N(0,1)) at a point and day: bilinear over a 5° grid, averaged over neighbouring days. */
function synoptic(stream: number, lat: number, lon: number, day: number): number {
  const gx = (lon + 180) / GRID_DEGREES;
  const gy = (lat + 90) / GRID_DEGREES;
  const x0 = Math.floor(gx);
  const y0 = Math.floor(gy);
  const fx = gx - x0;
  const fy = gy - y0;
  const cells = Math.round(360 / GRID_DEGREES);
  const at = (x: number, y: number) => {
    const wx = ((x % cells) + cells) % cells; // wrap around the date line
    const n = (d: number) => gaussian(stream, wx, y, d);
    return 0.25 * n(day - 1) + 0.5 * n(day) + 0.25 * n(day + 1);
  };
  const v =
    at(x0, y0) * (1 - fx) * (1 - fy) +
    at(x0 + 1, y0) * fx * (1 - fy) +
    at(x0, y0 + 1) * (1 - fx) * fy +
    at(x0 + 1, y0 + 1) * fx * fy;
  // Day smoothing leaves σ≈0.61 and bilinear mixing ≈0.5–1 of that: scale back to about 1.
  return v / 0.5;
}

// ----- climate ----------------------------------------------------------------------------

interface Climate {
  /** Annual mean temperature, °C. */
  mean: number;
  /** Half the difference between the warmest and coldest month, °C. */
  amplitude: number;
  /** Below 1 by the sea, above 1 deep inside continents. */
  continentality: number;
  /** 0–1: how often it is wet. */
  wetness: number;
  /** Extra diurnal range in dry, continental places, °C. */
  dryness: number;
}

const inBox = (lat: number, lon: number, lat1: number, lat2: number, lon1: number, lon2: number) =>
  lat >= lat1 && lat <= lat2 && lon >= lon1 && lon <= lon2;

export function climateAt(lat: number, lon: number): Climate {
  const a = Math.abs(lat);
  let mean = 26 - 0.0075 * lat * lat;
  // Subtropical deserts run warm; the North Atlantic drift and the Pacific warm western coasts.
  mean += 2.5 * Math.exp(-(((a - 25) / 8) ** 2));
  if (inBox(lat, lon, 43, 72, -30, 30)) mean += 4.5 + 0.25 * Math.max(0, lat - 45);
  if (inBox(lat, lon, 40, 62, -135, -120)) mean += 2;

  // Continentality: interiors swing more between seasons than coasts and the southern oceans.
  let continentality = 1;
  if (lat < 0) continentality = inBox(lat, lon, -32, -18, 118, 146) ? 1.1 : 0.7;
  else if (inBox(lat, lon, 35, 75, 40, 140)) continentality = 1.4;
  else if (inBox(lat, lon, 35, 70, -115, -82)) continentality = 1.35;
  else if (inBox(lat, lon, 30, 60, -82, -55) || inBox(lat, lon, 30, 60, 118, 146)) continentality = 1.25;
  else if (inBox(lat, lon, 43, 55, -30, 15) || inBox(lat, lon, 55, 72, -30, 20)) continentality = 0.55;
  else if (inBox(lat, lon, 35, 62, -135, -115)) continentality = 0.6;
  const amplitude = Math.min(19, 0.24 * a * continentality);

  // Wet tropics and mid-latitude storm belts, dry subtropical deserts and poles.
  const wetness = clamp(
    0.15 +
      0.5 * Math.exp(-((a / 12) ** 2)) +
      0.35 * Math.exp(-(((a - 52) / 14) ** 2)) -
      0.12 * Math.exp(-(((a - 25) / 7) ** 2)),
    0.08,
    0.7,
  );
  const dryness = clamp((0.45 - wetness) * 12, 0, 4) + (continentality > 1.2 ? 1.5 : 0);
  return { mean, amplitude, continentality, wetness, dryness };
}

/** Fraction of the day the sun is up (0 in polar night, 1 in polar day). */
export function dayLengthFraction(lat: number, doy: number): number {
  const declination = ((23.44 * Math.PI) / 180) * Math.sin((2 * Math.PI * (284 + doy)) / 365);
  const cosH = -Math.tan((lat * Math.PI) / 180) * Math.tan(declination);
  if (cosH <= -1) return 1;
  if (cosH >= 1) return 0;
  return Math.acos(cosH) / Math.PI;
}

/** −1 in the depth of winter, +1 at the height of summer (either hemisphere). */
function seasonFactor(lat: number, doy: number): number {
  const northern = -Math.cos((2 * Math.PI * (doy - 20)) / 365.25);
  return lat >= 0 ? northern : -northern;
}

// ----- one day ----------------------------------------------------------------------------

const STREAM = { temp: 11, wet: 12, wind: 13, dir: 14, local: 15, pressure: 16 } as const;

export function syntheticDay(lat: number, lon: number, date: string): SyntheticDay {
  const day = epochDay(date);
  const doy = dayOfYear(date);
  const climate = climateAt(lat, lon);
  const a = Math.abs(lat);
  const local = (k: number) => uniform(cell(lat), cell(lon), day, STREAM.local * 100 + k);

  const tempNoise = synoptic(STREAM.temp, lat, lon, day);
  const wetNoise = synoptic(STREAM.wet, lat, lon, day);
  const windNoise = synoptic(STREAM.wind, lat, lon, day);
  const dirNoise = synoptic(STREAM.dir, lat, lon, day);

  const season = seasonFactor(lat, doy);
  const variability = 1.5 + 2.5 * Math.min(1, a / 45);
  const tMean = climate.mean + climate.amplitude * season + variability * tempNoise + (local(1) - 0.5);

  // Cloud and rain: the wetter the climate and the stronger the day's wet anomaly, the more.
  const cloud = Math.round(clamp(48 + 28 * wetNoise + 70 * (climate.wetness - 0.4) + 16 * (local(2) - 0.5), 0, 100));
  const probability = Math.round(clamp((cloud - 38) * 1.35 + 8 * wetNoise, 0, 100));
  let precipMm = 0;
  if (local(3) < (probability / 100) * 0.9 && cloud >= 45) {
    // Skewed amounts; warm air holds more water.
    const intensity = 1.5 + 0.22 * Math.max(0, tMean) + 6 * climate.wetness;
    precipMm = clamp(0.3 + -Math.log(local(4)) * intensity * (0.6 + 0.5 * Math.max(0, wetNoise)), 0.3, 80);
  }

  // Day-night range: large under clear, dry, continental skies; small by the sea, under cloud and
  // in the polar night.
  let range = 11 + climate.dryness - 0.06 * cloud - (precipMm > 0 ? 1.5 : 0) - (a < 15 ? 2 : 0);
  range *= clamp(0.55 + 0.35 * climate.continentality, 0.7, 1.1);
  range *= 0.35 + 0.65 * Math.min(1, dayLengthFraction(lat, doy) / 0.5);
  range = clamp(range, 2, 17);
  const tMax = tMean + range / 2;
  const tMin = tMean - range / 2;

  const humidity = Math.round(
    clamp(62 + 18 * (climate.wetness - 0.4) * 2 + 0.25 * (cloud - 50) + (precipMm > 0 ? 10 : 0), 15, 98),
  );

  // Windier in the mid-latitude storm belts and on wet, stormy days.
  const baseWind = 9 + 10 * Math.exp(-(((a - 50) / 16) ** 2)) + 3 * Math.exp(-(((a - 15) / 8) ** 2));
  const windMax = clamp(baseWind * (1 + 0.35 * windNoise) + 4 * Math.max(0, wetNoise) + 6 * (local(5) - 0.5), 3, 90);
  const gustMax = windMax * (1.45 + 0.35 * local(6)) + 3;
  // Trade-wind easterlies, mid-latitude westerlies, polar easterlies; the day's systems turn them.
  const prevailing = a < 30 ? (lat >= 0 ? 60 : 120) : a < 62 ? (lat >= 0 ? 250 : 290) : 90;
  const windDir = Math.round((((prevailing + 70 * dirNoise + 30 * (local(7) - 0.5)) % 360) + 360) % 360);

  // Weather code consistent with the numbers: a precipitation code exactly when it precipitates.
  let code: number;
  if (precipMm > 0) {
    const u = local(8);
    if (tMax <= 1.5 || tMean <= 0) {
      if (u < 0.15 && tMax > -2) code = precipMm < 4 ? 85 : 86;
      else if (u > 0.97) code = 77;
      else code = precipMm < 2 ? 71 : precipMm < 8 ? 73 : 75;
    } else if (tMin < -0.5 && tMax < 4 && u < 0.3) {
      code = precipMm < 1 ? (u < 0.1 ? 56 : 66) : u < 0.1 ? 57 : 67;
    } else if (tMax >= 22 && precipMm >= 5 && u < 0.4) {
      code = precipMm > 25 && u < 0.05 ? 99 : precipMm > 15 && u < 0.1 ? 96 : 95;
    } else if (precipMm < 1 && u < 0.5) {
      code = precipMm < 0.5 ? 51 : u < 0.25 ? 53 : 55;
    } else if (tMax >= 15 && u < 0.55) {
      code = precipMm < 2.5 ? 80 : precipMm < 10 ? 81 : 82;
    } else {
      code = precipMm < 2.5 ? 61 : precipMm < 10 ? 63 : 65;
    }
  } else if (cloud >= 55 && humidity >= 85 && windMax < 12 && local(9) < 0.5) {
    code = tMin < 0 ? 48 : 45;
  } else {
    code = skyCode(cloud);
  }

  return {
    date,
    tMax,
    tMin,
    humidity,
    cloud,
    precipMm,
    probability: precipMm > 0 ? Math.max(probability, 25) : probability,
    windMax,
    gustMax,
    windDir,
    code,
  };
}

function toDaily(d: SyntheticDay): DailyWeather {
  const windAtHigh = d.windMax * 0.6;
  return {
    date: d.date,
    temperature_2m_max: celsiusToFahrenheit(d.tMax),
    temperature_2m_min: celsiusToFahrenheit(d.tMin),
    apparent_temperature_max: celsiusToFahrenheit(
      apparentTemperature(d.tMax, clamp(d.humidity - 15, 10, 100), windAtHigh),
    ),
    apparent_temperature_min: celsiusToFahrenheit(
      apparentTemperature(d.tMin, clamp(d.humidity + 12, 10, 100), windAtHigh * 0.6),
    ),
    precipitation_probability_max: d.probability,
    precipitation_sum: d.precipMm > 0 ? Math.max(0.01, mmToInches(d.precipMm, 2)) : 0,
    wind_speed_10m_max: kmhToMph(d.windMax),
    wind_gusts_10m_max: kmhToMph(d.gustMax),
    weather_code: d.code,
  };
}

function currentConditions(
  lat: number,
  lon: number,
  today: SyntheticDay,
  hour: number,
  instant: number,
  neighbours: { previousMax: number; nextMin: number },
): CurrentWeather {
  const h = Math.floor(hour);
  const local = (k: number) => uniform(cell(lat), cell(lon), epochDay(today.date) * 24 + h, 900 + k);
  const share = diurnalShare(hour);
  // The same curve as the hours (demo-hourly.ts), so now sits between this hour and the next.
  const temp = hourTemperature(today, hour, neighbours);
  const cloud = Math.round(clamp(today.cloud + 30 * (local(1) - 0.5), 0, 100));
  const wetNow = today.precipMm > 0 && local(2) < clamp(0.35 + today.precipMm / 20, 0.35, 0.9);
  const code = wetNow ? today.code : today.code === 45 || today.code === 48 ? today.code : skyCode(cloud);
  // Afternoons are breezier than nights.
  const wind = today.windMax * (0.4 + 0.35 * share + 0.15 * local(3));
  const gusts = Math.min(today.gustMax, wind * (1.4 + 0.3 * local(4)) + 2);
  const humidity = Math.round(clamp(today.humidity + 18 * (0.5 - share) + 6 * (local(5) - 0.5), 8, 100));
  return {
    temperature: celsiusToFahrenheit(temp),
    feelsLike: celsiusToFahrenheit(apparentTemperature(temp, humidity, wind)),
    cloud_cover: code === 0 ? Math.min(cloud, 19) : code >= 45 ? Math.max(cloud, 75) : cloud,
    relative_humidity: humidity,
    wind_speed: kmhToMph(wind),
    wind_direction: Math.round((((today.windDir + 40 * (local(6) - 0.5)) % 360) + 360) % 360),
    wind_gusts: kmhToMph(gusts),
    code,
    is_day: isSunUp(lat, lon, instant) ? 'day' : 'night',
  };
}

// ----- NWS-style text forecasts (US only, like the live source) --------------------------------

const DIRECTION_WORDS: Record<string, string> = {
  N: 'North',
  NNE: 'North northeast',
  NE: 'Northeast',
  ENE: 'East northeast',
  E: 'East',
  ESE: 'East southeast',
  SE: 'Southeast',
  SSE: 'South southeast',
  S: 'South',
  SSW: 'South southwest',
  SW: 'Southwest',
  WSW: 'West southwest',
  W: 'West',
  WNW: 'West northwest',
  NW: 'Northwest',
  NNW: 'North northwest',
};

function windPhrase(direction: number, maxMph: number, gustMph: number, night: boolean): string {
  const top = Math.max(5, Math.round((night ? maxMph * 0.7 : maxMph) / 5) * 5);
  const word = DIRECTION_WORDS[compassPoint(direction)] ?? 'Variable';
  if (top <= 5) return `${word} wind around 5 mph.`;
  const gust = Math.round(night ? gustMph * 0.75 : gustMph);
  const gusts = gust >= top + 8 && gust >= 18 ? `, with gusts as high as ${gust} mph` : '';
  return `${word} wind ${top - 5} to ${top} mph${gusts}.`;
}

/** A precipitation weather code: drizzle, rain, freezing rain, snow, showers, thunderstorms. */
const isPrecipitationCode = (code: number) => code >= 51;

function precipitationLead(code: number, probability: number): string | undefined {
  const chance = probability < 30 ? 'A slight chance of ' : probability < 60 ? 'A chance of ' : undefined;
  const likely = probability < 80 ? ' likely' : '';
  const word = (noun: string) => (chance ? `${chance}${noun}` : `${noun[0]?.toUpperCase()}${noun.slice(1)}${likely}`);
  if (code >= 95) return code === 95 ? word('showers and thunderstorms') : word('thunderstorms, some with hail');
  if (code === 85 || code === 86) return word('snow showers');
  if (code >= 80) return word('rain showers');
  if (code === 77) return word('snow grains');
  if (code >= 71) return code === 75 ? word('heavy snow') : word('snow');
  if (code === 66 || code === 67 || code === 56 || code === 57) return word('freezing rain');
  if (code >= 61) return code === 65 ? word('heavy rain') : word('rain');
  if (code >= 51) return word('drizzle');
  if (code === 45 || code === 48) return code === 48 ? 'Areas of freezing fog' : 'Areas of fog';
  return undefined;
}

/**
 * The sky as the card's weather code says it: clear to overcast for 0–3; fog and precipitation
 * come under cloud (never "sunny" on a card that shows rain).
 */
function skyWords(code: number, probability: number, night: boolean): string {
  switch (code) {
    case 0:
      return night ? 'Clear' : 'Sunny';
    case 1:
      return night ? 'Mostly clear' : 'Mostly sunny';
    case 2:
      return night ? 'Partly cloudy' : 'Partly sunny';
    case 3:
      return 'Cloudy';
    default:
      return probability >= 60 ? 'Cloudy' : 'Mostly cloudy';
  }
}

function amountPhrase(code: number, inches: number): string | undefined {
  if (inches <= 0) return undefined;
  if (code >= 71 && code <= 77) {
    const snow = inches * 10;
    if (snow < 1) return 'Little or no snow accumulation expected.';
    const lo = Math.max(1, Math.floor(snow));
    return `New snow accumulation of ${lo} to ${lo + 2} inches possible.`;
  }
  if (code === 85 || code === 86) return 'New snow accumulation of less than one inch possible.';
  if (inches < 0.1) return 'New rainfall amounts less than a tenth of an inch possible.';
  if (inches < 0.25) return 'New rainfall amounts between a tenth and quarter of an inch possible.';
  if (inches < 0.5) return 'New rainfall amounts between a quarter and half of an inch possible.';
  if (inches < 0.75) return 'New rainfall amounts between a half and three quarters of an inch possible.';
  if (inches < 1) return 'New rainfall amounts between three quarters and one inch possible.';
  return 'New rainfall amounts between 1 and 2 inches possible.';
}

/**
 * An NWS-style paragraph for the day or the night, written only from what the day's card shows
 * (weather code, chance and amount of precipitation, high or low, wind and gusts), so the text
 * never contradicts the card; `windDirection` (degrees) is the one extra.
 */
export function detailedText(daily: DailyWeather, windDirection: number, night: boolean): string {
  const code = daily.weather_code ?? 0;
  const probability = Math.round(daily.precipitation_probability_max ?? 0);
  const wet = isPrecipitationCode(code);
  const sentences: string[] = [];
  const lead = wet || code === 45 || code === 48 ? precipitationLead(code, probability) : undefined;
  if (lead) sentences.push(`${lead}.`);
  const temp = night
    ? `with a low around ${Math.round(daily.temperature_2m_min ?? 0)}`
    : `with a high near ${Math.round(daily.temperature_2m_max ?? 0)}`;
  sentences.push(`${skyWords(code, probability, night)}, ${temp}.`);
  sentences.push(windPhrase(windDirection, daily.wind_speed_10m_max ?? 0, daily.wind_gusts_10m_max ?? 0, night));
  // The card's own percentage, not rounded to tens as the NWS does: the two must agree.
  if (wet || probability >= 20) sentences.push(`Chance of precipitation is ${probability}%.`);
  const amount = wet && !night ? amountPhrase(code, daily.precipitation_sum ?? 0) : undefined;
  if (amount) sentences.push(amount);
  return sentences.join(' ');
}

const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });
const weekday = (date: string) => WEEKDAY.format(new Date(`${date}T12:00:00Z`));

/**
 * The day's NWS-shaped periods (docs/api.md#weather-detailed-forecasts): 'Today' and 'Tonight' for
 * the first date ('Tonight' alone after 6 pm, like the NWS), then '<Weekday>' and
 * '<Weekday> Night'; day periods start at 06:00, nights at 18:00 local time.
 */
function periodsFor(
  day: SyntheticDay,
  daily: DailyWeather,
  index: number,
  hour: number,
  timezone: string,
): DetailedForecast[] {
  const name = index === 0 ? 'Today' : weekday(day.date);
  const nightName = index === 0 ? 'Tonight' : `${name} Night`;
  const periods: DetailedForecast[] = [];
  if (index > 0 || hour < 18) {
    periods.push({
      name,
      startTime: localIsoTime(day.date, 6, timezone),
      isDaytime: true,
      detailedForecast: detailedText(daily, day.windDir, false),
    });
  }
  periods.push({
    name: nightName,
    startTime: localIsoTime(day.date, 18, timezone),
    isDaytime: false,
    detailedForecast: detailedText(daily, day.windDir, true),
  });
  return periods;
}

// ----- more of the sky (docs/api.md#weather-hourly-alerts-and-air-quality) ----------------------

/** Sea-level pressure of a local date at noon, hPa: low under wet systems, high under dry ones. */
function noonPressure(lat: number, lon: number, date: string): number {
  const day = epochDay(date);
  return 1014 - 9 * synoptic(STREAM.wet, lat, lon, day) + 5 * synoptic(STREAM.pressure, lat, lon, day);
}

/** Pressure at an instant, hPa (0.1): noon values joined smoothly, so a 3-hour trend is meaningful. */
export function demoPressure(lat: number, lon: number, instant: number, zone: string): number {
  const { date, hour } = localTime(instant, zone);
  const [from, to, t] =
    hour >= 12 ? [date, addDays(date, 1), (hour - 12) / 24] : [addDays(date, -1), date, (hour + 12) / 24];
  const ease = (1 - Math.cos(Math.PI * t)) / 2;
  const p = noonPressure(lat, lon, from) * (1 - ease) + noonPressure(lat, lon, to) * ease;
  return Math.round(p * 10) / 10;
}

/** Visibility in miles from what the sky is doing. */
function visibilityMiles(code: number | null, humidity: number | null): number {
  if (code === 45 || code === 48) return 0.3;
  if (code !== null && (code === 65 || code === 75 || code === 82 || code === 86 || code >= 95)) return 2;
  if (code !== null && code >= 51) return 5;
  if ((humidity ?? 0) >= 90) return 7;
  return 10;
}

const fahrenheitToCelsius = (f: number) => ((f - 32) * 5) / 9;

// ----- provider ---------------------------------------------------------------------------

export function demoWeatherProvider(options: { now?: () => number } = {}): WeatherProvider {
  const now = options.now ?? Date.now;
  return {
    async forecast(request: ForecastRequest): Promise<Forecast> {
      const instant = now();
      const { lat, lon, timezone } = request;
      const { date: today, hour } = localTime(instant, timezone);
      const length = request.days ?? FORECAST_DAYS;
      const days = Array.from({ length }, (_, i) => syntheticDay(lat, lon, addDays(today, i)));
      const daily = days.map(toDaily);
      // Every date has a list: the periods for US places (like the live source), else none.
      const us = request.countryCode !== null && NWS_COUNTRIES.has(request.countryCode);
      const supplemental: Supplemental = Object.fromEntries(
        days.map((d, i) => {
          const entry = daily[i] as DailyWeather;
          return [d.date, us ? periodsFor(d, entry, i, hour, timezone) : []];
        }),
      );
      // Each date's day and hours are worked out once per forecast.
      const known = new Map(days.map((d) => [d.date, d]));
      const dayOf = (date: string) => {
        const hit = known.get(date);
        if (hit) return hit;
        const day = syntheticDay(lat, lon, date);
        known.set(date, day);
        return day;
      };
      const hoursByDate = new Map<string, DemoHour[]>();
      const hoursOf = (date: string) => {
        const hit = hoursByDate.get(date);
        if (hit) return hit;
        const list = demoDayHours(lat, lon, dayOf(date), timezone, dayOf);
        hoursByDate.set(date, list);
        return list;
      };
      const hours = demoHourly(timezone, instant, hoursOf, request.hours);
      const current = currentConditions(lat, lon, days[0] as SyntheticDay, hour, instant, {
        previousMax: dayOf(addDays(today, -1)).tMax,
        nextMin: dayOf(addDays(today, 1)).tMin,
      });

      const dailyDetails: DailyDetails[] = days.map((d) => {
        // The day's UV peak is its strongest hour's.
        const uv = hoursOf(d.date).reduce((top, h) => Math.max(top, h.entry.uv_index ?? 0), 0);
        return { date: d.date, ...demoSunTimes(lat, lon, d.date, timezone), uv_index_max: uv };
      });

      const uvNow = hours[0]?.entry.uv_index ?? null;
      const pressure = demoPressure(lat, lon, instant, timezone);
      const currentDetails: CurrentDetails = {
        uv_index: uvNow,
        uv_band: uvNow === null ? null : uvBand(uvNow),
        dew_point:
          current.temperature === null || current.relative_humidity === null
            ? null
            : celsiusToFahrenheit(dewPoint(fahrenheitToCelsius(current.temperature), current.relative_humidity)),
        pressure,
        pressure_trend: pressureTrend(pressure, demoPressure(lat, lon, instant - 3 * 3_600_000, timezone)),
        visibility: visibilityMiles(current.code, current.relative_humidity),
        sunrise: dailyDetails[0]?.sunrise ?? null,
        sunset: dailyDetails[0]?.sunset ?? null,
      };

      return {
        timezone,
        current,
        daily,
        supplemental,
        source: 'demo',
        hourly: hours.map((h) => h.entry),
        dailyDetails,
        currentDetails,
        airQuality: demoAirQuality(lat, lon, days[0] as SyntheticDay),
        alerts: us
          ? demoAlerts({
              lat,
              lon,
              zone: timezone,
              // Alerts look at today and tomorrow even when fewer days were asked for.
              days: [0, 1].map((i) => toDaily(dayOf(addDays(today, i)))),
              area: `The area around ${Math.abs(lat).toFixed(2)}°${lat >= 0 ? 'N' : 'S'}, ${Math.abs(lon).toFixed(2)}°${lon >= 0 ? 'E' : 'W'}`,
            })
          : [],
        alertsStatus: us ? 'ok' : 'not-covered',
        updatedAt: new Date(instant).toISOString(),
        sources: {
          forecast: SOURCE_NAMES.demo,
          air_quality: SOURCE_NAMES.demo,
          alerts: us ? SOURCE_NAMES.demo : null,
          detailed_forecasts: us ? SOURCE_NAMES.demo : null,
        },
      };
    },
  };
}
