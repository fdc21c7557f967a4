import tzlookup from '@photostructure/tz-lookup';
import { canonicalTimeZone } from '@site/contract';

/**
 * The IANA zone at a point under its current name (oceans get Etc/GMT±N); UTC if the lookup
 * fails. The lookup's data may lag the IANA database's renames (docs/api.md#time-zones).
 */
export function zoneAt(lat: number, lon: number): string {
  try {
    return canonicalTimeZone(tzlookup(lat, lon));
  } catch {
    return 'UTC';
  }
}

/** A zone under its current IANA name; left as it is when this runtime does not know it. */
export function currentZoneName(zone: string): string {
  try {
    return canonicalTimeZone(zone);
  } catch {
    return zone;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    // A few hundred zones at most, so the map stays small.
    formatters.set(zone, f);
  }
  return f;
}

/** The wall-clock date and hour (with fraction) at `instant` in `zone`. */
export function localTime(instant: number, zone: string): { date: string; hour: number } {
  const parts: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, hour: Number(parts.hour) + Number(parts.minute) / 60 };
}

/** The calendar date `days` after `date` (YYYY-MM-DD); pure date arithmetic, no time zone involved. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 1 for 1 January … 365/366. */
export function dayOfYear(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 1)) / 86_400_000) + 1;
}

/** Whole days since 1970-01-01 for a calendar date. */
export function epochDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
/** Minutes east of UTC in `zone` at `instant` ('GMT-04:00' → -240). */
export function offsetMinutes(instant: number, zone: string): number {
  let f = offsetFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormatters.set(zone, f);
  }
  const name = f.formatToParts(new Date(instant)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** An instant as ISO 8601 local time in `zone` with its offset, to the minute: '2025-06-11T05:25:00-04:00'. */
export function isoInZone(instant: number, zone: string): string {
  const offset = offsetMinutes(instant, zone);
  const wall = new Date(Math.floor(instant / 60_000) * 60_000 + offset * 60_000).toISOString().slice(0, 16);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall}:00${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * A local wall time 'YYYY-MM-DDTHH:MM' (Open-Meteo's format) in `zone` as ISO 8601 with that
 * moment's offset: '2025-06-11T05:25:00-04:00'. Null for anything else.
 */
export function localIsoDateTime(wall: string, zone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!match) return null;
  const [, date, hh, mm] = match as unknown as [string, string, string, string];
  const hourIso = localIsoTime(date, Number(hh), zone);
  return `${hourIso.slice(0, 14)}${mm}${hourIso.slice(16)}`;
}

/** `date` at `hour`:00 wall-clock time in `zone`, as ISO 8601 with that moment's offset: '2025-06-11T06:00:00-04:00'. */
export function localIsoTime(date: string, hour: number, zone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  // The offset at the wall time read as UTC, then again at the instant it gives (DST edges).
  const offset = offsetMinutes(wall - offsetMinutes(wall, zone) * 60_000, zone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${date}T${String(hour).padStart(2, '0')}:00:00${sign}${hh}:${mm}`;
}
