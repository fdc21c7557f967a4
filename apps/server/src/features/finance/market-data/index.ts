import type { Config } from '../../../config.js';
import type { AppDeps } from '../../../core/deps.js';
import type { SharedCacheStore } from '../../../core/shared-cache-store.js';
import { DemoMarketDataProvider } from './demo/demo-provider.js';
import type { MarketDataProvider } from './types.js';
import { YahooClient } from './yahoo/yahoo-client.js';
import { YahooMarketDataProvider } from './yahoo/yahoo-provider.js';

export type { Bar, MarketDataProvider } from './types.js';

/** The provider `DATA_MODE` selects: the offline demo market or Yahoo Finance. */
export function createMarketDataProvider(
  config: Config,
  options: { now?: () => number; sharedCache?: SharedCacheStore | undefined } = {},
): MarketDataProvider {
  if (config.dataMode === 'live') {
    const client = new YahooClient({
      baseUrl: config.yahooBaseUrl,
      cookieUrl: config.yahooCookieUrl,
      crumb: config.yahooCrumb,
      timeoutMs: config.yahooTimeoutMs,
      maxRetries: config.yahooMaxRetries,
    });
    return new YahooMarketDataProvider({
      client,
      quoteTtlMs: config.yahooQuoteCacheMs,
      profileTtlMs: config.yahooProfileCacheMs,
      ...options,
    });
  }
  return new DemoMarketDataProvider(options.now ? { now: options.now } : {});
}

const providers = new WeakMap<AppDeps, MarketDataProvider>();

/**
 * The app's one market-data provider (created on first use, so its caches are shared by every
 * feature that prices stocks — watchlist, wallets, trades). Resolve it per request, not at
 * plugin registration, so tests can swap it with `setMarketDataProvider`.
 */
export function marketDataFor(deps: AppDeps): MarketDataProvider {
  let provider = providers.get(deps);
  if (!provider) {
    provider = createMarketDataProvider(deps.config, { sharedCache: deps.sharedCache });
    providers.set(deps, provider);
  }
  return provider;
}

/** Replaces the app's provider (tests: a pinned clock, a fake upstream). */
export function setMarketDataProvider(deps: AppDeps, provider: MarketDataProvider): void {
  providers.set(deps, provider);
}
