import type { Config } from '../../../config.js';
import { demoWeatherProvider } from './demo-weather.js';
import { openMeteoProvider } from './open-meteo.js';
import type { WeatherProvider } from './types.js';

/** DATA_MODE=demo: the offline model; live: Open-Meteo plus NWS text for US places. */
export function createWeatherProvider(
  config: Pick<Config, 'dataMode' | 'openMeteoBaseUrl' | 'nwsBaseUrl' | 'nwsUserAgent'>,
  options: { now?: () => number; timeoutMs?: number; retryDelayMs?: number } = {},
): WeatherProvider {
  if (config.dataMode === 'demo') return demoWeatherProvider(options.now ? { now: options.now } : {});
  const timing = {
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.retryDelayMs !== undefined ? { retryDelayMs: options.retryDelayMs } : {}),
  };
  return openMeteoProvider({
    baseUrl: config.openMeteoBaseUrl,
    ...timing,
    nws: { baseUrl: config.nwsBaseUrl, userAgent: config.nwsUserAgent, ...timing },
  });
}
