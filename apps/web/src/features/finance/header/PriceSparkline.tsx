import { Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { PriceHistory } from '@site/contract';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { SegmentedChoice } from '../../../components/SegmentedChoice';
import { formatPercent, formatPrice } from '../../../lib/format';
import { changeColor } from '../components/PriceChange';
import classes from './StockHeader.module.css';
import {
  DEFAULT_SPARK_PERIOD,
  nearestIndex,
  periodChangePercent,
  SPARK_PERIOD_LABELS,
  SPARK_PERIOD_NAMES,
  SPARK_PERIODS,
  type SparkPeriod,
  type SparkPoint,
  sparkGeometry,
  sparkPoints,
} from './sparkline';

/** The SVG's own units; it stretches to the box, the line keeps its width (non-scaling stroke). */
const VIEW_WIDTH = 600;
const VIEW_HEIGHT = 100;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone });
    dayFormats.set(timeZone, format);
  }
  return format;
}
/** A daily bar's trading date in the exchange's zone: 'Nov 24, 2026'. */
const formatDay = (ms: number, timeZone: string) => dayFormat(timeZone).format(ms);
/** Two trading dates, the shared year written once: 'Oct 23 – Nov 24, 2026'. */
// ICU versions space the range's dash differently (thin spaces in the browser, plain ones in the
// server's Node): plain spaces everywhere, so the page the server draws hydrates as it is.
const formatDays = (from: number, to: number, timeZone: string) =>
  dayFormat(timeZone)
    .formatRange(from, to)
    .replace(/[\u2009\u202f]/g, ' ');

interface PriceSparklineProps {
  /** A year of daily bars (the stock's default history); undefined while it loads or after a failure. */
  history: PriceHistory | undefined;
  loading: boolean;
  /** Why the history could not be loaded, or null. */
  error: string | null;
  onRetry: () => void;
  retrying: boolean;
  currency: string;
  timeZone: string;
  /** Names the stock in the line's description: 'AAPL'. */
  name: string;
  height: number;
}

/**
 * docs/product.md#stock-page-appsfinancestocksymbol: the header's compact close line for the last
 * month, six months or year, green when the period gained and red when it lost (with the signed
 * change beside it), the period's first close dashed. Pointer or arrow keys read a day's close.
 * Drawn as SVG from the history the page already loads: no chart library before the Analysis tab.
 */
export function PriceSparkline({
  history,
  loading,
  error,
  onRetry,
  retrying,
  currency,
  timeZone,
  name,
  height,
}: PriceSparklineProps) {
  const [period, setPeriod] = useState<SparkPeriod>(DEFAULT_SPARK_PERIOD);
  const [active, setActive] = useState<number | null>(null);
  const gradientId = useId();
  const summaryId = useId();
  const points = useMemo(() => (history ? sparkPoints(history, period) : []), [history, period]);
  const geometry = useMemo(() => sparkGeometry(points, VIEW_WIDTH, VIEW_HEIGHT), [points]);
  const change = periodChangePercent(points);
  const direction = (change ?? 0) < 0 ? classes.down : classes.up;

  const choose = (next: string) => {
    setPeriod(next as SparkPeriod);
    setActive(null);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) setActive(nearestIndex((event.clientX - box.left) / box.width, points.length));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = points.length - 1;
    const moves: Record<string, number> = {
      // With no day picked the latest is shown: Left steps back from it.
      ArrowLeft: Math.max(0, (active ?? last) - 1),
      ArrowRight: Math.min(last, (active ?? last) + 1),
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined || last < 0) return;
    event.preventDefault();
    setActive(next);
  };

  const controls = (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <SegmentedChoice
        size="xs"
        aria-label="Price line period"
        value={period}
        onChange={choose}
        data={SPARK_PERIODS.map((value) => ({ value, label: SPARK_PERIOD_LABELS[value] }))}
      />
      {change !== null && (
        <Text size="sm" fw={600} c={changeColor(change)} ta="right">
          {formatPercent(change, { signed: true })}{' '}
          <Text span inherit fw={400} c="dimmed">
            {SPARK_PERIOD_NAMES[period]}
          </Text>
        </Text>
      )}
    </Group>
  );

  let body: ReactNode;
  if (loading) {
    body = <Skeleton height={height} radius="sm" aria-label="Loading the price line" />;
  } else if (error !== null) {
    body = (
      <Stack h={height} gap={6} align="center" justify="center" role="alert">
        <Text size="sm" c="dimmed" ta="center">
          The price line could not be loaded: {error}
        </Text>
        <Button size="compact-xs" variant="light" loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    );
  } else if (!geometry) {
    body = (
      <Text h={height} size="sm" c="dimmed" ta="center" py="lg">
        Not enough prices for a line yet.
      </Text>
    );
  } else {
    const first = points[0];
    const last = points.at(-1);
    const shown = active === null ? undefined : points[active];
    const position = active === null ? undefined : geometry.positions[active];
    const summary =
      first && last
        ? `From ${formatPrice(first.close, currency)} on ${formatDay(first.time, timeZone)} to ${formatPrice(last.close, currency)} on ${formatDay(last.time, timeZone)} (${formatPercent(change, { signed: true })}); low ${formatPrice(geometry.low, currency)}, high ${formatPrice(geometry.high, currency)}.`
        : '';
    const current = shown ?? last;
    const readout = (point: SparkPoint) =>
      `${formatDay(point.time, timeZone)} · close ${formatPrice(point.close, currency)}`;
    body = (
      <>
        {/* A slider over the days: the arrow keys (or the pointer) read one day's close. */}
        <div
          className={`${classes.spark} ${direction}`}
          style={{ height }}
          role="slider"
          tabIndex={0}
          aria-label={`${name} closing prices, ${SPARK_PERIOD_NAMES[period]}`}
          aria-describedby={summaryId}
          aria-orientation="horizontal"
          aria-valuemin={0}
          aria-valuemax={points.length - 1}
          aria-valuenow={active ?? points.length - 1}
          aria-valuetext={current ? readout(current) : undefined}
          onPointerMove={onPointerMove}
          onPointerLeave={() => setActive(null)}
          onKeyDown={onKeyDown}
          onBlur={() => setActive(null)}
        >
          <svg viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`} preserveAspectRatio="none" aria-hidden focusable="false">
            <defs>
              <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
                <stop offset="0%" stopColor="currentColor" stopOpacity={0.22} />
                <stop offset="100%" stopColor="currentColor" stopOpacity={0} />
              </linearGradient>
            </defs>
            <path d={geometry.area} fill={`url(#${gradientId})`} stroke="none" />
            <line
              x1={0}
              x2={VIEW_WIDTH}
              y1={geometry.baseline}
              y2={geometry.baseline}
              stroke="var(--mantine-color-dimmed)"
              strokeOpacity={0.6}
              strokeWidth={1}
              strokeDasharray="3 4"
              vectorEffect="non-scaling-stroke"
            />
            <path
              d={geometry.line}
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinejoin="round"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
          {position && (
            <>
              <span className={classes.cursor} style={{ left: `${position.x * 100}%` }} />
              <span className={classes.dot} style={{ left: `${position.x * 100}%`, top: `${position.y * 100}%` }} />
            </>
          )}
        </div>
        <VisuallyHidden id={summaryId}>{summary}</VisuallyHidden>
        <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
          <Text size="xs" c="dimmed" data-testid="price-line-readout">
            {shown ? readout(shown) : first && last ? formatDays(first.time, last.time, timeZone) : ''}
          </Text>
          <Text size="xs" c="dimmed" ta="right" style={{ whiteSpace: 'nowrap' }}>
            Low {formatPrice(geometry.low, currency)} · High {formatPrice(geometry.high, currency)}
          </Text>
        </Group>
      </>
    );
  }

  return (
    <Stack gap={6} aria-label="Price line" component="section">
      {controls}
      {body}
    </Stack>
  );
}
