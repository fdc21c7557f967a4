import type { AlertSeverity, DailyWeather, WeatherAlert } from '@site/contract';
import { addDays, localIsoTime } from '../time-zones.js';
import { inDenverMetro } from './demo-air-quality.js';
import { sortAlerts } from './nws-alerts.js';

/**
 * Demo alerts (docs/api.md#weather-hourly-alerts-and-air-quality), in the NWS's shape, only for
 * US places (like the live source) and only from what the demo forecast itself shows for today
 * and tomorrow: strong gusts, great heat, deep cold, heavy rain, thunderstorms, snow. Every one
 * says it is from the demo model. One is there every day so tests can rely on it: an Air Quality
 * Alert for the Denver metro area (demo-air-quality.ts gives Denver that AQI level).
 */

const SENDER = 'Demo weather service (not real)';
const NOTE = 'This is a demo alert made up by the offline weather model; it is not a real warning.';

interface Rule {
  event: string;
  severity: AlertSeverity;
  urgency: string;
  certainty: string;
  /** The reason, from the day's card, or undefined when the rule does not fire. */
  when: (d: DailyWeather) => string | undefined;
  instruction: string;
}

const mph = (v: number | null) => Math.round(v ?? 0);
const SNOW = new Set([71, 73, 75, 77, 85, 86]);

/** Most severe first, so a day gets at most one alert per hazard. */
const RULES: Rule[] = [
  {
    event: 'High Wind Warning',
    severity: 'Severe',
    urgency: 'Expected',
    certainty: 'Likely',
    when: (d) => ((d.wind_gusts_10m_max ?? 0) >= 58 ? `Gusts up to ${mph(d.wind_gusts_10m_max)} mph.` : undefined),
    instruction: 'Travel will be difficult, especially for high profile vehicles. Secure outdoor objects.',
  },
  {
    event: 'Wind Advisory',
    severity: 'Moderate',
    urgency: 'Expected',
    certainty: 'Likely',
    when: (d) =>
      (d.wind_gusts_10m_max ?? 0) >= 45 && (d.wind_gusts_10m_max ?? 0) < 58
        ? `Gusts up to ${mph(d.wind_gusts_10m_max)} mph.`
        : undefined,
    instruction: 'Use extra caution when driving, especially if operating a high profile vehicle.',
  },
  {
    event: 'Excessive Heat Warning',
    severity: 'Severe',
    urgency: 'Expected',
    certainty: 'Likely',
    when: (d) =>
      (d.apparent_temperature_max ?? 0) >= 110
        ? `Heat index values up to ${mph(d.apparent_temperature_max)}.`
        : undefined,
    instruction: 'Drink plenty of fluids, stay in an air-conditioned room, stay out of the sun.',
  },
  {
    event: 'Heat Advisory',
    severity: 'Moderate',
    urgency: 'Expected',
    certainty: 'Likely',
    when: (d) =>
      (d.apparent_temperature_max ?? 0) >= 103 && (d.apparent_temperature_max ?? 0) < 110
        ? `Heat index values up to ${mph(d.apparent_temperature_max)}.`
        : undefined,
    instruction: 'Drink plenty of fluids and check up on relatives and neighbors.',
  },
  {
    event: 'Extreme Cold Warning',
    severity: 'Severe',
    urgency: 'Expected',
    certainty: 'Likely',
    when: (d) =>
      (d.apparent_temperature_min ?? 99) <= -25
        ? `Wind chills as low as ${mph(d.apparent_temperature_min)}.`
        : undefined,
    instruction: 'Avoid going outside during the coldest parts of the night. Dress in layers.',
  },
  {
    event: 'Flood Watch',
    severity: 'Severe',
    urgency: 'Future',
    certainty: 'Possible',
    when: (d) =>
      (d.precipitation_sum ?? 0) >= 1.5 && !SNOW.has(d.weather_code ?? 0)
        ? `Rainfall of ${(d.precipitation_sum ?? 0).toFixed(1)} inches or more.`
        : undefined,
    instruction: 'Turn around, don’t drown when encountering flooded roads.',
  },
  {
    event: 'Severe Thunderstorm Watch',
    severity: 'Severe',
    urgency: 'Expected',
    certainty: 'Possible',
    when: (d) =>
      (d.weather_code ?? 0) >= 96 || ((d.weather_code ?? 0) === 95 && (d.precipitation_sum ?? 0) >= 0.5)
        ? 'Thunderstorms with damaging wind gusts and hail possible.'
        : undefined,
    instruction: 'Go to a safe place indoors when thunder roars.',
  },
  {
    event: 'Winter Storm Warning',
    severity: 'Severe',
    urgency: 'Expected',
    certainty: 'Likely',
    when: (d) =>
      SNOW.has(d.weather_code ?? 0) && (d.precipitation_sum ?? 0) >= 0.5
        ? `Heavy snow, ${Math.round((d.precipitation_sum ?? 0) * 10)} inches or more.`
        : undefined,
    instruction: 'Travel could be very difficult. Keep an extra flashlight, food and water in your vehicle.',
  },
  {
    event: 'Winter Weather Advisory',
    severity: 'Moderate',
    urgency: 'Expected',
    certainty: 'Likely',
    when: (d) =>
      SNOW.has(d.weather_code ?? 0) && (d.precipitation_sum ?? 0) >= 0.15 && (d.precipitation_sum ?? 0) < 0.5
        ? 'Snow expected; plan on slippery road conditions.'
        : undefined,
    instruction: 'Slow down and use caution while traveling.',
  },
];

const slug = (text: string) => text.toLowerCase().replace(/[^a-z]+/g, '-');
const HAZARD = (event: string) => event.replace(/ (Warning|Advisory|Watch)$/, '');

export function demoAlerts(options: {
  lat: number;
  lon: number;
  zone: string;
  /** Today and tomorrow, from the forecast's daily entries. */
  days: DailyWeather[];
  area: string;
}): WeatherAlert[] {
  const { lat, lon, zone } = options;
  const today = options.days[0]?.date;
  if (!today) return [];
  const where = `${Math.round(lat * 100)},${Math.round(lon * 100)}`;
  const alerts: WeatherAlert[] = [];
  const base = (date: string, event: string) => ({
    id: `urn:demo:alert:${slug(event)}:${date}:${where}`,
    senderName: SENDER,
    areaDesc: options.area,
    effective: localIsoTime(addDays(date, -1), 15, zone),
  });

  if (inDenverMetro(lat, lon)) {
    const summer = Number(today.slice(5, 7)) >= 4 && Number(today.slice(5, 7)) <= 9;
    const pollutant = summer ? 'ozone' : 'fine particulate matter (PM2.5)';
    alerts.push({
      ...base(today, 'Air Quality Alert'),
      areaDesc: 'Denver; Arapahoe; Jefferson; Adams; Boulder; Douglas; Broomfield',
      event: 'Air Quality Alert',
      headline: `Air Quality Alert (demo) for ${pollutant} in effect until 4 PM tomorrow`,
      severity: 'Moderate',
      urgency: 'Expected',
      certainty: 'Likely',
      onset: localIsoTime(today, 0, zone),
      expires: localIsoTime(addDays(today, 1), 16, zone),
      ends: localIsoTime(addDays(today, 1), 16, zone),
      description: `${NOTE}\n\n* WHAT...Levels of ${pollutant} are expected to be Unhealthy for Sensitive Groups.\n\n* WHERE...The Denver metro area and the Front Range urban corridor.\n\n* WHEN...Through 4 PM tomorrow.`,
      instruction:
        'Active children and adults, and people with heart or lung disease such as asthma, should reduce prolonged or heavy outdoor exertion.',
    });
  }

  const seen = new Set<string>();
  for (const day of options.days.slice(0, 2)) {
    for (const rule of RULES) {
      const reason = rule.when(day);
      if (!reason || seen.has(HAZARD(rule.event))) continue;
      seen.add(HAZARD(rule.event));
      const onset = localIsoTime(day.date, 6, zone);
      const ends = localIsoTime(addDays(day.date, 1), 6, zone);
      alerts.push({
        ...base(day.date, rule.event),
        event: rule.event,
        headline: `${rule.event} (demo) from 6 AM ${day.date === today ? 'today' : 'tomorrow'} until 6 AM the day after`,
        severity: rule.severity,
        urgency: rule.urgency,
        certainty: rule.certainty,
        onset,
        expires: ends,
        ends,
        description: `${NOTE}\n\n* WHAT...${reason}\n\n* WHERE...${options.area}.\n\n* WHEN...From 6 AM ${day.date} to 6 AM the next day.`,
        instruction: rule.instruction,
      });
    }
  }
  return sortAlerts(alerts);
}
