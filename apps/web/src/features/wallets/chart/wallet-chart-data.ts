/*
 * Pure data mapping for the 'Wallet Value Over Time' chart: history snapshots → two
 * lightweight-charts line series (cash, and cash plus stocks). Type imports only from the
 * library, so this module is cheap to import and to test in jsdom.
 */
import type { WalletHistoryEntry } from '@site/contract';
import type { LineData, UTCTimestamp, WhitespaceData } from 'lightweight-charts';
import { type Bounds, wallClockSeconds } from '../../../lib/charts/time';
import { centsToDollars } from '../wallet-math';

/** Everything a wallet chart implementation gets; the page passes this to its `ChartComponent`. */
export interface WalletChartProps {
  /** Oldest first, as the API sends it. */
  history: readonly WalletHistoryEntry[];
  height?: number;
}

export interface WalletChartPoint {
  /** Wall-clock seconds in the viewer's zone, as if UTC (the chart's axis has no time zones). */
  time: UTCTimestamp;
  /** The instant itself, epoch milliseconds. */
  timeMs: number;
  /** Cash, dollars. */
  balance: number;
  /** Cash plus stocks, dollars. */
  total: number;
  /** The live "now" point (current prices, not a stored snapshot). */
  isCurrent: boolean;
}

export interface WalletSeriesData {
  balance: (LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp>)[];
  total: (LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp>)[];
}

/** The viewer's IANA time zone (UTC when the browser will not say). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The history as chart points in strictly increasing time order: the chart refuses two points at
 * the same time, and several trades may share a second, so the latest snapshot of a second wins.
 * Values come from the integer cents, converted once.
 */
export function toWalletChartPoints(
  history: readonly WalletHistoryEntry[],
  timeZone: string = viewerTimeZone(),
): WalletChartPoint[] {
  const points = history
    .map((entry, index) => ({ entry, index, timeMs: Date.parse(entry.created_at) }))
    .filter(({ timeMs }) => !Number.isNaN(timeMs))
    .sort((a, b) => a.timeMs - b.timeMs || a.index - b.index)
    .map(
      ({ entry, timeMs }): WalletChartPoint => ({
        time: wallClockSeconds(timeMs, timeZone),
        timeMs,
        balance: centsToDollars(entry.balance_cents),
        total: centsToDollars(entry.total_value_cents),
        isCurrent: entry.is_current,
      }),
    );
  // Walking back from the newest keeps the latest point of a second, and drops the points a
  // clock change (DST ending) would put at or after a later one.
  const kept: WalletChartPoint[] = [];
  for (let index = points.length - 1; index >= 0; index -= 1) {
    const point = points[index] as WalletChartPoint;
    const next = kept.at(-1);
    if (!next || point.time < next.time) kept.push(point);
  }
  return kept.reverse();
}

/*
 * A real time axis. lightweight-charts spaces data points evenly, one per index, whatever their
 * times (three trades in one minute took as much room as the days between them, labelled
 * '23:04' three times). So the points go on a grid of equal time slots, and the empty slots are
 * filled with whitespace (time, no value): the lines join across them and the distance between
 * two points is proportional to the time between them. The slot is the coarsest step that keeps
 * the grid under MAX_SLOTS; points that fall in one slot (several trades within a second, or
 * within a few minutes of a months-long history, where they would share a pixel anyway) are merged
 * deliberately: the slot shows the latest of them, the state the wallet was left in. The history
 * table below the chart still lists every trade.
 */

/** At most this many slots (data plus whitespace) per line: a few per pixel of a wide chart. */
export const MAX_SLOTS = 2000;
/** Slot lengths in seconds, each a divisor of a day (so slots start on round times) but the week. */
export const GRID_STEPS = [1, 5, 15, 30, 60, 300, 900, 1800, 3600, 7200, 21_600, 43_200, 86_400, 604_800] as const;

/** The shortest step that covers `spanSeconds` in at most MAX_SLOTS slots. */
export function gridStep(spanSeconds: number): number {
  for (const step of GRID_STEPS) if (spanSeconds / step < MAX_SLOTS) return step;
  return Math.ceil(spanSeconds / MAX_SLOTS / 604_800) * 604_800;
}

export interface WalletTimeGrid {
  /** Seconds per slot. */
  step: number;
  /** Chart time of slot 0. */
  start: number;
  /** Number of slots, first to last point. */
  slots: number;
  /** At most one point per slot, oldest first, each with `time` at its slot's start. */
  points: WalletChartPoint[];
  /** The slot (logical index on the chart) of each point. */
  slotOf: number[];
}

/** The points on a grid of equal time slots (see above); `points` must be strictly increasing in time. */
export function toTimeGrid(points: readonly WalletChartPoint[]): WalletTimeGrid {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return { step: 1, start: 0, slots: 0, points: [], slotOf: [] };
  const step = gridStep(last.time - first.time);
  const start = Math.floor(first.time / step) * step;
  const merged: WalletChartPoint[] = [];
  const slotOf: number[] = [];
  for (const point of points) {
    const slot = Math.floor((point.time - start) / step);
    const snapped = { ...point, time: (start + slot * step) as UTCTimestamp };
    if (slotOf.at(-1) === slot) merged[merged.length - 1] = snapped;
    else {
      merged.push(snapped);
      slotOf.push(slot);
    }
  }
  return { step, start, slots: (slotOf.at(-1) as number) + 1, points: merged, slotOf };
}

/** One data array per line, cash ('balance') and cash plus stocks ('total'), whitespace in empty slots. */
export function toWalletSeriesData(grid: WalletTimeGrid): WalletSeriesData {
  const balance: WalletSeriesData['balance'] = [];
  const total: WalletSeriesData['total'] = [];
  let next = 0;
  for (let slot = 0; slot < grid.slots; slot += 1) {
    const time = (grid.start + slot * grid.step) as UTCTimestamp;
    const point = grid.slotOf[next] === slot ? grid.points[next] : undefined;
    if (point) {
      next += 1;
      balance.push({ time, value: point.balance });
      total.push({ time, value: point.total });
    } else {
      balance.push({ time });
      total.push({ time });
    }
  }
  return { balance, total };
}

/** The point in effect at a (hovered) logical index: the latest at or before that slot. */
export function pointAtSlot(grid: WalletTimeGrid, logical: number): WalletChartPoint | undefined {
  let found: WalletChartPoint | undefined;
  for (let index = 0; index < grid.points.length && (grid.slotOf[index] as number) <= logical; index += 1) {
    found = grid.points[index];
  }
  return found;
}

/** The value axis shows at least 1 % of the value either side of the data (never a $0.02 range). */
export const MIN_PADDING_FRACTION = 0.01;
/** Otherwise a tenth of the data's own range above and below it. */
export const RANGE_PADDING_FRACTION = 0.1;

/**
 * The value axis for both lines: the data's range padded a little, at least 1 % of the value
 * (so a wallet that never traded shows a flat line mid-chart, not cents-wide ticks), and never
 * below $0 when no value is negative.
 */
export function valueBounds(points: readonly WalletChartPoint[]): Bounds | null {
  if (points.length === 0) return null;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    low = Math.min(low, point.balance, point.total);
    high = Math.max(high, point.balance, point.total);
  }
  const pad = Math.max((high - low) * RANGE_PADDING_FRACTION, Math.abs(high) * MIN_PADDING_FRACTION, 1);
  return { minValue: low >= 0 ? Math.max(0, low - pad) : low - pad, maxValue: high + pad };
}
