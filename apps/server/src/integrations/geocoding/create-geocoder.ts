import type { Config } from '../../config.js';
import type { UpstreamCallObserver } from '../http/upstream-client.js';
import { demoGeocoder } from './demo-geocoder.js';
import { geoapifyGeocoder } from './geoapify.js';
import { photonGeocoder } from './photon.js';
import type { GeocodingProvider } from './types.js';

/** DATA_MODE=demo: the embedded gazetteer; live: Geoapify with GEOAPIFY_API_KEY, else Photon. */
export function createGeocodingProvider(
  config: Pick<Config, 'dataMode' | 'geoapifyApiKey' | 'geoapifyBaseUrl' | 'photonBaseUrl' | 'geocodingTimeoutMs'>,
  onCall?: UpstreamCallObserver,
): GeocodingProvider {
  if (config.dataMode === 'demo') return demoGeocoder();
  const timeoutMs = config.geocodingTimeoutMs;
  if (config.geoapifyApiKey) {
    return geoapifyGeocoder({ baseUrl: config.geoapifyBaseUrl, apiKey: config.geoapifyApiKey, timeoutMs, onCall });
  }
  return photonGeocoder({ baseUrl: config.photonBaseUrl, timeoutMs, onCall });
}
