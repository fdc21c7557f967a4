import type { Supplemental } from '@site/contract';
import { z } from 'zod';
import { getJson, type UpstreamCallObserver, type UpstreamOptions, upstreamUrl } from '../http/upstream-client.js';

/**
 * The US National Weather Service (api.weather.gov, no key, a User-Agent required):
 * GET /points/{lat},{lon} names the forecast office's grid; its `forecast` URL lists day and
 * night periods with a `detailedForecast` paragraph. Outside the US /points answers 404.
 */

const pointsSchema = z.object({ properties: z.object({ forecast: z.string().min(1) }) });
const forecastSchema = z.object({
  properties: z.object({
    periods: z.array(
      z.object({
        name: z.string().optional(),
        startTime: z.string().regex(/^\d{4}-\d{2}-\d{2}T/),
        isDaytime: z.boolean(),
        detailedForecast: z.string(),
      }),
    ),
  }),
});
export type NwsPeriod = z.infer<typeof forecastSchema>['properties']['periods'][number];

/**
 * The periods grouped by local date, each date's in time order (docs/api.md#weather-detailed-forecasts).
 * `startTime` carries the office's local offset ("2024-06-10T18:00:00-05:00"), so its first ten
 * characters are the local date: a night period belongs to the evening it starts on. Periods
 * without text are left out.
 */
export function supplementalFromPeriods(periods: NwsPeriod[]): Supplemental {
  const out: Supplemental = {};
  const sorted = [...periods].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  for (const period of sorted) {
    const detailedForecast = period.detailedForecast.trim();
    if (!detailedForecast) continue;
    const date = period.startTime.slice(0, 10);
    const entry = {
      name: period.name?.trim() || (period.isDaytime ? 'Day' : 'Night'),
      startTime: period.startTime,
      isDaytime: period.isDaytime,
      detailedForecast,
    };
    const list = out[date];
    if (list) list.push(entry);
    else out[date] = [entry];
  }
  return out;
}

export interface NwsOptions {
  /** Told of each call's outcome (metrics, app.deps.metrics). */
  onCall?: UpstreamCallObserver | undefined;
  baseUrl: string;
  userAgent: string;
  timeoutMs?: number;
  retryDelayMs?: number;
}

/** What NWS gave for a point: its text forecasts, and whether it failed (rather than had none). */
export interface NwsResult {
  supplemental: Supplemental;
  /** True when NWS failed, timed out or answered nonsense; false for a point it does not cover. */
  failed: boolean;
}

/** How every NWS call is made: its name for errors and metrics, time-outs, the User-Agent it asks for. */
export function nwsUpstream(options: NwsOptions): UpstreamOptions {
  return {
    service: 'The National Weather Service',
    provider: 'nws',
    onCall: options.onCall,
    timeoutMs: options.timeoutMs ?? 6000,
    retryDelayMs: options.retryDelayMs ?? 400,
    headers: { 'user-agent': options.userAgent, accept: 'application/geo+json' },
  };
}

/** 'lat,lon' to four decimals: NWS redirects requests with more. */
export const nwsPoint = (lat: number, lon: number) => `${Number(lat.toFixed(4))},${Number(lon.toFixed(4))}`;

/** Detailed forecasts for a point: none when NWS does not cover it (404) or fails in any way. */
export async function fetchNwsForecasts(lat: number, lon: number, options: NwsOptions): Promise<NwsResult> {
  const upstream = nwsUpstream(options);
  try {
    const point = nwsPoint(lat, lon);
    const points = await getJson(upstreamUrl(options.baseUrl, `/points/${point}`), upstream, (s) => s === 404);
    if (points.status === 404) return { supplemental: {}, failed: false };
    const parsedPoints = pointsSchema.safeParse(points.body);
    if (!parsedPoints.success) return { supplemental: {}, failed: true };
    // The returned URL's path and query, but always under the configured base (its host and any
    // path a proxy needs): we never follow a link elsewhere.
    const link = new URL(parsedPoints.data.properties.forecast, options.baseUrl);
    const target = new URL(upstreamUrl(options.baseUrl, link.pathname));
    target.search = link.search;
    const forecast = await getJson(target.toString(), upstream);
    const parsed = forecastSchema.safeParse(forecast.body);
    return parsed.success
      ? { supplemental: supplementalFromPeriods(parsed.data.properties.periods), failed: false }
      : { supplemental: {}, failed: true };
  } catch {
    return { supplemental: {}, failed: true };
  }
}
