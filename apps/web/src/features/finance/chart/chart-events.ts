/*
 * The dividends and splits of a chart's range (docs/api.md#corporate-actions) placed on its bars,
 * for the price chart's markers and legend (docs/product.md#stock-page-appsfinancestocksymbol).
 * Pure data, no lightweight-charts runtime code, so it is cheap to import and to test.
 */
import type { StockEvents } from '@site/contract';
import type { SeriesMarker, Time } from 'lightweight-charts';
import { madeOnce } from '../../../lib/made-once';
import type { ChartBar } from './chart-data';

export const DIVIDEND_COLOR = '#0ca678';
export const SPLIT_COLOR = '#7048e8';

export interface ChartEvent {
  kind: 'dividend' | 'split';
  /** Index of the bar the event falls on: the last bar starting at or before it. */
  barIndex: number;
  /** The marker's short text: 'D', or the ratio '4:1'. */
  text: string;
  /** The legend's sentence: 'Dividend $0.25 a share, ex-date Feb 10, 2025, paid Feb 14, 2025'. */
  description: string;
}

const day = madeOnce(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }));
/** A calendar date (YYYY-MM-DD) as 'Feb 10, 2025'. */
const formatDay = (date: string) => {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? date : day().format(ms);
};

const SUB_UNITS = new Set(['GBp', 'GBX', 'ZAc', 'ILA']);
/** Cash per share with the decimals it was declared with: '$0.205', '¥45', '22.31 GBp'. */
export function formatPerShare(amount: number, currency: string): string {
  if (SUB_UNITS.has(currency)) return `${amount.toLocaleString('en-US', { maximumFractionDigits: 4 })} ${currency}`;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 4 }).format(amount);
  } catch {
    return `${amount.toLocaleString('en-US', { maximumFractionDigits: 4 })} ${currency}`;
  }
}

/** The index of the last bar starting at or before `ms` (bars in time order); -1 before the first. */
function barAt(bars: readonly ChartBar[], ms: number): number {
  let lo = 0;
  let hi = bars.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((bars[mid] as ChartBar).timeMs <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Each dividend and split on the bar it falls on (a week's or month's bar for longer intervals), in time order. */
export function chartEvents(events: StockEvents | undefined, bars: readonly ChartBar[]): ChartEvent[] {
  if (!events || bars.length === 0) return [];
  const out: (ChartEvent & { ms: number })[] = [];
  for (const split of events.splits) {
    const ms = Date.parse(split.time);
    const barIndex = barAt(bars, ms);
    if (barIndex < 0) continue;
    const name = split.numerator >= split.denominator ? 'Split' : 'Reverse split';
    out.push({
      kind: 'split',
      barIndex,
      ms,
      text: `${split.numerator}:${split.denominator}`,
      description: `${name} ${split.numerator}-for-${split.denominator} on ${formatDay(split.date)}`,
    });
  }
  for (const dividend of events.dividends) {
    const ms = Date.parse(dividend.time);
    const barIndex = barAt(bars, ms);
    if (barIndex < 0) continue;
    out.push({
      kind: 'dividend',
      barIndex,
      ms,
      text: 'D',
      description:
        `Dividend ${formatPerShare(dividend.amount, events.currency)} a share, ` +
        `ex-date ${formatDay(dividend.exDate)}, paid ${formatDay(dividend.payDate)}`,
    });
  }
  return out.sort((a, b) => a.ms - b.ms).map(({ ms: _ms, ...event }) => event);
}

/** lightweight-charts markers: dividends as green circles below their bar, splits as violet squares above it. */
export function eventMarkers(events: readonly ChartEvent[], bars: readonly ChartBar[]): SeriesMarker<Time>[] {
  return events.map((event) => ({
    time: (bars[event.barIndex] as ChartBar).time,
    position: event.kind === 'split' ? 'aboveBar' : 'belowBar',
    shape: event.kind === 'split' ? 'square' : 'circle',
    color: event.kind === 'split' ? SPLIT_COLOR : DIVIDEND_COLOR,
    text: event.text,
  }));
}

/** What the markers mean, for the line above the chart: only the kinds it shows. */
export function eventsKey(events: readonly ChartEvent[]): string {
  const split = events.find((e) => e.kind === 'split');
  const parts = [
    events.some((e) => e.kind === 'dividend') ? 'D marks a dividend’s ex-date' : '',
    split ? `${split.text} marks a split` : '',
  ].filter(Boolean);
  return `${parts.join(', ')}. Point at a marker for details.`;
}

/** '20 dividends and 1 split marked' for the chart's label; empty without events. */
export function eventsSummary(events: readonly ChartEvent[]): string {
  const dividends = events.filter((e) => e.kind === 'dividend').length;
  const splits = events.length - dividends;
  const parts = [
    dividends > 0 ? `${dividends} dividend${dividends === 1 ? '' : 's'}` : '',
    splits > 0 ? `${splits} split${splits === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.length === 0 ? '' : `${parts.join(' and ')} marked`;
}
