/*
 * Pure data mapping for the 'Wallet Value Over Time' chart: history snapshots → two
 * lightweight-charts line series (cash, and cash plus stocks). Type imports only from the
 * library, so this module is cheap to import and to test in jsdom.
 */
import type { WalletHistoryEntry } from '@site/contract';
import type { LineData, UTCTimestamp } from 'lightweight-charts';
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
  balance: LineData<UTCTimestamp>[];
  total: LineData<UTCTimestamp>[];
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

/** One data array per line: cash ('balance') and cash plus stocks ('total'). */
export function toWalletSeriesData(points: readonly WalletChartPoint[]): WalletSeriesData {
  return {
    balance: points.map((point) => ({ time: point.time, value: point.balance })),
    total: points.map((point) => ({ time: point.time, value: point.total })),
  };
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
