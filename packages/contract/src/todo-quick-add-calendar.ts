// Civil-date arithmetic and wall clocks in an IANA zone for the quick-add grammar
// (todo-quick-add.ts). Dates are whole days since 1970-01-01 ("day numbers"), so adding a day never
// meets a DST change; only the wall clock of an instant depends on the zone.

export interface CivilDate {
  year: number;
  month: number; // 1-12
  day: number; // 1-31
}

export interface WallClock extends CivilDate {
  hour: number;
  minute: number;
}

const MS_PER_DAY = 86_400_000;

export const dayNumber = (year: number, month: number, day: number): number =>
  Date.UTC(year, month - 1, day) / MS_PER_DAY;

export function civilDate(dayNo: number): CivilDate & { weekday: number } {
  const d = new Date(dayNo * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}

export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export const isoDate = (dayNo: number): string => {
  const { year, month, day } = civilDate(dayNo);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
};

export const hhmm = (hour: number, minute: number): string => `${pad(hour)}:${pad(minute)}`;

// One formatter per zone: building an Intl.DateTimeFormat costs far more than using one, and a
// parse runs on every keystroke in the browser. A user has one zone, so the map stays tiny.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws RangeError for a zone this runtime does not know: the caller's zone is validated
    // where it is stored, so a bad one here is a bug worth seeing.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at the instant `ms`. */
export function wallClock(ms: number, timeZone: string): WallClock {
  const out: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const part of formatter(timeZone).formatToParts(ms)) {
    if (
      part.type === 'year' ||
      part.type === 'month' ||
      part.type === 'day' ||
      part.type === 'hour' ||
      part.type === 'minute'
    ) {
      out[part.type] = Number(part.value);
    }
  }
  return out;
}

/** Minutes the zone is ahead of UTC at the instant `ms` (New York in winter: -300). */
export function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return Math.round((wallAsUtc - Math.floor(ms / 60_000) * 60_000) / 60_000);
}
