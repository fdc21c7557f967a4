import path from 'node:path';
import { CONTACT_MIN_FILL_SECONDS, dataModeSchema } from '@site/contract';
import { z } from 'zod';
import { ALLOWED_HOST_PATTERN } from './core/allowed-hosts.js';
import { parseTrustProxy, type TrustProxy } from './core/trust-proxy.js';

/** Every setting the server reads, with its default. The README lists the same table. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  DATA_MODE: dataModeSchema.default('demo'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('site:'),
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  SESSION_TTL_DAYS: z.coerce.number().positive().max(365).default(14),
  // How long an instance reuses a session it looked up (docs/decisions.md#session-cache); 0 = off.
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  // A bearer token for GET /metrics; unset = no metrics endpoint at all (README '### Metrics').
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,256}$/, 'METRICS_TOKEN must be 16 to 256 visible characters without spaces')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): TrustProxy => {
      const parsed = parseTrustProxy(v);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY=${v}: ${parsed.message}` });
      return z.NEVER;
    }),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  COOKIE_SAMESITE: z.enum(['lax', 'strict', 'none']).default('lax'),
  LOGIN_MAX_FAILURES_PER_USERNAME: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_MAX_ATTEMPTS_PER_USERNAME: z.coerce.number().int().positive().default(100),
  WEB_DIST_DIR: z.string().optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL such as https://example.com' })
    .optional(),
  // Host names the site answers to besides PUBLIC_URL's (core/allowed-hosts.ts); `.example.com` covers its subdomains.
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const hosts = v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      const bad = hosts.filter((h) => !ALLOWED_HOST_PATTERN.test(h));
      if (bad.length === 0) return hosts;
      ctx.addIssue({
        code: 'custom',
        message: `ALLOWED_HOSTS=${bad.join(',')}: host names without scheme or port, e.g. www.example.com,.example.com`,
      });
      return z.NEVER;
    }),
  SUDOKU_POOL_SIZE: z.coerce.number().int().min(0).max(1000).default(10),
  // How often the order matcher runs (docs/api.md#orders); 0 = never (another instance matches).
  ORDER_MATCH_INTERVAL_SECONDS: z.coerce.number().min(0).max(3600).default(15),
  FULL_STOCK_CACHE: z.enum(['on', 'off']).default('on'),
  // Tests only (README): the demo market and the order matcher read "now" from this file.
  DEMO_CLOCK_FILE: z.string().min(1).optional(),
  // Dividends and splits applied to wallets on start and then this often (docs/api.md#corporate-actions); 0 = never.
  CORPORATE_ACTIONS_INTERVAL_MINUTES: z.coerce.number().min(0).max(1440).default(15),
  YAHOO_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'YAHOO_BASE_URL must be an http(s) URL' })
    .default('https://query1.finance.yahoo.com'),
  YAHOO_COOKIE_URL: z
    .url({ protocol: /^https?$/, error: 'YAHOO_COOKIE_URL must be an http(s) URL' })
    .default('https://fc.yahoo.com'),
  YAHOO_CRUMB: z.enum(['auto', 'off']).default('auto'),
  YAHOO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  YAHOO_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  YAHOO_QUOTE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  YAHOO_PROFILE_CACHE_SECONDS: z.coerce.number().int().min(0).max(604_800).default(86_400),
  OPEN_METEO_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'OPEN_METEO_BASE_URL must be an http(s) URL' })
    .default('https://api.open-meteo.com'),
  OPEN_METEO_AIR_QUALITY_URL: z
    .url({ protocol: /^https?$/, error: 'OPEN_METEO_AIR_QUALITY_URL must be an http(s) URL' })
    .default('https://air-quality-api.open-meteo.com'),
  NWS_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'NWS_BASE_URL must be an http(s) URL' })
    .default('https://api.weather.gov'),
  OPEN_METEO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  NWS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(6000),
  NWS_USER_AGENT: z.string().min(1).max(200).optional(),
  GEOAPIFY_API_KEY: z.string().min(1).max(200).optional(),
  GEOAPIFY_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'GEOAPIFY_BASE_URL must be an http(s) URL' })
    .default('https://api.geoapify.com'),
  PHOTON_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'PHOTON_BASE_URL must be an http(s) URL' })
    .default('https://photon.komoot.io'),
  GEOCODING_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  BACKUP_DIR: z.string().min(1).optional(),
  // At most 24 days: a longer delay overflows Node's timers.
  BACKUP_INTERVAL_HOURS: z.coerce.number().positive().max(576).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  // Outgoing mail for password-reset links; unset = no e-mail (README, '### Password resets').
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587',
    })
    .optional(),
  // The contact form's minimum fill time (docs/api.md#contact); 0 only for browser tests, which cannot wait.
  CONTACT_MIN_FILL_SECONDS: z.coerce.number().int().min(0).max(600).default(CONTACT_MIN_FILL_SECONDS),
  MAIL_FROM: z
    .string()
    .max(320)
    .regex(/^[^\r\n]+$/, 'MAIL_FROM must be one line')
    .regex(
      /^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
      'MAIL_FROM must be an address, or a name and <address>',
    )
    .default('Site <no-reply@localhost>'),
});

export type Env = z.input<typeof envSchema>;

/** Every variable the server reads (the deploy kit's check holds its files to these). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  dataMode: 'demo' | 'live';
  /**
   * Tests only: a file holding the time (ISO 8601 or epoch ms) that the demo market, the order
   * matcher and order expiry take as "now" (integrations/file-clock.ts); only with DATA_MODE=demo.
   */
  demoClockFile: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several sites (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** How long a Redis command may take before Redis counts as away (core/redis.ts). */
  redisCommandTimeoutMs: number;
  adminPassword: string | undefined;
  adminEmail: string;
  sessionTtlMs: number;
  /** How long a looked-up session is reused before it is read again; 0 = every request reads it. */
  sessionCacheMs: number;
  logLevel: string;
  /** Bearer token that unlocks GET /metrics; undefined = the endpoint does not exist. */
  metricsToken: string | undefined;
  /** Proxies believed about X-Forwarded-*: off, a hop count or their addresses (core/trust-proxy.ts). */
  trustProxy: TrustProxy;
  /** How long a client may take to send one whole request (headers and body) before a 408. */
  requestTimeoutMs: number;
  corsOrigins: string[];
  /** 'auto': Secure when the request arrived over HTTPS (directly or, with TRUST_PROXY, via a proxy). */
  cookieSecure: 'auto' | boolean;
  cookieSameSite: 'lax' | 'strict' | 'none';
  /** Wrong passwords per (username, client address) in 15 minutes; a success clears them. */
  loginMaxFailuresPerUsername: number;
  loginMaxAttemptsPerIp: number;
  /** Ceiling on password checks per username in 15 minutes from all addresses but known devices. */
  loginMaxAttemptsPerUsername: number;
  /**
   * The site's public address (no trailing slash), for absolute links in answers such as portfolio
   * image URLs; undefined = taken from each request (docs/api.md#other-behaviour).
   */
  publicUrl: string | undefined;
  /**
   * Further host names (lower case; `.name` = it and its subdomains) that requests may name besides
   * PUBLIC_URL's; with either set, any other host is refused (core/allowed-hosts.ts).
   */
  allowedHosts: string[];
  /** Where the built web app lives; undefined = the web workspace's dist folder. */
  webDistDir: string | undefined;
  /** Puzzles kept ready per difficulty; 0 generates each on demand. */
  sudokuPoolSize: number;
  /** How often the order matcher runs, ms; 0 = not in this instance. */
  orderMatchIntervalMs: number;
  /**
   * get_full_stock answers kept serialized and compressed while their data holds, built a few at a
   * time; false builds each on request (the benchmark's baseline).
   */
  fullStockCache: boolean;
  /** How often wallets get their dividends and splits (first on start); undefined = never. */
  corporateActionsIntervalMs: number | undefined;
  /** Live market data (DATA_MODE=live): Yahoo Finance endpoints, time-out, retries and cache lifetimes. */
  yahooBaseUrl: string;
  /** Page that sets Yahoo's session cookie for the crumb handshake. */
  yahooCookieUrl: string;
  yahooCrumb: 'auto' | 'off';
  yahooTimeoutMs: number;
  yahooMaxRetries: number;
  yahooQuoteCacheMs: number;
  yahooProfileCacheMs: number;
  /** Live weather (DATA_MODE=live): Open-Meteo, and the US National Weather Service for text forecasts. */
  openMeteoBaseUrl: string;
  /** Open-Meteo's air-quality API (another host than the forecast). */
  openMeteoAirQualityUrl: string;
  nwsBaseUrl: string;
  /** Time-outs of one Open-Meteo / NWS request. */
  openMeteoTimeoutMs: number;
  nwsTimeoutMs: number;
  /** NWS asks every client to identify itself; defaults to the site name and ADMIN_EMAIL. */
  nwsUserAgent: string;
  /** Live address search: Geoapify when a key is set, else Photon (no key). */
  geoapifyApiKey: string | undefined;
  geoapifyBaseUrl: string;
  photonBaseUrl: string;
  /** Time-out of one Geoapify / Photon request. */
  geocodingTimeoutMs: number;
  /** Where SQLite snapshots are written (`npm run backup` and the schedule); default DATA_DIR/backups. */
  backupDir: string;
  /** How often the server takes a snapshot; undefined = never on its own (SQLite only). */
  backupIntervalMs: number | undefined;
  /** Snapshots kept in backupDir; older ones are deleted after each new one. */
  backupKeep: number;
  /** smtp(s):// URL of the mail server for password-reset links; undefined = no e-mail. */
  smtpUrl: string | undefined;
  /** The From of the mail the site sends: `Name <address>` or an address. */
  mailFrom: string;
  /** Seconds a contact form must have been open before it may be sent (a person takes that long). */
  contactMinFillSeconds: number;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset" so that `FOO= npm start` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.BACKUP_INTERVAL_HOURS !== undefined && e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  BACKUP_INTERVAL_HOURS: scheduled backups are for SQLite; back PostgreSQL up with pg_dump (README, Backups)',
    );
  }
  if (e.DEMO_CLOCK_FILE && e.DATA_MODE !== 'demo') {
    // A test hook: the live market's prices are today's, whatever a file says the time is.
    throw new ConfigError('Invalid configuration:\n  DEMO_CLOCK_FILE: only for tests with DATA_MODE=demo');
  }
  if (e.SMTP_URL && !e.PUBLIC_URL) {
    // The e-mailed link must not be built from a request's Host header, which its sender chooses.
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: set PUBLIC_URL too (the address in e-mailed password-reset links), e.g. PUBLIC_URL=https://me.example.com',
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dataMode: e.DATA_MODE,
    demoClockFile: e.DEMO_CLOCK_FILE ? path.resolve(e.DEMO_CLOCK_FILE) : undefined,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    adminPassword: e.ADMIN_PASSWORD,
    adminEmail: e.ADMIN_EMAIL,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    corsOrigins: e.CORS_ORIGINS,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    cookieSameSite: e.COOKIE_SAMESITE,
    loginMaxFailuresPerUsername: e.LOGIN_MAX_FAILURES_PER_USERNAME,
    loginMaxAttemptsPerIp: e.LOGIN_MAX_ATTEMPTS_PER_IP,
    loginMaxAttemptsPerUsername: e.LOGIN_MAX_ATTEMPTS_PER_USERNAME,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    allowedHosts: e.ALLOWED_HOSTS,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    sudokuPoolSize: e.SUDOKU_POOL_SIZE,
    orderMatchIntervalMs: Math.round(e.ORDER_MATCH_INTERVAL_SECONDS * 1000),
    fullStockCache: e.FULL_STOCK_CACHE === 'on',
    corporateActionsIntervalMs:
      e.CORPORATE_ACTIONS_INTERVAL_MINUTES === 0 ? undefined : e.CORPORATE_ACTIONS_INTERVAL_MINUTES * 60_000,
    yahooBaseUrl: e.YAHOO_BASE_URL,
    yahooCookieUrl: e.YAHOO_COOKIE_URL,
    yahooCrumb: e.YAHOO_CRUMB,
    yahooTimeoutMs: e.YAHOO_TIMEOUT_MS,
    yahooMaxRetries: e.YAHOO_MAX_RETRIES,
    yahooQuoteCacheMs: e.YAHOO_QUOTE_CACHE_SECONDS * 1000,
    yahooProfileCacheMs: e.YAHOO_PROFILE_CACHE_SECONDS * 1000,
    openMeteoBaseUrl: e.OPEN_METEO_BASE_URL,
    openMeteoAirQualityUrl: e.OPEN_METEO_AIR_QUALITY_URL,
    nwsBaseUrl: e.NWS_BASE_URL,
    openMeteoTimeoutMs: e.OPEN_METEO_TIMEOUT_MS,
    nwsTimeoutMs: e.NWS_TIMEOUT_MS,
    nwsUserAgent: e.NWS_USER_AGENT ?? `personal-site-weather/1.0 (${e.ADMIN_EMAIL})`,
    geoapifyApiKey: e.GEOAPIFY_API_KEY,
    geoapifyBaseUrl: e.GEOAPIFY_BASE_URL,
    photonBaseUrl: e.PHOTON_BASE_URL,
    geocodingTimeoutMs: e.GEOCODING_TIMEOUT_MS,
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    backupIntervalMs: e.BACKUP_INTERVAL_HOURS === undefined ? undefined : e.BACKUP_INTERVAL_HOURS * 3600 * 1000,
    backupKeep: e.BACKUP_KEEP,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactMinFillSeconds: e.CONTACT_MIN_FILL_SECONDS,
  };
}
