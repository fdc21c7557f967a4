/*
 * Pure data mapping for the price-history chart: the API's history → lightweight-charts series
 * data, the scale bounds and visible-span limits of docs/product.md#stock-page-appsfinancestocksymbol; the time-axis helpers it shares
 * with the wallet chart are in lib/charts/time. No lightweight-charts runtime
 * code here (type imports only), so this module is cheap to import and to test in jsdom.
 */
import {
  DEFAULT_INTERVAL,
  DEFAULT_RANGE,
  type HistoryInterval,
  type HistoryRange,
  isIntradayInterval,
  type PriceHistory,
  type StockEvents,
} from '@site/contract';
import type { AutoscaleInfo, BusinessDay, CandlestickData, HistogramData, LineData, Time } from 'lightweight-charts';
import { type Bounds, wallClockSeconds } from '../../../lib/charts/time';

export const DAY_MS = 86_400_000;
/** docs/product.md chart limits: the visible span stays between one day and 30 days (intraday charts). */
export const MIN_VISIBLE_SPAN_MS = DAY_MS;
export const MAX_VISIBLE_SPAN_MS = 2_592_000_000;
/** docs/product.md#constants: y axis 0.9 × lowest low to 1.1 × highest high; volume axis 0 to 1.2 × highest volume. */
export const PRICE_FLOOR_FACTOR = 0.9;
export const PRICE_CEILING_FACTOR = 1.1;
export const VOLUME_CEILING_FACTOR = 1.2;
/**
 * Bars are drawn in the exchange's wall-clock time and on its trading dates (the chart's axis has
 * no time zones): the API names the zone (`exchangeTimezoneName`); New York is only the default.
 */
export const DEFAULT_EXCHANGE_TIME_ZONE = 'America/New_York';

export type ChartMode = 'lines' | 'candles';

/** Everything a chart implementation gets; the page passes this to whatever `ChartComponent` it renders. */
export interface PriceChartProps {
  history: PriceHistory;
  /** The range `history` was loaded for. */
  range: HistoryRange;
  interval: HistoryInterval;
  /** The exchange's IANA zone: a Tokyo bar at 09:00 JST is drawn at 09:00, on its own date. */
  timeZone: string;
  /** The listing's currency ('USD', 'JPY', 'GBp'): the legend's prices are in it. */
  currency?: string;
  mode: ChartMode;
  height?: number;
  /** Dividends and splits to mark on the bars they fall on (docs/api.md#corporate-actions). */
  events?: StockEvents | undefined;
}

export interface ChartBar {
  /** The API's key: the bar's start as ISO-8601 UTC. */
  key: string;
  /** The same instant in epoch milliseconds. */
  timeMs: number;
  /** The x value given to the chart: wall-clock seconds for intraday bars, a business day otherwise. */
  time: Time;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * Daily and longer bars are stamped at the session's open: its date in the exchange's zone is the
 * trading date (in UTC, a Sydney open at 10:00 would fall on the day before).
 */
function businessDay(ms: number, timeZone: string): BusinessDay {
  const date = new Date(wallClockSeconds(ms, timeZone) * 1000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The history as bars in time order, one per chart time (the chart refuses duplicates). */
export function toChartBars(
  history: PriceHistory,
  interval: HistoryInterval,
  timeZone: string = DEFAULT_EXCHANGE_TIME_ZONE,
): ChartBar[] {
  const intraday = isIntradayInterval(interval);
  const bars: ChartBar[] = [];
  for (const [key, bar] of Object.entries(history)) {
    const timeMs = Date.parse(key);
    if (Number.isNaN(timeMs)) continue;
    bars.push({
      key,
      timeMs,
      time: intraday ? wallClockSeconds(timeMs, timeZone) : businessDay(timeMs, timeZone),
      open: bar.Open,
      high: bar.High,
      low: bar.Low,
      close: bar.Close,
      volume: bar.Volume,
    });
  }
  bars.sort((a, b) => a.timeMs - b.timeMs);
  const sortKey = (bar: ChartBar) =>
    typeof bar.time === 'object' ? `${bar.time.year}-${bar.time.month}-${bar.time.day}` : String(bar.time);
  return bars.filter((bar, index) => index === 0 || sortKey(bar) !== sortKey(bars[index - 1] as ChartBar));
}

export interface SeriesColors {
  volumeUp: string;
  volumeDown: string;
}

export interface SeriesData {
  close: LineData[];
  open: LineData[];
  high: LineData[];
  low: LineData[];
  candles: CandlestickData[];
  volume: HistogramData[];
}

/** One data array per series: a line each for Close, Open, High and Low, candles, and volume bars. */
export function toSeriesData(bars: ChartBar[], colors: SeriesColors): SeriesData {
  return {
    close: bars.map((bar) => ({ time: bar.time, value: bar.close })),
    open: bars.map((bar) => ({ time: bar.time, value: bar.open })),
    high: bars.map((bar) => ({ time: bar.time, value: bar.high })),
    low: bars.map((bar) => ({ time: bar.time, value: bar.low })),
    candles: bars.map((bar) => ({ time: bar.time, open: bar.open, high: bar.high, low: bar.low, close: bar.close })),
    volume: bars.map((bar) => ({
      time: bar.time,
      value: bar.volume,
      color: bar.close >= bar.open ? colors.volumeUp : colors.volumeDown,
    })),
  };
}

/** docs/product.md#constants: the price axis runs from 0.9 × the lowest low to 1.1 × the highest high. */
export function priceBounds(bars: ChartBar[]): Bounds | null {
  if (bars.length === 0) return null;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const bar of bars) {
    low = Math.min(low, bar.low);
    high = Math.max(high, bar.high);
  }
  return { minValue: low * PRICE_FLOOR_FACTOR, maxValue: high * PRICE_CEILING_FACTOR };
}

/**
 * The price axis, for the price series' `autoscaleInfoProvider`. The seed's fixed bounds
 * (`priceBounds`) belong to its default view: a year of daily bars with all of them in view. Any
 * other view (a Day chart, a zoom) fits the bars in view, as the library's own autoscale
 * (`original`) measures them: 0.9 × to 1.1 × would squeeze a day that moves 3 % into a flat line.
 */
export function priceAutoscale(
  bars: ChartBar[],
  range: HistoryRange,
  interval: HistoryInterval,
  visibleRange: () => LogicalRange | null,
): (original: () => AutoscaleInfo | null) => AutoscaleInfo | null {
  const seedBounds = range === DEFAULT_RANGE && interval === DEFAULT_INTERVAL ? priceBounds(bars) : null;
  return (original) => {
    if (seedBounds) {
      const view = visibleRange();
      if (!view || showsAll(view, bars.length)) return { priceRange: { ...seedBounds } };
    }
    return original();
  };
}

/** docs/product.md#constants: the volume axis runs from 0 to 1.2 × the highest volume. */
export function volumeBounds(bars: ChartBar[]): Bounds | null {
  if (bars.length === 0) return null;
  const highest = Math.max(...bars.map((bar) => bar.volume));
  return { minValue: 0, maxValue: highest > 0 ? highest * VOLUME_CEILING_FACTOR : 1 };
}

export interface SpanLimits {
  minMs: number;
  maxMs: number;
}

/**
 * docs/product.md#constants zoom limits: once the person zooms, at least one day (or all of the data,
 * when it covers less, as a Day chart does) and at most 30 days visible. The first view, and the
 * reset, show the whole range whatever its length (see `constrainView`).
 */
export function spanLimits(bars: readonly ChartBar[]): SpanLimits | null {
  if (bars.length < 2) return null;
  const whole = (bars.at(-1) as ChartBar).timeMs - (bars[0] as ChartBar).timeMs;
  return { minMs: Math.min(MIN_VISIBLE_SPAN_MS, whole), maxMs: MAX_VISIBLE_SPAN_MS };
}

/**
 * The instant at a (fractional) logical index: interpolated between bars, extended past either
 * end with the spacing of the two outermost bars. Needs at least two times.
 */
export function timeAtLogical(times: readonly number[], logical: number): number {
  const last = times.length - 1;
  const at = (index: number) => times[index] as number;
  if (logical <= 0) return at(0) + logical * (at(1) - at(0));
  if (logical >= last) return at(last) + (logical - last) * (at(last) - at(last - 1));
  const index = Math.floor(logical);
  return at(index) + (logical - index) * (at(index + 1) - at(index));
}

export interface LogicalRange {
  from: number;
  to: number;
}

/** Solves `f(x) = target` for an increasing `f` on [lo, hi] by bisection. */
function solve(f: (x: number) => number, target: number, lo: number, hi: number): number {
  let a = lo;
  let b = hi;
  for (let i = 0; i < 60; i += 1) {
    const mid = (a + b) / 2;
    if (f(mid) < target) a = mid;
    else b = mid;
  }
  return (a + b) / 2;
}

/** Spans within 1 % of a limit count as on it, so the chart's own rounding never starts a tug of war. */
const TOLERANCE = 0.01;

/**
 * The visible logical range moved inside `limits`, or null when it already is. The right edge
 * stays where it is (the latest bars stay in view); when that would push the left edge before
 * the first bar, the left edge is pinned to the first bar and the right edge moves instead.
 */
export function clampLogicalRange(
  range: LogicalRange,
  times: readonly number[],
  limits: SpanLimits,
): LogicalRange | null {
  if (times.length < 2) return null;
  const span = timeAtLogical(times, range.to) - timeAtLogical(times, range.from);
  let target: number;
  if (span > limits.maxMs * (1 + TOLERANCE)) target = limits.maxMs;
  else if (span < limits.minMs * (1 - TOLERANCE)) target = limits.minMs;
  else return null;

  const count = times.length;
  const toTime = timeAtLogical(times, range.to);
  // from: the index whose time is `target` before the right edge (span decreases as from grows).
  let from = solve((x) => -(toTime - timeAtLogical(times, x)), -target, range.to - 2 * count, range.to);
  let to = range.to;
  if (from < 0 && range.from >= 0) {
    from = 0;
    const fromTime = timeAtLogical(times, 0);
    to = solve((x) => timeAtLogical(times, x) - fromTime, target, 0, 2 * count);
  }
  return { from, to };
}

/** Half a bar: the chart's own fit leaves about that much either side of the data. */
const EDGE = 0.5;

/** The whole of the data is in view (the first view, or after a reset). */
export function showsAll(range: LogicalRange, count: number): boolean {
  return range.from <= EDGE && range.to >= count - 1 - EDGE;
}

export interface ViewChange {
  /** The person has zoomed in from the whole view. */
  zoomed: boolean;
  /** The range to set instead, or null to leave the view as it is. */
  next: LogicalRange | null;
}

/**
 * What to do after the visible range changed (a zoom, a pan, a resize): the whole view is left
 * alone; any other view is kept inside the data and its span inside `limits`.
 */
export function constrainView(range: LogicalRange, times: readonly number[], limits: SpanLimits | null): ViewChange {
  const last = times.length - 1;
  if (!limits || last < 1 || showsAll(range, times.length)) return { zoomed: false, next: null };
  let next = clampLogicalRange(range, times, limits);
  const view = next ?? range;
  // Pan stays within the data: shift a view that runs past either end back inside.
  const width = view.to - view.from;
  if (view.from < -EDGE) next = { from: 0, to: Math.min(width, last) };
  else if (view.to > last + EDGE) next = { from: Math.max(last - width, 0), to: last };
  if (next && showsAll(next, times.length)) return { zoomed: false, next };
  return { zoomed: true, next };
}

const formats = new Map<string, { day: Intl.DateTimeFormat; minute: Intl.DateTimeFormat }>();
function formatsFor(timeZone: string) {
  let found = formats.get(timeZone);
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }),
      minute: new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }),
    };
    formats.set(timeZone, found);
  }
  return found;
}

/**
 * The legend's date in the exchange's zone: "Jan 2, 2025" for daily bars, "Jan 2, 2025, 10:35 AM
 * EST" intraday (the zone's short name, or its offset where it has none, "GMT+9").
 */
export function formatBarTime(
  bar: ChartBar,
  interval: HistoryInterval,
  timeZone: string = DEFAULT_EXCHANGE_TIME_ZONE,
): string {
  const { day, minute } = formatsFor(timeZone);
  return isIntradayInterval(interval) ? minute.format(bar.timeMs) : day.format(bar.timeMs);
}
