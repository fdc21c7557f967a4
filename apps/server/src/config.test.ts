import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      dataMode: 'demo',
      redisUrl: undefined,
      adminPassword: undefined,
      sessionTtlMs: 14 * 24 * 3600 * 1000,
      logLevel: 'info',
      trustProxy: false,
      corsOrigins: [],
      cookieSecure: 'auto',
      cookieSameSite: 'lax',
    });
  });

  it('reads every variable and treats empty strings as unset', () => {
    const config = loadConfig({
      PORT: '9001',
      DATABASE_URL: 'postgres://u@h/db',
      DATA_MODE: 'live',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SESSION_TTL_DAYS: '1',
      TRUST_PROXY: 'true',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      LOG_LEVEL: '',
    });
    expect(config).toMatchObject({
      port: 9001,
      databaseUrl: 'postgres://u@h/db',
      dataMode: 'live',
      redisUrl: 'redis://127.0.0.1:6379',
      sessionTtlMs: 24 * 3600 * 1000,
      trustProxy: true,
      corsOrigins: ['https://a.example', 'https://b.example'],
      logLevel: 'info',
    });
  });

  it('reads the time-outs of the live weather and address services', () => {
    expect(loadConfig({})).toMatchObject({ openMeteoTimeoutMs: 8000, nwsTimeoutMs: 6000, geocodingTimeoutMs: 5000 });
    expect(
      loadConfig({ OPEN_METEO_TIMEOUT_MS: '1500', NWS_TIMEOUT_MS: '1200', GEOCODING_TIMEOUT_MS: '900' }),
    ).toMatchObject({ openMeteoTimeoutMs: 1500, nwsTimeoutMs: 1200, geocodingTimeoutMs: 900 });
    expect(() => loadConfig({ GEOCODING_TIMEOUT_MS: '5' })).toThrow(/GEOCODING_TIMEOUT_MS/);
  });

  it('lists every invalid variable in one readable error', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATA_MODE: 'fake', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'short' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATA_MODE: 'fake', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATA_MODE', 'DATABASE_URL']) expect(message).toContain(name);
    }
  });
});
