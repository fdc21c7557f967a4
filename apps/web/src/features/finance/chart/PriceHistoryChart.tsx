import { Box, Button, Group, Text } from '@mantine/core';
import { isIntradayInterval } from '@site/contract';
import {
  CandlestickSeries,
  createSeriesMarkers,
  type DeepPartial,
  HistogramSeries,
  type ISeriesApi,
  LineSeries,
  type LogicalRange,
  type MouseEventParams,
  type SeriesType,
  type TimeChartOptions,
} from 'lightweight-charts';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { ChartDataTable } from '../../../components/ChartDataTable';
import { fixedAutoscale, formatCrosshairTime, formatTick } from '../../../lib/charts/time';
import { useChart } from '../../../lib/charts/use-chart';
import { formatCompact, formatPrice } from '../../../lib/format';
import {
  type ChartBar,
  constrainView,
  formatBarTime,
  type PriceChartProps,
  priceAutoscale,
  spanLimits,
  toChartBars,
  toSeriesData,
  volumeBounds,
} from './chart-data';
import { chartEvents, eventMarkers, eventsKey, eventsSummary } from './chart-events';

/*
 * The price-history chart (docs/product.md#stock-page-appsfinancestocksymbol) on lightweight-charts. This module is loaded lazily
 * (see LazyPriceHistoryChart) so the library stays out of the main bundle. The chart's life and
 * theme (TradingView attribution logo included, as the library's licence asks) are lib/charts'.
 */

const LINES = [
  { key: 'close', label: 'Close', color: '#1c7ed6', width: 2 },
  { key: 'open', label: 'Open', color: '#f08c00', width: 1 },
  { key: 'high', label: 'High', color: '#2f9e44', width: 1 },
  { key: 'low', label: 'Low', color: '#e03131', width: 1 },
] as const;

const UP = '#12b886';
const DOWN = '#fa5252';
const VOLUME_COLORS = { volumeUp: 'rgba(18, 184, 134, 0.45)', volumeDown: 'rgba(250, 82, 82, 0.45)' };
const VOLUME_SCALE = 'volume';

/** docs/product.md#stock-page-appsfinancestocksymbol: pan by dragging and zoom by wheel or pinch, along the time axis only. */
const INTERACTION: DeepPartial<TimeChartOptions> = {
  autoSize: true,
  handleScroll: { mouseWheel: false, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
  handleScale: {
    mouseWheel: true,
    pinch: true,
    axisPressedMouseMove: { time: true, price: false },
    axisDoubleClickReset: { time: true, price: false },
  },
  rightPriceScale: { scaleMargins: { top: 0.08, bottom: 0.22 } },
  // A resize keeps the visible time range (else it would read as a zoom and narrow a whole-year view).
  timeScale: {
    fixLeftEdge: true,
    fixRightEdge: true,
    rightOffset: 0,
    lockVisibleTimeRangeOnResize: true,
    tickMarkFormatter: formatTick,
  },
  localization: { locale: 'en-US', timeFormatter: formatCrosshairTime },
};

function Legend({
  bar,
  interval,
  timeZone,
  currency,
  mode,
  action,
}: {
  bar: ChartBar | undefined;
  interval: PriceChartProps['interval'];
  timeZone: string;
  currency: string;
  mode: PriceChartProps['mode'];
  /** Last in the row (wrapping with the values on narrow screens): the Reset zoom button. */
  action: ReactNode;
}) {
  if (!bar) return null;
  const values = [
    { label: 'Open', value: bar.open, color: LINES[1].color },
    { label: 'High', value: bar.high, color: LINES[2].color },
    { label: 'Low', value: bar.low, color: LINES[3].color },
    { label: 'Close', value: bar.close, color: LINES[0].color },
  ];
  return (
    <Group gap="md" wrap="wrap" mb="xs" aria-live="off" data-testid="chart-legend">
      <Text size="sm" fw={600}>
        {formatBarTime(bar, interval, timeZone)}
      </Text>
      {values.map((item) => (
        <Group key={item.label} gap={6} wrap="nowrap">
          {mode === 'lines' && <Box w={10} h={10} style={{ borderRadius: 2, background: item.color }} aria-hidden />}
          <Text size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text size="sm" fw={500}>
            {formatPrice(item.value, currency)}
          </Text>
        </Group>
      ))}
      <Group gap={6} wrap="nowrap">
        <Box w={10} h={10} style={{ borderRadius: 2, background: VOLUME_COLORS.volumeUp }} aria-hidden />
        <Text size="sm" c="dimmed">
          Volume
        </Text>
        <Text size="sm" fw={500}>
          {formatCompact(bar.volume)}
        </Text>
      </Group>
      {action}
    </Group>
  );
}

export function PriceHistoryChart({
  history,
  range,
  interval,
  timeZone,
  currency = 'USD',
  mode,
  height = 420,
  events,
}: PriceChartProps) {
  const { containerRef, chartRef } = useChart(INTERACTION);
  const bars = useMemo(() => toChartBars(history, interval, timeZone), [history, interval, timeZone]);
  const marked = useMemo(() => chartEvents(events, bars), [events, bars]);
  /** The series the dividend and split markers sit on: the candles, or the Close line. */
  const priceSeriesRef = useRef<ISeriesApi<SeriesType> | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [zoomed, setZoomed] = useState(false);

  // Series, scales and span limits for the current data and view.
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.applyOptions({ timeScale: { timeVisible: isIntradayInterval(interval), secondsVisible: false } });
    const data = toSeriesData(bars, VOLUME_COLORS);
    const priceScale = priceAutoscale(bars, range, interval, () => chart.timeScale().getVisibleLogicalRange());
    const series: ISeriesApi<SeriesType>[] = [];

    if (mode === 'candles') {
      const candles = chart.addSeries(CandlestickSeries, {
        upColor: UP,
        downColor: DOWN,
        borderUpColor: UP,
        borderDownColor: DOWN,
        wickUpColor: UP,
        wickDownColor: DOWN,
        autoscaleInfoProvider: priceScale,
      });
      candles.setData(data.candles);
      series.push(candles);
    } else {
      for (const line of LINES) {
        const lineSeries = chart.addSeries(LineSeries, {
          color: line.color,
          lineWidth: line.width,
          // The legend names the lines; only Close gets an axis label and a price line.
          title: line.key === 'close' ? line.label : '',
          priceLineVisible: line.key === 'close',
          lastValueVisible: line.key === 'close',
          autoscaleInfoProvider: priceScale,
        });
        lineSeries.setData(data[line.key]);
        series.push(lineSeries);
      }
    }

    // Volume on its own overlay scale along the bottom (seed: "a volume bar chart on a second axis").
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: VOLUME_SCALE,
      priceFormat: { type: 'volume' },
      priceLineVisible: false,
      lastValueVisible: false,
      autoscaleInfoProvider: fixedAutoscale(volumeBounds(bars)),
    });
    chart.priceScale(VOLUME_SCALE).applyOptions({ scaleMargins: { top: 0.78, bottom: 0 } });
    volume.setData(data.volume);
    series.push(volume);
    priceSeriesRef.current = series[0] ?? null;
    setHovered(null);

    // docs/product.md: the first view is the whole range; once the person zooms, the visible span
    // stays within its limits (1–30 days) and inside the data, until Reset zoom shows it all again.
    const limits = spanLimits(bars);
    const times = bars.map((bar) => bar.timeMs);
    chart.timeScale().fitContent();
    setZoomed(false);
    let adjusting = false;
    const onRangeChange = (range: LogicalRange | null) => {
      if (!range || adjusting) return;
      const change = constrainView(range, times, limits);
      setZoomed(change.zoomed);
      if (!change.next) return;
      adjusting = true;
      chart.timeScale().setVisibleLogicalRange(change.next);
      adjusting = false;
    };
    const onCrosshairMove = (param: MouseEventParams) => {
      setHovered(param.logical === undefined ? null : Math.round(param.logical));
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRangeChange);
    chart.subscribeCrosshairMove(onCrosshairMove);

    return () => {
      // On unmount the chart is already gone (its effect cleans up first).
      if (chartRef.current !== chart) return;
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRangeChange);
      chart.unsubscribeCrosshairMove(onCrosshairMove);
      priceSeriesRef.current = null;
      for (const item of series) chart.removeSeries(item);
    };
  }, [chartRef, bars, mode, range, interval]);

  // Dividend and split markers on the price series (after the effect above has made it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: that effect makes a new series when the chart type or interval changes
  useEffect(() => {
    const chart = chartRef.current;
    const series = priceSeriesRef.current;
    if (!chart || !series || marked.length === 0) return;
    const markers = createSeriesMarkers(series, eventMarkers(marked, bars));
    // When the series itself was removed (new data or chart type), its markers went with it; on
    // unmount the chart is removed first (useChart's cleanup runs before this one), and touching
    // its markers then throws 'Object is disposed'.
    return () => {
      if (chartRef.current === chart && priceSeriesRef.current === series) markers.detach();
    };
  }, [chartRef, bars, mode, interval, marked]);

  const legendIndex = hovered !== null && hovered >= 0 && hovered < bars.length ? hovered : bars.length - 1;
  const legendBar = bars[legendIndex];
  const legendEvents = marked.filter((event) => event.barIndex === legendIndex);
  const summary = eventsSummary(marked);

  return (
    <div>
      <Legend
        bar={legendBar}
        interval={interval}
        timeZone={timeZone}
        currency={currency}
        mode={mode}
        action={
          <Button
            size="compact-xs"
            variant="default"
            ml="auto"
            disabled={!zoomed}
            onClick={() => chartRef.current?.timeScale().fitContent()}
          >
            Reset zoom
          </Button>
        }
      />
      {marked.length > 0 && (
        // One line kept for it, so pointing at a marked bar does not move the chart.
        <Text size="sm" mb="xs" c="dimmed" mih={{ base: '4.65em', sm: '1.55em' }} data-testid="chart-events">
          {legendEvents.length > 0 ? legendEvents.map((event) => event.description).join(' · ') : eventsKey(marked)}
        </Text>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: a figure, not an img (the chart library puts a link inside: axe's nested-interactive); a div because lib/charts/use-chart.ts mounts the chart in one. */}
      <div
        ref={containerRef}
        style={{ width: '100%', height, position: 'relative' }}
        role="figure"
        aria-label={`Price history chart with ${bars.length} bars${summary ? `, ${summary}` : ''}`}
      />
      <ChartDataTable
        caption="Price history"
        columns={['Time', 'Open', 'High', 'Low', 'Close', 'Volume']}
        rows={bars.map((bar) => [
          formatCrosshairTime(bar.time),
          formatPrice(bar.open, currency),
          formatPrice(bar.high, currency),
          formatPrice(bar.low, currency),
          formatPrice(bar.close, currency),
          formatCompact(bar.volume),
        ])}
      />
    </div>
  );
}
