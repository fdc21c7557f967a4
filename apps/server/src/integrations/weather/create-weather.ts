import type { Config } from '../../config.js';
import type { UpstreamCallObserver } from '../http/upstream-client.js';
import { demoWeatherProvider } from './demo-weather.js';
import { openMeteoProvider } from './open-meteo.js';
import type { WeatherProvider } from './types.js';

/** DATA_MODE=demo: the offline model; live: Open-Meteo (forecast and air quality) plus NWS text and alerts for US places. */
export function createWeatherProvider(
  config: Pick<
    Config,
    | 'dataMode'
    | 'openMeteoBaseUrl'
    | 'openMeteoAirQualityUrl'
    | 'nwsBaseUrl'
    | 'nwsUserAgent'
    | 'openMeteoTimeoutMs'
    | 'nwsTimeoutMs'
  >,
  onCall?: UpstreamCallObserver,
): WeatherProvider {
  if (config.dataMode === 'demo') return demoWeatherProvider();
  return openMeteoProvider({
    baseUrl: config.openMeteoBaseUrl,
    timeoutMs: config.openMeteoTimeoutMs,
    onCall,
    airQuality: { baseUrl: config.openMeteoAirQualityUrl, timeoutMs: config.openMeteoTimeoutMs, onCall },
    nws: { baseUrl: config.nwsBaseUrl, userAgent: config.nwsUserAgent, timeoutMs: config.nwsTimeoutMs, onCall },
  });
}
