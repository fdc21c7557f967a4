import { NO_VALUE } from '../../lib/format';

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** `1_234_567` → `1.2 MB` (powers of 1000, as disks are sold); null → a dash. */
export function formatBytes(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return NO_VALUE;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

/** `93_784` → `1 d 2 h 3 min`; under a minute → `42 s`. */
export function formatUptime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return NO_VALUE;
  if (seconds < 60) return `${Math.floor(seconds)} s`;
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return [days && `${days} d`, (days || hours) && `${hours} h`, `${minutes} min`].filter(Boolean).join(' ');
}

/** `0.0312` → `3.1%`. */
export const formatRate = (rate: number) => `${(rate * 100).toFixed(rate > 0 && rate < 0.1 ? 1 : 0)}%`;
