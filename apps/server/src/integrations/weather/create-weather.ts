import type { Config } from '../../config.js';
import { demoWeatherProvider } from './demo-weather.js';
import { openMeteoProvider } from './open-meteo.js';
import type { WeatherProvider } from './types.js';

/** DATA_MODE=demo: the offline model; live: Open-Meteo plus NWS text for US places. */
export function createWeatherProvider(
  config: Pick<Config, 'dataMode' | 'openMeteoBaseUrl' | 'nwsBaseUrl' | 'nwsUserAgent'> &
    Partial<Pick<Config, 'openMeteoTimeoutMs' | 'nwsTimeoutMs'>>,
  options: { now?: () => number; timeoutMs?: number; retryDelayMs?: number } = {},
): WeatherProvider {
  if (config.dataMode === 'demo') return demoWeatherProvider(options.now ? { now: options.now } : {});
  const retry = options.retryDelayMs !== undefined ? { retryDelayMs: options.retryDelayMs } : {};
  // An explicit time-out (tests) wins over the configured ones (OPEN_METEO_TIMEOUT_MS, NWS_TIMEOUT_MS).
  const openMeteoTimeout = options.timeoutMs ?? config.openMeteoTimeoutMs;
  const nwsTimeout = options.timeoutMs ?? config.nwsTimeoutMs;
  return openMeteoProvider({
    baseUrl: config.openMeteoBaseUrl,
    ...retry,
    ...(openMeteoTimeout !== undefined ? { timeoutMs: openMeteoTimeout } : {}),
    nws: {
      baseUrl: config.nwsBaseUrl,
      userAgent: config.nwsUserAgent,
      ...retry,
      ...(nwsTimeout !== undefined ? { timeoutMs: nwsTimeout } : {}),
    },
  });
}
