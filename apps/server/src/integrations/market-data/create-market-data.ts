import type { Config } from '../../config.js';
import type { SharedCacheStore } from '../../core/shared-cache-store.js';
import type { CacheLookupResult } from '../../core/ttl-cache.js';
import type { UpstreamCallObserver } from '../http/upstream-client.js';
import { DemoMarketDataProvider } from './demo/demo-provider.js';
import type { MarketDataProvider } from './types.js';
import { YahooClient } from './yahoo/yahoo-client.js';
import { YahooMarketDataProvider } from './yahoo/yahoo-provider.js';

export type { Bar, MarketDataProvider } from './types.js';

/** The provider `DATA_MODE` selects: the offline demo market or Yahoo Finance. */
export function createMarketDataProvider(
  config: Config,
  options: {
    now?: () => number;
    sharedCache?: SharedCacheStore | undefined;
    onUpstreamCall?: UpstreamCallObserver | undefined;
    onCacheLookup?: ((cache: string, result: CacheLookupResult) => void) | undefined;
  } = {},
): MarketDataProvider {
  if (config.dataMode === 'live') {
    const client = new YahooClient({
      baseUrl: config.yahooBaseUrl,
      cookieUrl: config.yahooCookieUrl,
      crumb: config.yahooCrumb,
      timeoutMs: config.yahooTimeoutMs,
      maxRetries: config.yahooMaxRetries,
      onCall: options.onUpstreamCall,
    });
    return new YahooMarketDataProvider({
      client,
      quoteTtlMs: config.yahooQuoteCacheMs,
      profileTtlMs: config.yahooProfileCacheMs,
      ...(options.now ? { now: options.now } : {}),
      sharedCache: options.sharedCache,
      onCacheLookup: options.onCacheLookup,
    });
  }
  return new DemoMarketDataProvider(options.now ? { now: options.now } : {});
}
