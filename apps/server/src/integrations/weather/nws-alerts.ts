import { ALERT_SEVERITIES, type AlertSeverity, type WeatherAlert } from '@site/contract';
import { z } from 'zod';
import { getJson, upstreamUrl } from '../http/upstream-client.js';
import { type NwsOptions, nwsPoint, nwsUpstream } from './nws.js';

/**
 * Active NWS alerts for a point (api.weather.gov/alerts/active?point=lat,lon), a GeoJSON
 * FeatureCollection of CAP messages (docs/api.md#weather-hourly-alerts-and-air-quality). Only
 * real ('Actual') alerts are kept: tests, exercises and cancellations are not shown.
 */

const text = z.string().nullable().optional();
const alertsSchema = z.object({
  features: z.array(
    z.object({
      id: z.string().optional(),
      properties: z.object({
        id: z.string().optional(),
        event: z.string().min(1),
        headline: text,
        severity: text,
        urgency: text,
        certainty: text,
        areaDesc: text,
        effective: text,
        sent: text,
        onset: text,
        expires: z.string(),
        ends: text,
        description: text,
        instruction: text,
        senderName: text,
        status: text,
        messageType: text,
      }),
    }),
  ),
});

const SEVERITY_ORDER = new Map<string, number>(ALERT_SEVERITIES.map((s, i) => [s, i]));
const severityOf = (v: string | null | undefined): AlertSeverity =>
  (ALERT_SEVERITIES as readonly string[]).includes(v ?? '') ? (v as AlertSeverity) : 'Unknown';

/** Most severe first; then the soonest onset. */
export function sortAlerts(alerts: WeatherAlert[]): WeatherAlert[] {
  const start = (a: WeatherAlert) => Date.parse(a.onset ?? a.effective) || 0;
  return [...alerts].sort(
    (a, b) => (SEVERITY_ORDER.get(a.severity) ?? 9) - (SEVERITY_ORDER.get(b.severity) ?? 9) || start(a) - start(b),
  );
}

export function alertsFromNws(body: unknown): WeatherAlert[] | null {
  const parsed = alertsSchema.safeParse(body);
  if (!parsed.success) return null;
  const alerts: WeatherAlert[] = [];
  for (const feature of parsed.data.features) {
    const p = feature.properties;
    if ((p.status ?? 'Actual') !== 'Actual' || p.messageType === 'Cancel') continue;
    const clean = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
    alerts.push({
      id: p.id ?? feature.id ?? `${p.event}|${p.effective ?? p.sent ?? ''}`,
      event: p.event.trim(),
      headline: clean(p.headline),
      severity: severityOf(p.severity),
      urgency: clean(p.urgency) ?? 'Unknown',
      certainty: clean(p.certainty) ?? 'Unknown',
      areaDesc: clean(p.areaDesc) ?? '',
      effective: clean(p.effective) ?? clean(p.sent) ?? p.expires,
      onset: clean(p.onset),
      expires: p.expires,
      ends: clean(p.ends),
      description: clean(p.description) ?? '',
      instruction: clean(p.instruction),
      senderName: clean(p.senderName) ?? 'National Weather Service',
    });
  }
  return sortAlerts(alerts);
}

export interface NwsAlertsResult {
  alerts: WeatherAlert[];
  /** The NWS failed or answered nonsense: `alerts` is then not an answer. */
  failed: boolean;
}

/** Never throws: any failure is `failed: true` (a forecast never fails for its alerts). */
export async function fetchNwsAlerts(lat: number, lon: number, options: NwsOptions): Promise<NwsAlertsResult> {
  const upstream = nwsUpstream(options);
  try {
    const point = nwsPoint(lat, lon);
    const answer = await getJson(upstreamUrl(options.baseUrl, '/alerts/active', { point }), upstream);
    const alerts = alertsFromNws(answer.body);
    return alerts ? { alerts, failed: false } : { alerts: [], failed: true };
  } catch {
    return { alerts: [], failed: true };
  }
}
