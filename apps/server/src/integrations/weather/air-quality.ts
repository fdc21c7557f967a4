import { type AirQuality, AQI_POLLUTANTS, type AqiPollutant, aqiBand } from '@site/contract';
import { z } from 'zod';
import { getJson, type UpstreamCallObserver, type UpstreamOptions, upstreamUrl } from '../http/upstream-client.js';
import { NO_AIR_QUALITY } from './types.js';

/**
 * Current air quality from Open-Meteo's air-quality API (CAMS models, no key):
 * /v1/air-quality?current=us_aqi,… (docs/api.md#weather-hourly-alerts-and-air-quality). The
 * per-pollutant US AQI sub-indices (`us_aqi_pm2_5`, …) come in the same request and name the
 * main pollutant. Concentrations are µg/m³.
 */

const SUB_INDEX = AQI_POLLUTANTS.map((p) => `us_aqi_${p}` as const);
export const AIR_QUALITY_CURRENT = ['us_aqi', ...AQI_POLLUTANTS, ...SUB_INDEX] as const;

const value = z.number().nullable().optional();
const airQualitySchema = z.object({
  current: z.object(
    Object.fromEntries(AIR_QUALITY_CURRENT.map((k) => [k, value])) as Record<
      (typeof AIR_QUALITY_CURRENT)[number],
      typeof value
    >,
  ),
});

const n = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The pollutant whose sub-index is highest (ties: the first in AQI_POLLUTANTS). */
export function mainPollutant(subIndices: Partial<Record<AqiPollutant, number | null>>): AqiPollutant | null {
  let best: AqiPollutant | null = null;
  let top = -1;
  for (const p of AQI_POLLUTANTS) {
    const v = subIndices[p];
    if (typeof v === 'number' && v > top) {
      top = v;
      best = p;
    }
  }
  return best;
}

export function mapAirQuality(body: unknown): AirQuality | null {
  const parsed = airQualitySchema.safeParse(body);
  if (!parsed.success) return null;
  const c = parsed.data.current;
  const aqi = n(c.us_aqi);
  if (aqi === null) return NO_AIR_QUALITY;
  const us_aqi = Math.round(aqi);
  return {
    available: true,
    us_aqi,
    band: aqiBand(us_aqi),
    main_pollutant: mainPollutant(Object.fromEntries(AQI_POLLUTANTS.map((p) => [p, n(c[`us_aqi_${p}`])]))),
    pm2_5: n(c.pm2_5),
    pm10: n(c.pm10),
    ozone: n(c.ozone),
    nitrogen_dioxide: n(c.nitrogen_dioxide),
    sulphur_dioxide: n(c.sulphur_dioxide),
    carbon_monoxide: n(c.carbon_monoxide),
  };
}

export interface AirQualityOptions {
  onCall?: UpstreamCallObserver | undefined;
  baseUrl: string;
  timeoutMs?: number;
  retryDelayMs?: number;
}

export interface AirQualityResult {
  airQuality: AirQuality;
  /** The call failed (rather than the place having no data): the forecast is kept only briefly. */
  failed: boolean;
}

/** Never throws: a forecast never fails for its air quality. */
export async function fetchAirQuality(lat: number, lon: number, options: AirQualityOptions): Promise<AirQualityResult> {
  const upstream: UpstreamOptions = {
    service: 'The air-quality service (Open-Meteo)',
    provider: 'open-meteo-air-quality',
    onCall: options.onCall,
    timeoutMs: options.timeoutMs ?? 8000,
    retryDelayMs: options.retryDelayMs ?? 400,
  };
  try {
    const url = upstreamUrl(options.baseUrl, '/v1/air-quality', {
      latitude: lat,
      longitude: lon,
      current: AIR_QUALITY_CURRENT.join(','),
    });
    const answer = await getJson(url, upstream);
    const airQuality = mapAirQuality(answer.body);
    return airQuality ? { airQuality, failed: false } : { airQuality: NO_AIR_QUALITY, failed: true };
  } catch {
    return { airQuality: NO_AIR_QUALITY, failed: true };
  }
}
