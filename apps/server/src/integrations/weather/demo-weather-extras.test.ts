import { AQI_BANDS, aqiBand, uvBand } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { addDays, zoneAt } from '../time-zones.js';
import { subIndex } from './demo-air-quality.js';
import { demoDayHours } from './demo-hourly.js';
import { demoWeatherProvider, syntheticDay } from './demo-weather.js';
import type { ForecastRequest } from './types.js';

/** The demo hourly, alerts and air-quality parts (docs/api.md#weather-hourly-alerts-and-air-quality). */

const at = (iso: string) => () => Date.parse(iso);
const place = (lat: number, lon: number, countryCode: string | null = null, days?: number): ForecastRequest => ({
  lat,
  lon,
  timezone: zoneAt(lat, lon),
  countryCode,
  ...(days ? { days } : {}),
});
const forecast = (iso: string, request: ForecastRequest) => demoWeatherProvider({ now: at(iso) }).forecast(request);

const DENVER = place(39.74, -104.99, 'us');
const PARIS = place(48.86, 2.35, 'fr');

describe('demo hours', () => {
  it('has 48 hours from the current local hour, one hour apart, in the place’s zone', async () => {
    const f = await forecast('2025-03-10T15:20:00Z', DENVER);
    expect(f.hourly).toHaveLength(48);
    // 15:20 UTC is 09:20 MDT (DST began on 9 March 2025).
    expect(f.hourly[0]?.time).toBe('2025-03-10T09:00:00-06:00');
    const instants = f.hourly.map((h) => Date.parse(h.time));
    for (let i = 1; i < instants.length; i++)
      expect((instants[i] as number) - (instants[i - 1] as number)).toBe(3_600_000);
  });

  it('steps through a DST change by the clock’s real hours', async () => {
    // Autumn: 1 AM happens twice in New York on 2 November 2025.
    const f = await forecast('2025-11-02T03:00:00Z', place(40.71, -74.01, 'us'));
    const times = f.hourly.slice(0, 5).map((h) => h.time);
    expect(times).toEqual([
      '2025-11-01T23:00:00-04:00',
      '2025-11-02T00:00:00-04:00',
      '2025-11-02T01:00:00-04:00',
      '2025-11-02T01:00:00-05:00',
      '2025-11-02T02:00:00-05:00',
    ]);
  });

  it('gives every day’s Hi and Lo exactly as the warmest and coldest of its hours (many places, all year)', () => {
    for (let lat = -70; lat <= 70; lat += 17.5) {
      for (let lon = -170; lon <= 170; lon += 42.5) {
        const zone = zoneAt(lat, lon);
        for (let d = 0; d < 365; d += 29) {
          const date = addDays('2025-01-03', d);
          const day = syntheticDay(lat, lon, date);
          const hours = demoDayHours(lat, lon, day, zone, (x) => syntheticDay(lat, lon, x));
          const temps = hours.map((h) => h.entry.temperature as number);
          // The daily card's numbers, as the forecast shows them.
          const tMax = Math.round(((day.tMax * 9) / 5 + 32) * 10) / 10;
          const tMin = Math.round(((day.tMin * 9) / 5 + 32) * 10) / 10;
          expect(Math.max(...temps)).toBe(tMax);
          expect(Math.min(...temps)).toBe(tMin);
        }
      }
    }
  });

  it('agrees with the daily cards in the answer: Hi/Lo, chance of rain, wind and gust maxima, wet hours on wet days', async () => {
    for (const [iso, request] of [
      ['2025-01-15T12:00:00Z', DENVER],
      ['2025-07-04T00:30:00Z', place(25.76, -80.19, 'us')],
      ['2025-10-20T08:00:00Z', place(51.51, -0.13, 'gb')],
      ['2025-04-01T23:00:00Z', place(-33.87, 151.21, 'au')],
    ] as const) {
      const f = await forecast(iso, request);
      const tomorrow = f.daily[1];
      const hours = f.hourly.filter((h) => h.time.slice(0, 10) === tomorrow?.date);
      expect(hours.length).toBeGreaterThanOrEqual(23);
      expect(Math.max(...hours.map((h) => h.temperature as number))).toBe(tomorrow?.temperature_2m_max);
      expect(Math.min(...hours.map((h) => h.temperature as number))).toBe(tomorrow?.temperature_2m_min);
      expect(Math.max(...hours.map((h) => h.precipitation_probability as number))).toBe(
        tomorrow?.precipitation_probability_max,
      );
      for (const h of hours) {
        expect(h.wind_speed as number).toBeLessThanOrEqual(tomorrow?.wind_speed_10m_max as number);
        expect(h.wind_gusts as number).toBeLessThanOrEqual(tomorrow?.wind_gusts_10m_max as number);
        expect(h.wind_gusts as number).toBeGreaterThanOrEqual(h.wind_speed as number);
        expect(h.feels_like).not.toBeNull();
        if (h.is_day === 'night') expect(h.uv_index).toBe(0);
      }
      const wetHours = hours.filter((h) => (h.precipitation as number) > 0);
      expect(wetHours.length > 0).toBe((tomorrow?.precipitation_sum as number) > 0);
    }
  });
});

describe('demo sky details', () => {
  it('gives sunrise before sunset each day, and today’s in the current details', async () => {
    const f = await forecast('2025-06-21T18:00:00Z', DENVER);
    expect(f.dailyDetails.map((d) => d.date)).toEqual(f.daily.map((d) => d.date));
    for (const d of f.dailyDetails) {
      expect(d.sunrise?.slice(0, 10)).toBe(d.date);
      expect(Date.parse(d.sunrise as string)).toBeLessThan(Date.parse(d.sunset as string));
      expect(d.uv_index_max).toBeGreaterThan(0);
    }
    // Denver at the solstice: about 5:30 and 20:30 MDT.
    expect(f.currentDetails.sunrise).toMatch(/^2025-06-21T05:[2-4]\d:00-06:00$/);
    expect(f.currentDetails.sunset).toMatch(/^2025-06-21T20:[2-4]\d:00-06:00$/);
  });

  it('has no sunrise in the polar night', async () => {
    const f = await forecast('2025-12-21T12:00:00Z', place(78.22, 15.65, 'no'));
    expect(f.dailyDetails[0]).toMatchObject({ sunrise: null, sunset: null, uv_index_max: 0 });
    expect(f.currentDetails.uv_band).toBe('Low');
  });

  it('fills every current detail with plausible values and a consistent band', async () => {
    for (let i = 0; i < 40; i++) {
      const request = place(-60 + i * 3, -170 + i * 8.5, null);
      const f = await forecast(
        `2025-${String((i % 12) + 1).padStart(2, '0')}-11T${String(i % 24).padStart(2, '0')}:00:00Z`,
        request,
      );
      const c = f.currentDetails;
      expect(c.uv_band).toBe(uvBand(c.uv_index as number));
      expect(c.pressure as number).toBeGreaterThan(960);
      expect(c.pressure as number).toBeLessThan(1060);
      expect(['rising', 'falling', 'steady']).toContain(c.pressure_trend);
      expect(c.dew_point as number).toBeLessThanOrEqual((f.current.temperature as number) + 0.1);
      expect(c.visibility as number).toBeGreaterThan(0);
      const aq = f.airQuality;
      expect(aq.available).toBe(true);
      expect(aq.band).toBe(aqiBand(aq.us_aqi as number));
      expect(AQI_BANDS).toContain(aq.band);
      // The index is its highest pollutant's sub-index.
      expect(subIndex(aq.main_pollutant as never, aq[aq.main_pollutant as 'pm2_5'] as number)).toBe(aq.us_aqi);
    }
  });

  it('computes sub-indices on the EPA’s breakpoints', () => {
    expect(subIndex('pm2_5', 9)).toBe(50);
    expect(subIndex('pm2_5', 35.4)).toBe(100);
    expect(subIndex('pm2_5', 35.5)).toBe(101);
    expect(subIndex('ozone', 70 * 1.96)).toBe(100);
    expect(subIndex('pm10', 0)).toBe(0);
    expect(subIndex('carbon_monoxide', 10_000_000)).toBe(500);
  });

  it('honours days from 1 to 16, with details for each day', async () => {
    for (const days of [1, 3, 16]) {
      const f = await forecast('2025-05-05T12:00:00Z', place(40.71, -74.01, 'us', days));
      expect(f.daily).toHaveLength(days);
      expect(f.dailyDetails).toHaveLength(days);
      expect(Object.keys(f.supplemental)).toHaveLength(days);
      expect(f.hourly).toHaveLength(48);
    }
  });
});

describe('demo alerts', () => {
  it('always has an Air Quality Alert for Denver today, matching its air quality', async () => {
    for (const iso of ['2025-01-15T12:00:00Z', '2025-07-15T03:00:00Z', '2026-11-24T21:00:00Z']) {
      const f = await forecast(iso, DENVER);
      const alert = f.alerts.find((a) => a.event === 'Air Quality Alert');
      expect(alert).toBeDefined();
      expect(alert?.severity).toBe('Moderate');
      expect(alert?.senderName).toMatch(/demo/i);
      expect(alert?.description).toMatch(/not a real warning/);
      expect(Date.parse(alert?.expires as string)).toBeGreaterThan(Date.parse(iso));
      expect(Date.parse(alert?.onset as string)).toBeLessThanOrEqual(Date.parse(iso));
      expect(f.alertsStatus).toBe('ok');
      expect(f.airQuality.band).toBe('Unhealthy for Sensitive Groups');
      expect(f.airQuality.main_pollutant).toBe(iso.includes('-07-') ? 'ozone' : 'pm2_5');
    }
  });

  it('issues alerts only for US places, and says alerts are not covered elsewhere', async () => {
    const f = await forecast('2025-01-15T12:00:00Z', PARIS);
    expect(f.alerts).toEqual([]);
    expect(f.alertsStatus).toBe('not-covered');
    expect(f.sources.alerts).toBeNull();
  });

  it('issues weather alerts that agree with the cards, deterministically, most severe first', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 160; i++) {
      const request = place(25 + (i % 20) * 1.2, -124 + Math.floor(i / 20) * 7, 'us');
      const iso = `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}T18:00:00Z`;
      const f = await forecast(iso, request);
      expect(await forecast(iso, request)).toEqual(f);
      const order = ['Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown'];
      const ranks = f.alerts.map((a) => order.indexOf(a.severity));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      for (const alert of f.alerts) {
        seen.add(alert.event);
        if (alert.event === 'Air Quality Alert') continue;
        const day = f.daily.find((d) => d.date === alert.onset?.slice(0, 10));
        expect(day).toBeDefined();
        if (alert.event === 'Wind Advisory') expect(day?.wind_gusts_10m_max as number).toBeGreaterThanOrEqual(45);
        if (alert.event === 'High Wind Warning') expect(day?.wind_gusts_10m_max as number).toBeGreaterThanOrEqual(58);
        if (alert.event === 'Flood Watch') expect(day?.precipitation_sum as number).toBeGreaterThanOrEqual(1.5);
        if (alert.event.startsWith('Winter')) expect([71, 73, 75, 77, 85, 86]).toContain(day?.weather_code);
      }
    }
    // Some variety, not just Denver's.
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });
});
