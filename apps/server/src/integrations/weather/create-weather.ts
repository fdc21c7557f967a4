import type { Config } from '../../config.js';
import { demoWeatherProvider } from './demo-weather.js';
import { openMeteoProvider } from './open-meteo.js';
import type { WeatherProvider } from './types.js';

/** DATA_MODE=demo: the offline model; live: Open-Meteo plus NWS text for US places. */
export function createWeatherProvider(
  config: Pick<
    Config,
    'dataMode' | 'openMeteoBaseUrl' | 'nwsBaseUrl' | 'nwsUserAgent' | 'openMeteoTimeoutMs' | 'nwsTimeoutMs'
  >,
): WeatherProvider {
  if (config.dataMode === 'demo') return demoWeatherProvider();
  return openMeteoProvider({
    baseUrl: config.openMeteoBaseUrl,
    timeoutMs: config.openMeteoTimeoutMs,
    nws: { baseUrl: config.nwsBaseUrl, userAgent: config.nwsUserAgent, timeoutMs: config.nwsTimeoutMs },
  });
}
