import type { Config } from '../config.js';
import type { SharedCacheStore } from '../core/shared-cache-store.js';
import type { CacheLookupResult } from '../core/ttl-cache.js';
import { fileClock } from './file-clock.js';
import { createGeocodingProvider } from './geocoding/create-geocoder.js';
import { type Locator, locateInGazetteer } from './geocoding/locate.js';
import type { GeocodingProvider } from './geocoding/types.js';
import type { UpstreamCallObserver } from './http/upstream-client.js';
import { createConfiguredMailer, type Mailer } from './mail/mailer.js';
import { createMarketDataProvider } from './market-data/create-market-data.js';
import type { MarketDataProvider } from './market-data/types.js';
import { createWeatherProvider } from './weather/create-weather.js';
import type { WeatherProvider } from './weather/types.js';

/**
 * Every outside system the features reach, each live adapter or its offline stand-in as
 * `DATA_MODE` says. Built once per app in `buildApp` and handed to features through `app.deps`,
 * so one provider (and its caches) serves every feature that needs it (docs/architecture.md).
 */
export interface Integrations {
  marketData: MarketDataProvider;
  weather: WeatherProvider;
  geocoder: GeocodingProvider;
  /** Names a bare coordinate from the embedded gazetteer (both modes: it needs no network). */
  locate: Locator;
  /** Outgoing e-mail when SMTP_URL is set; undefined = the site sends none (no reset by e-mail). */
  mailer: Mailer | undefined;
  /**
   * The time in epoch ms for what runs on its own clock (the order matcher, order expiry); tests
   * pin it together with the demo market's.
   */
  clock: () => number;
}

export interface IntegrationHooks {
  sharedCache?: SharedCacheStore | undefined;
  /** Told of every outside call (metrics, the admin status). */
  onUpstreamCall?: UpstreamCallObserver | undefined;
  /** Told of every lookup in an adapter's answer caches (metrics' cache_lookups_total). */
  onCacheLookup?: ((cache: string, result: CacheLookupResult) => void) | undefined;
}

export function createIntegrations(config: Config, options: IntegrationHooks = {}) {
  // Browser tests drive the demo market's time from a file (README, DEMO_CLOCK_FILE); config.ts refuses it in live mode.
  const clock = config.dataMode === 'demo' && config.demoClockFile ? fileClock(config.demoClockFile) : Date.now;
  return {
    marketData: createMarketDataProvider(config, {
      ...(clock === Date.now ? {} : { now: clock }),
      sharedCache: options.sharedCache,
      onUpstreamCall: options.onUpstreamCall,
      onCacheLookup: options.onCacheLookup,
    }),
    weather: createWeatherProvider(config, options.onUpstreamCall),
    geocoder: createGeocodingProvider(config, options.onUpstreamCall),
    locate: locateInGazetteer,
    mailer: createConfiguredMailer(config),
    clock,
  } satisfies Integrations;
}

/** The outside services `config` reaches (none in demo mode): listed on the admin status from the start. */
export function liveProviderNames(config: Pick<Config, 'dataMode' | 'geoapifyApiKey'>): string[] {
  if (config.dataMode !== 'live') return [];
  return ['yahoo', 'open-meteo', 'nws', config.geoapifyApiKey ? 'geoapify' : 'photon'];
}
