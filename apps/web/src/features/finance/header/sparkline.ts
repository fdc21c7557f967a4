/*
 * The header's compact price line (docs/product.md#stock-page-appsfinancestocksymbol): the closes
 * of the last month, six months or year of daily bars, drawn as an SVG path. Pure functions, tested
 * in jsdom; the drawing is PriceSparkline.tsx.
 */
import type { PriceHistory } from '@site/contract';

export const SPARK_PERIODS = ['1mo', '6mo', '1y'] as const;
export type SparkPeriod = (typeof SPARK_PERIODS)[number];
export const DEFAULT_SPARK_PERIOD: SparkPeriod = '1mo';

export const SPARK_PERIOD_LABELS: Record<SparkPeriod, string> = { '1mo': '1M', '6mo': '6M', '1y': '1Y' };
/** How the period reads in a sentence: '+4.21% past month'. */
export const SPARK_PERIOD_NAMES: Record<SparkPeriod, string> = {
  '1mo': 'past month',
  '6mo': 'past 6 months',
  '1y': 'past year',
};
const PERIOD_MONTHS: Record<SparkPeriod, number> = { '1mo': 1, '6mo': 6, '1y': 12 };

export interface SparkPoint {
  /** The bar's start, epoch ms. */
  time: number;
  close: number;
}

/** The same instant `months` calendar months earlier (the day clamped to the month's length). */
function monthsEarlier(ms: number, months: number): number {
  const date = new Date(ms);
  const target = new Date(ms);
  target.setUTCDate(1);
  target.setUTCMonth(date.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.getTime();
}

/**
 * The closes of the period ending with the latest bar, oldest first: the bars after the same day
 * `months` earlier, plus the last bar on or before it, from which the period's change is measured
 * (a month of a 1y daily history is its last ~22 bars). Bars with an unreadable key or close are left out.
 */
export function sparkPoints(history: PriceHistory, period: SparkPeriod): SparkPoint[] {
  const all: SparkPoint[] = [];
  for (const [key, bar] of Object.entries(history)) {
    const time = Date.parse(key);
    if (!Number.isNaN(time) && Number.isFinite(bar.Close)) all.push({ time, close: bar.Close });
  }
  all.sort((a, b) => a.time - b.time);
  const last = all.at(-1);
  if (!last) return [];
  const start = monthsEarlier(last.time, PERIOD_MONTHS[period]);
  let first = all.findIndex((point) => point.time > start);
  if (first > 0) first -= 1;
  return all.slice(Math.max(first, 0));
}

/** The period's change in percent, from its first close to its last; null with fewer than two. */
export function periodChangePercent(points: readonly SparkPoint[]): number | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 2 || first.close === 0) return null;
  return ((last.close - first.close) / first.close) * 100;
}

export interface SparkGeometry {
  /** The line through the closes, in a `width` × `height` box. */
  line: string;
  /** The same line closed along the bottom, for the fill under it. */
  area: string;
  /** y of the first close: the dashed baseline the period is measured from. */
  baseline: number;
  /** Each point's position as fractions of the box (0–1, y from the top), for the hover marker. */
  positions: { x: number; y: number }[];
  low: number;
  high: number;
}

/**
 * Points spread evenly along x (trading days, not calendar time, so weekends leave no gaps) and
 * scaled between the lowest and highest close along y, with `padding` (a fraction of the height)
 * above and below. A flat line sits in the middle. Null with fewer than two points.
 */
export function sparkGeometry(
  points: readonly SparkPoint[],
  width: number,
  height: number,
  padding = 0.1,
): SparkGeometry | null {
  if (points.length < 2) return null;
  const closes = points.map((point) => point.close);
  const low = Math.min(...closes);
  const high = Math.max(...closes);
  const span = high - low;
  const yFraction = (close: number) => (span === 0 ? 0.5 : padding + (1 - 2 * padding) * (1 - (close - low) / span));
  const positions = closes.map((close, index) => ({ x: index / (closes.length - 1), y: yFraction(close) }));
  const round = (n: number) => Math.round(n * 100) / 100;
  const coordinates = positions.map((p) => `${round(p.x * width)},${round(p.y * height)}`);
  const line = `M${coordinates.join('L')}`;
  const area = `${line}L${width},${height}L0,${height}Z`;
  return { line, area, baseline: round(yFraction(closes[0] ?? low) * height), positions, low, high };
}

/** The index of the point nearest a fraction (0–1) of the width. */
export function nearestIndex(fraction: number, count: number): number {
  if (count <= 1) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(fraction * (count - 1))));
}
