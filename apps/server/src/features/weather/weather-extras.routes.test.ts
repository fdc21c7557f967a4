import { weatherResponseSchema } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../test/test-databases.js';

/**
 * GET /api/weather's issue-19 fields through the whole app in demo mode, on both databases
 * (docs/api.md#weather-hourly-alerts-and-air-quality).
 */

const DENVER = { lat: 39.7392, lon: -104.9903, timezone: 'America/Denver', country_code: 'us', formatted: 'Denver' };
const PARIS = { lat: 48.8534, lon: 2.3488, timezone: 'Europe/Paris', country_code: 'fr', formatted: 'Paris' };
const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));

describe.each(routeTestDatabaseKinds)('weather extras API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const weather = async (params: Record<string, string | number>) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/weather?${qs(params)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('answers every new field in the contract’s shape, in the seed’s units', async () => {
    const body = await weather(DENVER);
    expect(weatherResponseSchema.parse(body)).toBeTruthy();
    expect(body.units).toEqual({ temperature: '°F', wind_speed: 'mph', precipitation: 'inch' });
    expect(body.hourly).toHaveLength(48);
    expect(body.daily_details.map((d: { date: string }) => d.date)).toEqual(
      body.weather.map((d: { date: string }) => d.date),
    );
    expect(body.current_details.uv_band).not.toBeNull();
    expect(body.air_quality.available).toBe(true);
    expect(Date.parse(body.updated_at)).toBeLessThanOrEqual(Date.now());
    expect(body.sources.forecast).toMatch(/demo/i);
  });

  it('gives 48 hours from the current hour in the place’s own zone', async () => {
    const denverHour = () =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver', hour: '2-digit', hourCycle: 'h23' }).format(
        new Date(),
      );
    // Read before and after, in case the hour turns during the request.
    const before = denverHour();
    const body = await weather({ ...DENVER, lat: 39.75 });
    const after = denverHour();
    const first = body.hourly[0].time as string;
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00-0[67]:00$/);
    expect([before, after]).toContain(first.slice(11, 13));
    const paris = await weather(PARIS);
    expect(paris.hourly[0].time).toMatch(/\+0[12]:00$/);
  });

  it('has a demo alert for Denver today, and says alerts are not covered in Paris', async () => {
    const denver = await weather(DENVER);
    expect(denver.alerts_available).toBe(true);
    expect(denver.alerts_status).toBe('ok');
    expect(denver.alerts.map((a: { event: string }) => a.event)).toContain('Air Quality Alert');
    const paris = await weather(PARIS);
    expect(paris).toMatchObject({ alerts: [], alerts_available: false, alerts_status: 'not-covered' });
    expect(paris.air_quality.available).toBe(true);
  });

  it.each([1, 7, 16])('honours days=%i, with a text-forecast key and details for each day', async (days) => {
    const body = await weather({ ...DENVER, days });
    expect(body.weather).toHaveLength(days);
    expect(body.daily_details).toHaveLength(days);
    expect(Object.keys(body.supplemental)).toEqual(body.weather.map((d: { date: string }) => d.date));
  });

  it('gives every day’s hours on request (hours = days × 24), each day’s Hi/Lo among them', async () => {
    const body = await weather({ ...DENVER, days: 7, hours: 168 });
    expect(body.hourly).toHaveLength(168);
    for (const day of body.weather.slice(1, 6)) {
      const temps = body.hourly
        .filter((h: { time: string }) => h.time.startsWith(day.date))
        .map((h: { temperature: number }) => h.temperature);
      expect(Math.max(...temps)).toBe(day.temperature_2m_max);
      expect(Math.min(...temps)).toBe(day.temperature_2m_min);
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/weather?${qs({ ...DENVER, hours: 385 })}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/hours must be a whole number from 1 to 384/);
  });

  it('keeps 7 days when days is absent or empty', async () => {
    expect((await weather(DENVER)).weather).toHaveLength(7);
    expect((await weather({ ...DENVER, days: '' })).weather).toHaveLength(7);
  });

  it.each(['0', '17', '3.5', 'abc', '1e1', '-2'])('refuses days=%s with a clear 400', async (days) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/weather?${qs({ ...DENVER, days })}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/days must be a whole number from 1 to 16/);
  });
});
