import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryCounterStore } from '../../core/counter-store.js';
import { perClientLimit } from '../../core/per-client-limit.js';
import { UpstreamError } from '../../integrations/http/upstream-client.js';
import {
  type FakeReply,
  type FakeUpstream,
  readFixture,
  startFakeUpstream,
} from '../../integrations/testing/fake-upstream.js';
import { fetchNwsForecasts, supplementalFromPeriods } from '../../integrations/weather/nws.js';
import { openMeteoProvider } from '../../integrations/weather/open-meteo.js';
import {
  type Forecast,
  type ForecastRequest,
  NO_AIR_QUALITY,
  type WeatherProvider,
} from '../../integrations/weather/types.js';
import { weatherService } from './weather.service.js';

const fixture = (name: string) => readFixture(new URL(`../../integrations/weather/fixtures/${name}`, import.meta.url));
const FORECAST = fixture('open-meteo-forecast.json');
const POINTS = fixture('nws-points.json');
const NWS_FORECAST = fixture('nws-forecast.json');
const POINTS_404 = fixture('nws-points-404.json');
const USER_AGENT = 'site-tests/1.0 (tests@example.com)';

const NEW_YORK: ForecastRequest = { lat: 40.71, lon: -73.99, timezone: 'America/New_York', countryCode: 'us' };
const PARIS: ForecastRequest = { lat: 48.86, lon: 2.35, timezone: 'Europe/Paris', countryCode: 'fr' };

let upstream: FakeUpstream;
let provider: WeatherProvider;
const make = (timeouts: { openMeteo: number; nws: number }) =>
  openMeteoProvider({
    baseUrl: upstream.baseUrl,
    timeoutMs: timeouts.openMeteo,
    retryDelayMs: 5,
    nws: { baseUrl: upstream.baseUrl, userAgent: USER_AGENT, timeoutMs: timeouts.nws, retryDelayMs: 5 },
  });
// A time-out far beyond any answer of the local fake, however loaded the machine: only the
// time-out cases use a short one, against an answer that never comes in time.
const PATIENT = 30_000;
const IMPATIENT = 300;
beforeAll(async () => {
  upstream = await startFakeUpstream();
  provider = make({ openMeteo: PATIENT, nws: PATIENT });
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

const forecastCalls = () => upstream.requests.filter((r) => r.path === '/v1/forecast');
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
};

describe('Open-Meteo adapter', () => {
  it('asks for the seed’s variables in °F, mph and inches in the place’s zone, and maps the answer', async () => {
    upstream.on('/v1/forecast', { body: FORECAST });
    upstream.on('/points/40.71,-73.99', { body: POINTS });
    upstream.on('/gridpoints/OKX/33,35/forecast', { body: NWS_FORECAST });
    const result = await provider.forecast(NEW_YORK);

    const sent = forecastCalls()[0]?.query;
    expect(sent?.get('latitude')).toBe('40.71');
    expect(sent?.get('longitude')).toBe('-73.99');
    expect(sent?.get('temperature_unit')).toBe('fahrenheit');
    expect(sent?.get('wind_speed_unit')).toBe('mph');
    expect(sent?.get('precipitation_unit')).toBe('inch');
    expect(sent?.get('timezone')).toBe('America/New_York');
    expect(sent?.get('forecast_days')).toBe('7');
    expect(sent?.get('current')?.split(',')).toEqual([
      'temperature_2m',
      'relative_humidity_2m',
      'apparent_temperature',
      'is_day',
      'cloud_cover',
      'wind_speed_10m',
      'wind_direction_10m',
      'wind_gusts_10m',
      'weather_code',
      // More of the current sky, in the same request.
      'dew_point_2m',
      'pressure_msl',
      'visibility',
      'uv_index',
    ]);
    expect(sent?.get('daily')?.split(',')).toEqual([
      'weather_code',
      'temperature_2m_max',
      'temperature_2m_min',
      'apparent_temperature_max',
      'apparent_temperature_min',
      'precipitation_sum',
      'precipitation_probability_max',
      'wind_speed_10m_max',
      'wind_gusts_10m_max',
      'sunrise',
      'sunset',
      'uv_index_max',
    ]);

    expect(result.source).toBe('open-meteo');
    expect(result.timezone).toBe('America/New_York');
    expect(result.current).toEqual({
      temperature: 78.4,
      feelsLike: 79.9,
      cloud_cover: 41,
      relative_humidity: 52,
      wind_speed: 9.8,
      wind_direction: 203,
      wind_gusts: 21.3,
      code: 2,
      is_day: 'day',
    });
    expect(result.daily).toHaveLength(7);
    expect(result.daily[0]).toEqual({
      date: '2025-06-10',
      temperature_2m_max: 81.2,
      temperature_2m_min: 66.1,
      apparent_temperature_max: 82.9,
      apparent_temperature_min: 65,
      precipitation_probability_max: 10,
      precipitation_sum: 0,
      wind_speed_10m_max: 12.4,
      wind_gusts_10m_max: 25.3,
      weather_code: 2,
    });
    // Local dates exactly as sent, never shifted; a missing value stays null.
    expect(result.daily.map((d) => d.date)).toEqual([
      '2025-06-10',
      '2025-06-11',
      '2025-06-12',
      '2025-06-13',
      '2025-06-14',
      '2025-06-15',
      '2025-06-16',
    ]);
    expect(result.daily[6]?.precipitation_probability_max).toBeNull();
  });

  it('adds the NWS periods for a US place, grouped by local date, with a User-Agent', async () => {
    upstream.on('/v1/forecast', { body: FORECAST });
    upstream.on('/points/40.71,-73.99', { body: POINTS });
    upstream.on('/gridpoints/OKX/33,35/forecast', { body: NWS_FORECAST });
    const result = await provider.forecast(NEW_YORK);
    // Every period, grouped by the local date it starts on, in time order.
    expect(result.supplemental).toEqual({
      '2025-06-10': [
        {
          name: 'Tonight',
          startTime: '2025-06-10T18:00:00-04:00',
          isDaytime: false,
          detailedForecast: 'Partly cloudy, with a low around 66. South wind 5 to 10 mph.',
        },
      ],
      '2025-06-11': [
        {
          name: 'Wednesday',
          startTime: '2025-06-11T06:00:00-04:00',
          isDaytime: true,
          detailedForecast:
            'Rain. Cloudy, with a high near 75. Southeast wind 10 to 15 mph, with gusts as high as 30 mph. Chance of precipitation is 80%.',
        },
        {
          name: 'Wednesday Night',
          startTime: '2025-06-11T18:00:00-04:00',
          isDaytime: false,
          detailedForecast:
            'A chance of rain showers. Mostly cloudy, with a low around 63. East wind 5 to 10 mph. Chance of precipitation is 50%.',
        },
      ],
      '2025-06-12': [
        {
          name: 'Thursday',
          startTime: '2025-06-12T06:00:00-04:00',
          isDaytime: true,
          detailedForecast:
            'A chance of showers and thunderstorms after 2pm. Partly sunny, with a high near 77. West wind 5 to 10 mph. Chance of precipitation is 40%.',
        },
        {
          name: 'Thursday Night',
          startTime: '2025-06-12T18:00:00-04:00',
          isDaytime: false,
          detailedForecast: 'Mostly clear, with a low around 64. Northwest wind around 5 mph.',
        },
      ],
      '2025-06-13': [
        {
          name: 'Friday',
          startTime: '2025-06-13T06:00:00-04:00',
          isDaytime: true,
          detailedForecast: 'Mostly sunny, with a high near 80. Northwest wind 5 to 10 mph.',
        },
      ],
    });
    const nwsCalls = upstream.requests.filter((r) => r.path !== '/v1/forecast');
    // The alerts call runs beside the text forecasts' two (live-weather-extras.test.ts).
    expect(nwsCalls.map((r) => r.path).sort()).toEqual([
      '/alerts/active',
      '/gridpoints/OKX/33,35/forecast',
      '/points/40.71,-73.99',
    ]);
    for (const call of nwsCalls) expect(call.headers['user-agent']).toBe(USER_AGENT);
  });

  it('does not ask NWS about places outside the US', async () => {
    upstream.on('/v1/forecast', { body: FORECAST });
    const result = await provider.forecast(PARIS);
    expect(result.supplemental).toEqual({});
    expect(upstream.requests.map((r) => r.path)).toEqual(['/v1/forecast']);
  });

  it('leaves the text forecasts empty when NWS has no data for the point (404)', async () => {
    upstream.on('/v1/forecast', { body: FORECAST });
    upstream.on('/points/40.71,-73.99', { status: 404, body: POINTS_404 });
    const result = await provider.forecast(NEW_YORK);
    expect(result.supplemental).toEqual({});
    expect(result.daily).toHaveLength(7);
  });

  it('leaves the text forecasts empty when NWS fails, is slow or answers nonsense', async () => {
    // Only the slow case waits on NWS impatiently; Open-Meteo always answers in time.
    const impatientNws = make({ openMeteo: PATIENT, nws: IMPATIENT });
    const cases: [FakeReply, WeatherProvider][] = [
      [{ status: 500, body: { title: 'Unexpected Problem' } }, provider],
      [{ body: POINTS, delayMs: 600_000 }, impatientNws],
      [{ body: '{"properties": ' }, provider],
      [{ body: { properties: {} } }, provider],
    ];
    for (const [broken, asking] of cases) {
      upstream.reset();
      upstream.on('/v1/forecast', { body: FORECAST });
      upstream.on('/points/40.71,-73.99', broken);
      const result = await asking.forecast(NEW_YORK);
      expect(result.supplemental).toEqual({});
      expect(result.current.temperature).toBe(78.4);
    }
  });

  it('retries once after a 429 or a 5xx and then succeeds', async () => {
    upstream.on('/v1/forecast', { status: 429, body: { reason: 'Too many' } }, { body: FORECAST });
    expect((await provider.forecast(PARIS)).daily).toHaveLength(7);
    expect(forecastCalls()).toHaveLength(2);

    upstream.reset();
    upstream.on('/v1/forecast', { status: 503, body: {} }, { body: FORECAST });
    expect((await provider.forecast(PARIS)).daily).toHaveLength(7);
    expect(forecastCalls()).toHaveLength(2);
  });

  it('answers 503 when Open-Meteo keeps answering 429', async () => {
    upstream.on('/v1/forecast', { status: 429, body: {}, headers: { 'retry-after': '0' } });
    const error = await failure(provider.forecast(PARIS));
    expect(error.statusCode).toBe(503);
    expect(error.message).toMatch(/limiting requests right now/);
    expect(forecastCalls()).toHaveLength(2);
  });

  it('answers 502 when Open-Meteo keeps failing with 500', async () => {
    upstream.on('/v1/forecast', { status: 500, body: {} });
    const error = await failure(provider.forecast(PARIS));
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(/Open-Meteo.*failed \(HTTP 500\)/);
    expect(forecastCalls()).toHaveLength(2);
  });

  it('answers 502 at once for a 400, with no retry', async () => {
    upstream.on('/v1/forecast', { status: 400, body: fixture('open-meteo-error.json') });
    const error = await failure(provider.forecast(PARIS));
    expect(error.statusCode).toBe(502);
    expect(forecastCalls()).toHaveLength(1);
  });

  it('answers 503 on a time-out, without waiting twice', async () => {
    upstream.on('/v1/forecast', { body: FORECAST, delayMs: 600_000 });
    const impatient = make({ openMeteo: IMPATIENT, nws: PATIENT });
    const started = Date.now();
    const error = await failure(impatient.forecast(PARIS));
    expect(error.statusCode).toBe(503);
    expect(error.message).toMatch(/did not answer within 0\.3 s/);
    // Long before the answer would come; the single call shows it was not asked again.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(forecastCalls()).toHaveLength(1);
  });

  it('answers 502 for a malformed body or an unexpected shape', async () => {
    upstream.on('/v1/forecast', { body: '{"latitude": 40.7, "daily": [' });
    expect((await failure(provider.forecast(PARIS))).statusCode).toBe(502);
    upstream.reset();
    upstream.on('/v1/forecast', { body: { latitude: 40.7, timezone: 'UTC', daily: 'soon' } });
    const error = await failure(provider.forecast(PARIS));
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(/could not read/);
  });

  it('answers 503 when nothing listens', async () => {
    const dead = openMeteoProvider({ baseUrl: 'http://127.0.0.1:9', timeoutMs: PATIENT, retryDelayMs: 5 });
    expect((await failure(dead.forecast(PARIS))).statusCode).toBe(503);
  });
});

describe('NWS periods', () => {
  it('groups the periods by the local date they start on, in time order, without empty texts', () => {
    const tonight = {
      name: 'Tonight',
      startTime: '2025-06-10T18:00:00-04:00',
      isDaytime: false,
      detailedForecast: 'Clear.',
    };
    const wedNight = {
      name: 'Wednesday Night',
      startTime: '2025-06-11T18:00:00-04:00',
      isDaytime: false,
      detailedForecast: 'Night.',
    };
    const wed = {
      name: 'Wednesday',
      startTime: '2025-06-11T06:00:00-04:00',
      isDaytime: true,
      detailedForecast: ' Day. ',
    };
    const thu = { name: 'Thursday', startTime: '2025-06-12T06:00:00-04:00', isDaytime: true, detailedForecast: '   ' };
    expect(supplementalFromPeriods([tonight, wedNight, wed, thu])).toEqual({
      '2025-06-10': [tonight],
      '2025-06-11': [{ ...wed, detailedForecast: 'Day.' }, wedNight],
    });
  });

  it('keeps the local date of the period even when UTC is already the next day, and names a nameless one', () => {
    // 20:00 in Honolulu is 06:00 UTC the next day.
    expect(
      supplementalFromPeriods([
        { startTime: '2025-06-10T20:00:00-10:00', isDaytime: false, detailedForecast: 'Mostly clear.' },
      ]),
    ).toEqual({
      '2025-06-10': [
        { name: 'Night', startTime: '2025-06-10T20:00:00-10:00', isDaytime: false, detailedForecast: 'Mostly clear.' },
      ],
    });
  });

  it('only ever calls the configured host, whatever URL the points answer names', async () => {
    upstream.on('/points/40.71,-73.99', { body: POINTS });
    upstream.on('/gridpoints/OKX/33,35/forecast', { body: NWS_FORECAST });
    const result = await fetchNwsForecasts(40.71, -73.99, { baseUrl: upstream.baseUrl, userAgent: USER_AGENT });
    expect(Object.keys(result.supplemental)).toHaveLength(4);
    expect(result.failed).toBe(false);
  });

  it('keeps the path of NWS_BASE_URL for the forecast link too (a proxy at /nws)', async () => {
    upstream.on('/nws/points/40.71,-73.99', { body: POINTS });
    upstream.on('/nws/gridpoints/OKX/33,35/forecast', { body: NWS_FORECAST });
    const result = await fetchNwsForecasts(40.71, -73.99, {
      baseUrl: `${upstream.baseUrl}/nws`,
      userAgent: USER_AGENT,
    });
    expect(Object.keys(result.supplemental)).toHaveLength(4);
    expect(upstream.requests.map((r) => r.path)).toEqual([
      '/nws/points/40.71,-73.99',
      '/nws/gridpoints/OKX/33,35/forecast',
    ]);
  });

  it('tells a failure from a point it does not cover', async () => {
    upstream.on('/points/40.71,-73.99', { status: 404, body: POINTS_404 });
    expect((await fetchNwsForecasts(40.71, -73.99, { baseUrl: upstream.baseUrl, userAgent: USER_AGENT })).failed).toBe(
      false,
    );
    upstream.reset();
    upstream.on('/points/40.71,-73.99', { status: 500, body: { title: 'Unexpected Problem' } });
    const failed = await fetchNwsForecasts(40.71, -73.99, {
      baseUrl: upstream.baseUrl,
      userAgent: USER_AGENT,
      retryDelayMs: 1,
    });
    expect(failed).toEqual({ supplemental: {}, failed: true });
  });
});

describe('Open-Meteo units and day/night (docs/api.md#live-data)', () => {
  it('converts an answer in °C, km/h and mm instead of labelling it °F, mph and inches', async () => {
    upstream.on('/v1/forecast', { body: FORECAST });
    const imperial = await provider.forecast(PARIS);
    upstream.reset();
    upstream.on('/v1/forecast', { body: fixture('open-meteo-forecast-metric.json') });
    const converted = await provider.forecast(PARIS);
    expect(converted.current.temperature).toBeCloseTo(imperial.current.temperature ?? 0, 0);
    expect(converted.current.wind_gusts).toBeCloseTo(imperial.current.wind_gusts ?? 0, 0);
    converted.daily.forEach((day, i) => {
      const expected = imperial.daily[i];
      expect(day.temperature_2m_max).toBeCloseTo(expected?.temperature_2m_max ?? 0, 0);
      expect(day.wind_speed_10m_max).toBeCloseTo(expected?.wind_speed_10m_max ?? 0, 0);
      expect(day.precipitation_sum).toBeCloseTo(expected?.precipitation_sum ?? 0, 1);
    });
  });

  it('refuses temperatures in a unit it cannot convert (502)', async () => {
    const body = JSON.parse(FORECAST);
    body.current_units.temperature_2m = 'K';
    upstream.on('/v1/forecast', { body });
    const error = await failure(provider.forecast(PARIS));
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(/temperature_2m in a unit we cannot use \(K\)/);
  });

  it('treats a missing is_day as unknown and asks the sun, not as night', async () => {
    // The metric fixture has no is_day: 14:45 in New York in June is day.
    upstream.on('/v1/forecast', { body: fixture('open-meteo-forecast-metric.json') });
    expect((await provider.forecast(PARIS)).current.is_day).toBe('day');
    const body = JSON.parse(fixture('open-meteo-forecast-metric.json'));
    body.current.time = '2025-06-10T02:45';
    upstream.reset();
    upstream.on('/v1/forecast', { body });
    expect((await provider.forecast(PARIS)).current.is_day).toBe('night');
  });
});

describe('a forecast whose text forecasts failed', () => {
  it('is fetched again after a minute, not kept ten', async () => {
    let now = Date.parse('2025-06-10T12:00:00Z');
    const service = weatherService({ provider, now: () => now });
    const query = { lat: 40.71, lon: -73.99, timezone: 'America/New_York', country_code: 'us', formatted: 'New York' };
    upstream.on('/v1/forecast', { body: FORECAST });
    // Both attempts of the first call fail (one retry on a 5xx); the next call gets through.
    const down = { status: 500, body: { title: 'Unexpected Problem' } };
    upstream.on('/points/40.71,-73.99', down, down, { body: POINTS });
    upstream.on('/gridpoints/OKX/33,35/forecast', { body: NWS_FORECAST });
    upstream.on('/alerts/active', { body: fixture('nws-alerts-empty.json') });
    const first = await service.forecast(query);
    expect(Object.values(first.supplemental).flat()).toHaveLength(0);
    now += 30_000;
    await service.forecast(query);
    expect(forecastCalls()).toHaveLength(1);
    now += 31_000;
    const later = await service.forecast(query);
    expect(forecastCalls()).toHaveLength(2);
    expect(Object.values(later.supplemental).flat().length).toBeGreaterThan(0);
    // Complete now: kept the full ten minutes.
    now += 5 * 60_000;
    await service.forecast(query);
    expect(forecastCalls()).toHaveLength(2);
  });
});

describe('forecast caching', () => {
  it('keeps a forecast 10 minutes per ~0.01° cell and shares one call between concurrent requests', async () => {
    let now = Date.parse('2025-06-10T12:00:00Z');
    let calls = 0;
    const counting: WeatherProvider = {
      async forecast(request) {
        calls++;
        await new Promise((r) => setTimeout(r, 20));
        return {
          timezone: request.timezone,
          current: {
            temperature: 1,
            feelsLike: 1,
            cloud_cover: 1,
            relative_humidity: 1,
            wind_speed: 1,
            wind_direction: 1,
            wind_gusts: 1,
            code: 0,
            is_day: 'day',
          },
          daily: [],
          supplemental: {},
          source: 'demo',
          hourly: [],
          dailyDetails: [],
          currentDetails: {
            uv_index: null,
            uv_band: null,
            dew_point: null,
            pressure: null,
            pressure_trend: null,
            visibility: null,
            sunrise: null,
            sunset: null,
          },
          airQuality: NO_AIR_QUALITY,
          alerts: [],
          alertsStatus: 'not-covered',
          updatedAt: new Date(now).toISOString(),
          sources: { forecast: 'test', air_quality: null, alerts: null, detailed_forecasts: null },
        } satisfies Forecast;
      },
    };
    const service = weatherService({ provider: counting, now: () => now });
    const query = { lat: 48.8566, lon: 2.3522, timezone: 'Europe/Paris', country_code: 'fr', formatted: 'Paris' };
    await Promise.all([service.forecast(query), service.forecast({ ...query, lat: 48.8581, lon: 2.3538 })]);
    expect(calls).toBe(1);
    const answer = await service.forecast({ ...query, formatted: 'Somewhere else' });
    expect(calls).toBe(1);
    // The answer still echoes this request's own address and coordinates.
    expect(answer.address).toBe('Somewhere else');
    expect(answer.geodata).toEqual({ lat: 48.8566, lon: 2.3522 });
    await service.forecast({ ...query, lat: 48.87 });
    expect(calls).toBe(2);
    now += 10 * 60 * 1000 + 1;
    await service.forecast(query);
    expect(calls).toBe(3);
  });

  it('does not cache failures', async () => {
    let calls = 0;
    const flaky: WeatherProvider = {
      async forecast() {
        calls++;
        throw new UpstreamError(502, 'nope', 'status', 500);
      },
    };
    const service = weatherService({ provider: flaky });
    const query = { lat: 1, lon: 2, timezone: 'UTC', country_code: 'xx', formatted: 'x' };
    await expect(service.forecast(query)).rejects.toThrow('nope');
    await expect(service.forecast(query)).rejects.toThrow('nope');
    expect(calls).toBe(2);
  });
});

describe('per-client budget', () => {
  it('answers 429 past the budget, per client address', async () => {
    const limit = perClientLimit(new MemoryCounterStore(), 'weather', 2);
    const from = (ip: string) => ({ ip }) as FastifyRequest;
    await limit(from('10.0.0.1'));
    await limit(from('10.0.0.1'));
    await expect(limit(from('10.0.0.1'))).rejects.toMatchObject({ statusCode: 429 });
    await expect(limit(from('10.0.0.2'))).resolves.toBeUndefined();
  });
});
