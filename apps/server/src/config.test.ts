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
      requestTimeoutMs: 30_000,
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
      TRUST_PROXY: '1',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      LOG_LEVEL: '',
    });
    expect(config).toMatchObject({
      port: 9001,
      databaseUrl: 'postgres://u@h/db',
      dataMode: 'live',
      redisUrl: 'redis://127.0.0.1:6379',
      sessionTtlMs: 24 * 3600 * 1000,
      trustProxy: 1,
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

  it('reads TRUST_PROXY as a hop count or proxy addresses and refuses true', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true: .*X-Forwarded-For.*number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY=10\.0\.0\.0\/99: .*10\.0\.0\.0\/99/);
  });

  it('reads the order matcher’s interval in seconds (fractions allowed, 0 = off), 15 by default', () => {
    expect(loadConfig({}).orderMatchIntervalMs).toBe(15_000);
    expect(loadConfig({ ORDER_MATCH_INTERVAL_SECONDS: '0.25' }).orderMatchIntervalMs).toBe(250);
    expect(loadConfig({ ORDER_MATCH_INTERVAL_SECONDS: '0' }).orderMatchIntervalMs).toBe(0);
    expect(() => loadConfig({ ORDER_MATCH_INTERVAL_SECONDS: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ORDER_MATCH_INTERVAL_SECONDS: '3601' })).toThrow(ConfigError);
  });

  it('reads the contact form’s minimum fill time in whole seconds, 3 by default', () => {
    expect(loadConfig({}).contactMinFillSeconds).toBe(3);
    expect(loadConfig({ CONTACT_MIN_FILL_SECONDS: '0' }).contactMinFillSeconds).toBe(0);
    expect(() => loadConfig({ CONTACT_MIN_FILL_SECONDS: '-1' })).toThrow(/CONTACT_MIN_FILL_SECONDS/);
    expect(() => loadConfig({ CONTACT_MIN_FILL_SECONDS: '1.5' })).toThrow(/CONTACT_MIN_FILL_SECONDS/);
  });

  it('reads the request time-out, within bounds', () => {
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '1000' }).requestTimeoutMs).toBe(1000);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it('reads METRICS_TOKEN only when long enough to be a secret', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    for (const bad of ['short', 'has a space in it!!', 'a'.repeat(257)]) {
      expect(() => loadConfig({ METRICS_TOKEN: bad }), bad).toThrow(/METRICS_TOKEN/);
    }
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
  it('reads the backup settings: folder, schedule and retention', () => {
    expect(loadConfig({ DATA_DIR: '/srv/site' })).toMatchObject({
      backupDir: path.resolve('/srv/site/backups'),
      backupIntervalMs: undefined,
      backupKeep: 7,
    });
    expect(loadConfig({ BACKUP_DIR: '/mnt/snapshots', BACKUP_INTERVAL_HOURS: '6', BACKUP_KEEP: '30' })).toMatchObject({
      backupDir: path.resolve('/mnt/snapshots'),
      backupIntervalMs: 6 * 3600 * 1000,
      backupKeep: 30,
    });
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: '0.5' }).backupIntervalMs).toBe(30 * 60 * 1000);
    for (const bad of [
      { BACKUP_INTERVAL_HOURS: '0' },
      { BACKUP_INTERVAL_HOURS: 'daily' },
      { BACKUP_INTERVAL_HOURS: '1000' },
    ]) {
      expect(() => loadConfig(bad)).toThrow(/BACKUP_INTERVAL_HOURS/);
    }
    for (const bad of ['0', '2.5', 'all']) expect(() => loadConfig({ BACKUP_KEEP: bad })).toThrow(/BACKUP_KEEP/);
  });

  it('refuses a backup schedule on PostgreSQL, pointing to pg_dump', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', BACKUP_INTERVAL_HOURS: '24' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', BACKUP_INTERVAL_HOURS: '24' })).toThrow(/pg_dump/);
  });

  it('reads ALLOWED_HOSTS as host names (none by default) and refuses schemes, ports and wildcards', () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(loadConfig({ ALLOWED_HOSTS: ' WWW.Example.com, .example.net,10.0.0.5,[::1] ,' }).allowedHosts).toEqual([
      'www.example.com',
      '.example.net',
      '10.0.0.5',
      '[::1]',
    ]);
    for (const bad of [
      'https://example.com',
      'example.com:8080',
      '*',
      '*.example.com',
      'exa mple.com',
      'example.com/',
    ]) {
      expect(() => loadConfig({ ALLOWED_HOSTS: `ok.example, ${bad}` }), bad).toThrow(
        /ALLOWED_HOSTS=.*: host names without scheme or port/,
      );
    }
  });

  it('reads the mail settings: SMTP_URL off by default, MAIL_FROM with a default', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: 'Site <no-reply@localhost>' });
    const site = { PUBLIC_URL: 'https://me.example.com' };
    expect(
      loadConfig({ ...site, SMTP_URL: 'smtps://user:secret@mail.example.com:465', MAIL_FROM: 'Me <me@example.com>' }),
    ).toMatchObject({ smtpUrl: 'smtps://user:secret@mail.example.com:465', mailFrom: 'Me <me@example.com>' });
    expect(loadConfig({ ...site, SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'site@example.com' })).toMatchObject({
      smtpUrl: 'smtp://127.0.0.1:2525',
      mailFrom: 'site@example.com',
    });
    for (const bad of ['http://mail.example.com', 'mail.example.com:25', 'smtp//x']) {
      expect(() => loadConfig({ ...site, SMTP_URL: bad })).toThrow(/SMTP_URL must be an smtp/);
    }
    // A link built from the request's Host header could point a victim's mail at the sender's site.
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/set PUBLIC_URL too/);
    for (const bad of ['no address', 'Me <not an address>', 'a@b\r\nBcc: victim@example.com', 'Me <a@b'])
      expect(() => loadConfig({ MAIL_FROM: bad })).toThrow(/MAIL_FROM/);
  });
});
