import type { Config } from '../config.js';
import type { SharedCacheStore } from '../core/shared-cache-store.js';
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
}

export function createIntegrations(
  config: Config,
  options: { sharedCache?: SharedCacheStore | undefined; onUpstreamCall?: UpstreamCallObserver | undefined } = {},
) {
  return {
    marketData: createMarketDataProvider(config, {
      sharedCache: options.sharedCache,
      onUpstreamCall: options.onUpstreamCall,
    }),
    weather: createWeatherProvider(config, options.onUpstreamCall),
    geocoder: createGeocodingProvider(config, options.onUpstreamCall),
    locate: locateInGazetteer,
    mailer: createConfiguredMailer(config),
  } satisfies Integrations;
}
