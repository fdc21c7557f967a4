import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeUpstream, readFixture, startFakeUpstream } from '../../integrations/testing/fake-upstream.js';
import { openMeteoProvider } from '../../integrations/weather/open-meteo.js';
import type { ForecastRequest, WeatherProvider } from '../../integrations/weather/types.js';
import { weatherService } from './weather.service.js';

/**
 * The live hourly, alerts and air-quality parts against recorded-shape answers (docs/api.md#weather-hourly-alerts-and-air-quality):
 * hours in the one forecast request, Open-Meteo air quality and NWS alerts beside it, in parallel,
 * cached, and never failing the forecast.
 */

const fixture = (name: string) => readFixture(new URL(`../../integrations/weather/fixtures/${name}`, import.meta.url));
const FORECAST = fixture('open-meteo-forecast.json');
const AIR = fixture('open-meteo-air-quality.json');
const ALERTS = fixture('nws-alerts.json');
const NO_ALERTS = fixture('nws-alerts-empty.json');
const POINTS = fixture('nws-points.json');
const NWS_FORECAST = fixture('nws-forecast.json');
const USER_AGENT = 'site-tests/1.0 (tests@example.com)';

const NEW_YORK: ForecastRequest = { lat: 40.71, lon: -73.99, timezone: 'America/New_York', countryCode: 'us' };
const PARIS: ForecastRequest = { lat: 48.86, lon: 2.35, timezone: 'Europe/Paris', countryCode: 'fr' };

let upstream: FakeUpstream;
let provider: WeatherProvider;
const make = (timeoutMs: number) =>
  openMeteoProvider({
    baseUrl: upstream.baseUrl,
    timeoutMs,
    retryDelayMs: 5,
    now: () => Date.parse('2025-06-10T18:50:00Z'),
    airQuality: { baseUrl: upstream.baseUrl, timeoutMs, retryDelayMs: 5 },
    nws: { baseUrl: upstream.baseUrl, userAgent: USER_AGENT, timeoutMs, retryDelayMs: 5 },
  });
beforeAll(async () => {
  upstream = await startFakeUpstream();
  // Far beyond any answer of the local fake, however loaded the machine (no time-out case here).
  provider = make(30_000);
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

const paths = () => upstream.requests.map((r) => r.path);
const count = (path: string) => paths().filter((p) => p === path).length;
const everythingAnswers = () => {
  upstream.on('/v1/forecast', { body: FORECAST });
  upstream.on('/v1/air-quality', { body: AIR });
  upstream.on('/alerts/active', { body: ALERTS });
  upstream.on('/points/40.71,-73.99', { body: POINTS });
  upstream.on('/gridpoints/OKX/33,35/forecast', { body: NWS_FORECAST });
};

describe('the hourly forecast (live)', () => {
  it('comes in the same Open-Meteo request as current and daily, from 3 hours back to 48 ahead', async () => {
    everythingAnswers();
    await provider.forecast(NEW_YORK);
    expect(count('/v1/forecast')).toBe(1);
    const sent = upstream.requests.find((r) => r.path === '/v1/forecast')?.query;
    expect(sent?.get('hourly')?.split(',')).toEqual([
      'temperature_2m',
      'apparent_temperature',
      'precipitation_probability',
      'precipitation',
      'wind_speed_10m',
      'wind_direction_10m',
      'wind_gusts_10m',
      'weather_code',
      'is_day',
      'uv_index',
      'pressure_msl',
    ]);
    expect(sent?.get('past_hours')).toBe('3');
    expect(sent?.get('forecast_hours')).toBe('48');
    expect(sent?.get('current')).toBeTruthy();
    expect(sent?.get('daily')).toBeTruthy();
  });

  it('starts at the current local hour, with the zone’s offset, in °F, mph and inches', async () => {
    everythingAnswers();
    const result = await provider.forecast(NEW_YORK);
    // Current reading 14:45: the first hour is 14:00; the three hours before it are only for the trend.
    expect(result.hourly).toHaveLength(48);
    expect(result.hourly[0]?.time).toBe('2025-06-10T14:00:00-04:00');
    expect(result.hourly[47]?.time).toBe('2025-06-12T13:00:00-04:00');
    const hours = result.hourly.map((h) => Date.parse(h.time));
    for (let i = 1; i < hours.length; i++) expect((hours[i] as number) - (hours[i - 1] as number)).toBe(3_600_000);
    expect(result.hourly[0]).toEqual({
      time: '2025-06-10T14:00:00-04:00',
      temperature: 80.7,
      feels_like: 81.9,
      precipitation_probability: 10,
      precipitation: 0,
      wind_speed: 9.9,
      wind_direction: 203,
      wind_gusts: 21.8,
      weather_code: 2,
      is_day: 'day',
      uv_index: 7.83,
    });
    // A wet hour tomorrow, and a missing value stays null.
    const wet = result.hourly.find((h) => h.time === '2025-06-11T10:00:00-04:00');
    expect(wet).toMatchObject({ weather_code: 61, precipitation: 0.04, precipitation_probability: 70 });
    expect(result.hourly[47]?.uv_index).toBeNull();
    expect(result.hourly.find((h) => h.time.startsWith('2025-06-11T02'))?.is_day).toBe('night');
  });

  it('converts metric hours too, and answers without hours when Open-Meteo sent none', async () => {
    const body = JSON.parse(FORECAST);
    body.hourly_units = { ...body.hourly_units, temperature_2m: '°C', wind_speed_10m: 'km/h', precipitation: 'mm' };
    upstream.on(
      '/v1/forecast',
      { body },
      { body: { ...body, hourly: undefined } },
      { body: { ...body, hourly: { time: 'soon', temperature_2m: [1] } } },
    );
    upstream.on('/v1/air-quality', { body: AIR });
    const metric = await provider.forecast(PARIS);
    expect(metric.hourly[0]?.temperature).toBe(177.3); // 80.7 read as °C
    expect(metric.hourly[0]?.wind_speed).toBe(6.2); // 9.9 km/h
    const bare = await provider.forecast({ ...PARIS, lat: 48.87 });
    expect(bare.hourly).toEqual([]);
    expect(bare.currentDetails.pressure_trend).toBeNull();
    expect(bare.daily).toHaveLength(7);
    // Unreadable hours cost only the hours.
    const broken = await provider.forecast({ ...PARIS, lat: 48.88 });
    expect(broken.hourly).toEqual([]);
    expect(broken.current.temperature).toBe(78.4);
  });
});

describe('more of the current sky (live)', () => {
  it('gives UV with its band, dew point, pressure with its 3-hour trend, visibility and sun times', async () => {
    everythingAnswers();
    const result = await provider.forecast(NEW_YORK);
    expect(result.currentDetails).toEqual({
      uv_index: 6.35,
      uv_band: 'High',
      dew_point: 59.3,
      pressure: 1011.4,
      // 1013.6 hPa three hours before: a fall of 2.2 hPa.
      pressure_trend: 'falling',
      // 79 724 ft, as Open-Meteo labels it with imperial units.
      visibility: 15.1,
      sunrise: '2025-06-10T05:25:00-04:00',
      sunset: '2025-06-10T20:24:00-04:00',
    });
    expect(result.dailyDetails).toHaveLength(7);
    expect(result.dailyDetails.map((d) => d.date)).toEqual(result.daily.map((d) => d.date));
    expect(result.dailyDetails[1]).toEqual({
      date: '2025-06-11',
      sunrise: '2025-06-11T05:25:00-04:00',
      sunset: '2025-06-11T20:25:00-04:00',
      uv_index_max: 4.1,
    });
    expect(result.dailyDetails[6]?.uv_index_max).toBeNull();
    expect(result.updatedAt).toBe('2025-06-10T18:50:00.000Z');
  });

  it('asks Open-Meteo’s air-quality API once and names the band and the main pollutant', async () => {
    everythingAnswers();
    const result = await provider.forecast(NEW_YORK);
    expect(count('/v1/air-quality')).toBe(1);
    const sent = upstream.requests.find((r) => r.path === '/v1/air-quality')?.query;
    expect(sent?.get('latitude')).toBe('40.71');
    expect(sent?.get('current')?.split(',')).toEqual(
      expect.arrayContaining([
        'us_aqi',
        'pm2_5',
        'pm10',
        'ozone',
        'nitrogen_dioxide',
        'sulphur_dioxide',
        'carbon_monoxide',
      ]),
    );
    expect(result.airQuality).toEqual({
      available: true,
      us_aqi: 62,
      band: 'Moderate',
      main_pollutant: 'ozone',
      pm2_5: 12.4,
      pm10: 18.9,
      ozone: 118,
      nitrogen_dioxide: 21.7,
      sulphur_dioxide: 3.1,
      carbon_monoxide: 231,
    });
    expect(result.sources).toEqual({
      forecast: 'Open-Meteo',
      air_quality: 'Open-Meteo Air Quality (CAMS)',
      alerts: 'National Weather Service',
      detailed_forecasts: 'National Weather Service',
    });
  });

  it.each([
    ['fails', { status: 500, body: { reason: 'down' } }],
    ['answers nonsense', { body: '<html>' }],
    ['has no index for the place', { body: { current: { us_aqi: null } } }],
  ])('says air quality is unavailable when the service %s, and the forecast still comes', async (_label, reply) => {
    everythingAnswers();
    upstream.on('/v1/air-quality', reply);
    const result = await provider.forecast(NEW_YORK);
    expect(result.airQuality).toMatchObject({ available: false, us_aqi: null, band: null, main_pollutant: null });
    expect(result.sources.air_quality).toBeNull();
    expect(result.hourly).toHaveLength(48);
  });
});

describe('alerts (live, NWS)', () => {
  it('lists a US place’s active alerts, most severe first, leaving out tests', async () => {
    everythingAnswers();
    const result = await provider.forecast(NEW_YORK);
    const sent = upstream.requests.find((r) => r.path === '/alerts/active');
    expect(sent?.query.get('point')).toBe('40.71,-73.99');
    expect(sent?.headers['user-agent']).toBe(USER_AGENT);
    expect(result.alertsStatus).toBe('ok');
    expect(result.alerts.map((a) => [a.event, a.severity])).toEqual([
      ['Severe Thunderstorm Warning', 'Severe'],
      ['Heat Advisory', 'Moderate'],
    ]);
    expect(result.alerts[1]).toEqual({
      id: 'urn:oid:2.49.0.1.840.0.f1e2d3c4b5a6978812345678901234567890abcd.001.1',
      event: 'Heat Advisory',
      headline: 'Heat Advisory issued June 10 at 3:41AM EDT until June 10 at 8:00PM EDT by NWS Upton NY',
      severity: 'Moderate',
      urgency: 'Expected',
      certainty: 'Likely',
      areaDesc: 'New York (Manhattan); Bronx; Kings (Brooklyn); Queens',
      effective: '2025-06-10T03:41:00-04:00',
      onset: '2025-06-10T11:00:00-04:00',
      expires: '2025-06-10T20:00:00-04:00',
      ends: '2025-06-10T20:00:00-04:00',
      description: expect.stringContaining('* WHAT...Heat index values up to 99 expected.'),
      instruction: expect.stringContaining('Drink plenty of fluids'),
      senderName: 'NWS Upton NY',
    });
    expect(result.alerts[0]?.ends).toBeNull();
  });

  it('answers an empty list as a real answer when the NWS has none', async () => {
    everythingAnswers();
    upstream.on('/alerts/active', { body: NO_ALERTS });
    const result = await provider.forecast(NEW_YORK);
    expect(result.alerts).toEqual([]);
    expect(result.alertsStatus).toBe('ok');
  });

  it('never asks the NWS outside the US, and says alerts are not covered there', async () => {
    everythingAnswers();
    const result = await provider.forecast(PARIS);
    expect(paths().sort()).toEqual(['/v1/air-quality', '/v1/forecast']);
    expect(result.alerts).toEqual([]);
    expect(result.alertsStatus).toBe('not-covered');
    expect(result.sources.alerts).toBeNull();
  });

  it('says alerts are unavailable (not "none") when the NWS fails, and the forecast still comes', async () => {
    everythingAnswers();
    upstream.on('/alerts/active', { status: 503, body: { title: 'Service Unavailable' } });
    const result = await provider.forecast(NEW_YORK);
    expect(result.alertsStatus).toBe('unavailable');
    expect(result.alerts).toEqual([]);
    expect(result.daily).toHaveLength(7);
    expect(result.partsMissing).toBe(true);
  });
});

describe('one search upstream', () => {
  it('costs one forecast, one air-quality and the NWS calls, and nothing more on repeat', async () => {
    everythingAnswers();
    let now = Date.parse('2025-06-10T18:50:00Z');
    const service = weatherService({ provider, now: () => now });
    const query = { lat: 40.71, lon: -73.99, timezone: 'America/New_York', country_code: 'us', formatted: 'New York' };
    const first = await service.forecast(query);
    expect(paths().sort()).toEqual([
      '/alerts/active',
      '/gridpoints/OKX/33,35/forecast',
      '/points/40.71,-73.99',
      '/v1/air-quality',
      '/v1/forecast',
    ]);
    now += 60_000;
    const again = await service.forecast(query);
    expect(again).toEqual(first);
    expect(upstream.requests).toHaveLength(5);
    // Another length is another forecast request (and only that one's parts again).
    await service.forecast({ ...query, days: 16, hours: 384 });
    expect(count('/v1/forecast')).toBe(2);
    const longer = upstream.requests.filter((r) => r.path === '/v1/forecast')[1]?.query;
    expect(longer?.get('forecast_days')).toBe('16');
    expect(longer?.get('forecast_hours')).toBe('384');
  });

  it('asks for air quality and alerts while the forecast is still on its way (in parallel)', async () => {
    everythingAnswers();
    // The forecast is held until every other call has been made: they cannot be waiting for it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    upstream.on('/v1/forecast', { body: FORECAST, held });
    const pending = provider.forecast(NEW_YORK);
    await expect
      .poll(() => paths().sort(), { timeout: 30_000, interval: 5 })
      .toEqual([
        '/alerts/active',
        '/gridpoints/OKX/33,35/forecast',
        '/points/40.71,-73.99',
        '/v1/air-quality',
        '/v1/forecast',
      ]);
    release();
    const result = await pending;
    expect(result.airQuality.available).toBe(true);
  });

  it('fetches a forecast with a failed part again after a minute, not ten', async () => {
    everythingAnswers();
    upstream.on('/v1/air-quality', { status: 500, body: {} }, { status: 500, body: {} }, { body: AIR });
    let now = Date.parse('2025-06-10T18:50:00Z');
    const service = weatherService({ provider, now: () => now });
    const query = { lat: 40.71, lon: -73.99, timezone: 'America/New_York', country_code: 'us' };
    expect((await service.forecast(query)).air_quality.available).toBe(false);
    now += 61_000;
    const later = await service.forecast(query);
    expect(later.air_quality.available).toBe(true);
    expect(count('/v1/forecast')).toBe(2);
    now += 5 * 60_000;
    await service.forecast(query);
    expect(count('/v1/forecast')).toBe(2);
  });
});
