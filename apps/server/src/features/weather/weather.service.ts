import type { Supplemental, WeatherQuery, WeatherResponse } from '@site/contract';
import type { SharedCacheStore } from '../../core/shared-cache-store.js';
import { type CacheLookupResult, TtlCache } from '../../core/ttl-cache.js';
import type { Locator } from '../../integrations/geocoding/locate.js';
import { currentZoneName, zoneAt } from '../../integrations/time-zones.js';
import { FORECAST_DAYS, type Forecast, HOURLY_HOURS, type WeatherProvider } from '../../integrations/weather/types.js';

/** Forecasts are kept 10 minutes per ~1 km cell (docs/architecture.md#data-and-configuration). */
export const FORECAST_CACHE_MS = 10 * 60 * 1000;
const UNITS = { temperature: '°F', wind_speed: 'mph', precipitation: 'inch' } as const;

/** "48.8534°N, 2.3488°E" */
export function coordinateLabel(lat: number, lon: number): string {
  const la = `${Math.abs(lat).toFixed(4)}°${lat >= 0 ? 'N' : 'S'}`;
  const lo = `${Math.abs(lon).toFixed(4)}°${lon >= 0 ? 'E' : 'W'}`;
  return `${la}, ${lo}`;
}

/**
 * docs/api.md#weather-detailed-forecasts: exactly the forecast's dates as keys, each with its
 * periods or `[]`, so a client can look up every card's date (outside the US too).
 */
export function supplementalFor(forecast: Pick<Forecast, 'daily' | 'supplemental'>): Supplemental {
  return Object.fromEntries(forecast.daily.map((day) => [day.date, forecast.supplemental[day.date] ?? []]));
}

/** How soon a forecast missing a failed part (text forecasts, alerts, air quality) is fetched again. */
export const TEXTS_RETRY_MS = 60_000;

/** Coordinates rounded to 0.01° (~1 km): the cache cell and what the provider is asked for. */
const cell = (v: number) => Math.round(v * 100) / 100;

export function weatherService(options: {
  provider: WeatherProvider;
  locate?: Locator | undefined;
  now?: () => number;
  cacheMs?: number;
  /** Forecasts shared between instances (Redis), so a city's forecast is fetched once for all. */
  sharedCache?: SharedCacheStore | undefined;
  /** Metrics: how each forecast lookup was answered. */
  onCacheLookup?: ((cache: string, result: CacheLookupResult) => void) | undefined;
}) {
  // v2: forecasts with hours, alerts and air quality; an older instance's v1 entries lack them.
  const cache = new TtlCache<Forecast>({
    maxEntries: 1000,
    onLookup: options.onCacheLookup && ((result) => options.onCacheLookup?.('weather', result)),
    ...(options.now ? { now: options.now } : {}),
    shared: options.sharedCache && { store: options.sharedCache, namespace: 'weather:forecast:v2' },
  });
  const ttl = options.cacheMs ?? FORECAST_CACHE_MS;

  return {
    cache,
    /** `days` (7) and `hours` (48) default for callers that skip the schema (tests). */
    async forecast(
      query: Omit<WeatherQuery, 'days' | 'hours'> & { days?: number; hours?: number },
    ): Promise<WeatherResponse> {
      const { lat, lon } = query;
      const timezone = query.timezone ?? zoneAt(lat, lon);
      let countryCode = query.country_code ?? null;
      let address = query.formatted;
      if (countryCode === null || address === undefined) {
        const near = options.locate?.(lat, lon);
        countryCode ??= near?.countryCode ?? null;
        address ??= near?.label;
      }
      address ??= coordinateLabel(lat, lon);

      const days = query.days ?? FORECAST_DAYS;
      const hours = query.hours ?? HOURLY_HOURS;
      const request = { lat: cell(lat), lon: cell(lon), timezone, countryCode, days, hours };
      const key = `${request.lat},${request.lon}|${timezone}|${countryCode ?? ''}|${days}|${hours}`;
      // A forecast with a failed part (texts, alerts, air quality) is asked for again after a minute, not ten.
      const keep = (f: Forecast) => (f.textsMissing || f.partsMissing ? Math.min(ttl, TEXTS_RETRY_MS) : ttl);
      const forecast = await cache.getOrLoad(key, keep, () => options.provider.forecast(request));
      return {
        weather: forecast.daily,
        supplemental: supplementalFor(forecast),
        address,
        current: forecast.current,
        geodata: { lat, lon },
        timezone: currentZoneName(forecast.timezone),
        country_code: countryCode,
        units: UNITS,
        source: forecast.source,
        hourly: forecast.hourly,
        daily_details: forecast.dailyDetails,
        current_details: forecast.currentDetails,
        air_quality: forecast.airQuality,
        alerts: forecast.alerts,
        alerts_available: forecast.alertsStatus === 'ok',
        alerts_status: forecast.alertsStatus,
        updated_at: forecast.updatedAt,
        sources: forecast.sources,
      };
    },
  };
}
export type WeatherService = ReturnType<typeof weatherService>;
