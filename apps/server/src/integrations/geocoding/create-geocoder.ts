import type { Config } from '../../config.js';
import { demoGeocoder } from './demo-geocoder.js';
import { geoapifyGeocoder } from './geoapify.js';
import { photonGeocoder } from './photon.js';
import type { GeocodingProvider } from './types.js';

/** DATA_MODE=demo: the embedded gazetteer; live: Geoapify with GEOAPIFY_API_KEY, else Photon. */
export function createGeocodingProvider(
  config: Pick<Config, 'dataMode' | 'geoapifyApiKey' | 'geoapifyBaseUrl' | 'photonBaseUrl'> &
    Partial<Pick<Config, 'geocodingTimeoutMs'>>,
  options: { timeoutMs?: number; retryDelayMs?: number } = {},
): GeocodingProvider {
  if (config.dataMode === 'demo') return demoGeocoder();
  // An explicit time-out (tests) wins over GEOCODING_TIMEOUT_MS.
  const timeoutMs = options.timeoutMs ?? config.geocodingTimeoutMs;
  const timing = { ...options, ...(timeoutMs !== undefined ? { timeoutMs } : {}) };
  if (config.geoapifyApiKey) {
    return geoapifyGeocoder({ baseUrl: config.geoapifyBaseUrl, apiKey: config.geoapifyApiKey, ...timing });
  }
  return photonGeocoder({ baseUrl: config.photonBaseUrl, ...timing });
}
