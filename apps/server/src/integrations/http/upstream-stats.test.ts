import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeUpstream, readFixture, startFakeUpstream } from '../testing/fake-upstream.js';
import { openMeteoProvider } from '../weather/open-meteo.js';
import type { ForecastRequest } from '../weather/types.js';
import { observeAll, UpstreamStats } from './upstream-stats.js';

const FORECAST = readFixture(new URL('../weather/fixtures/open-meteo-forecast.json', import.meta.url));
const PARIS: ForecastRequest = { lat: 48.86, lon: 2.35, timezone: 'Europe/Paris', countryCode: 'fr' };
const T0 = Date.parse('2026-03-01T10:00:00Z');

describe('UpstreamStats fed by a real adapter', () => {
  let upstream: FakeUpstream;
  let now: number;
  let stats: UpstreamStats;
  let forecast: (request: ForecastRequest) => Promise<unknown>;
  let impatientForecast: (request: ForecastRequest) => Promise<unknown>;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(() => upstream.close());
  beforeEach(() => {
    upstream.reset();
    now = T0;
    stats = new UpstreamStats(['open-meteo', 'yahoo'], () => now);
    // A time-out far beyond any answer of the local fake, however loaded the machine: only the
    // time-out case uses the short one, against an answer that never comes in time.
    const provider = openMeteoProvider({
      baseUrl: upstream.baseUrl,
      timeoutMs: 30_000,
      retryDelayMs: 1,
      onCall: stats.observe,
    });
    forecast = (request) => provider.forecast(request);
    const impatient = openMeteoProvider({
      baseUrl: upstream.baseUrl,
      timeoutMs: 200,
      retryDelayMs: 1,
      onCall: stats.observe,
    });
    impatientForecast = (request) => impatient.forecast(request);
  });

  const only = (name: string) => stats.snapshot().find((p) => p.provider === name);

  it('lists the expected providers before any call', () => {
    expect(stats.snapshot()).toEqual(
      ['open-meteo', 'yahoo'].map((provider) => ({
        provider,
        calls: 0,
        failures: 0,
        error_rate: 0,
        last_success_at: null,
        last_failure_at: null,
        last_error: null,
      })),
    );
  });

  it('records a failure (retries counted once) then a success, each with its time', async () => {
    upstream.on('/v1/forecast', { status: 500 });
    await expect(forecast(PARIS)).rejects.toThrow(/HTTP 500/);
    expect(upstream.requests.length).toBe(2); // one retry, still one call
    now += 60_000;
    upstream.on('/v1/forecast', { body: FORECAST });
    await forecast(PARIS);
    expect(only('open-meteo')).toEqual({
      provider: 'open-meteo',
      calls: 2,
      failures: 1,
      error_rate: 0.5,
      last_success_at: new Date(T0 + 60_000).toISOString(),
      last_failure_at: new Date(T0).toISOString(),
      last_error: expect.stringMatching(/Open-Meteo.*HTTP 500/),
    });
    expect(only('yahoo')?.calls).toBe(0);
  });

  it('records a time-out and an unreadable answer with their messages, never the URL', async () => {
    upstream.on('/v1/forecast', { body: FORECAST, delayMs: 600_000 });
    await expect(impatientForecast(PARIS)).rejects.toThrow(/did not answer/);
    expect(only('open-meteo')?.last_error).toMatch(/did not answer within/);
    upstream.on('/v1/forecast', { body: 'not json' });
    await expect(forecast(PARIS)).rejects.toThrow();
    const record = only('open-meteo');
    expect(record).toMatchObject({ calls: 2, failures: 2, error_rate: 1 });
    expect(record?.last_error).toMatch(/could not read/);
    expect(record?.last_error).not.toContain('127.0.0.1');
  });

  it('adds a provider on its first call and fans one report out to every observer', () => {
    const seen: string[] = [];
    const observe = observeAll(stats.observe, undefined, (provider, outcome) => seen.push(`${provider}:${outcome}`));
    observe('photon', 'network', 'Photon cannot be reached.');
    observe('photon', 'ok');
    expect(seen).toEqual(['photon:network', 'photon:ok']);
    expect(only('photon')).toMatchObject({ calls: 2, failures: 1, last_error: 'Photon cannot be reached.' });
    expect(stats.snapshot().map((p) => p.provider)).toEqual(['open-meteo', 'photon', 'yahoo']);
  });
});
