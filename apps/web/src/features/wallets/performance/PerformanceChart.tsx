import { Box, Group, Text } from '@mantine/core';
import {
  type DeepPartial,
  LineSeries,
  LineStyle,
  type MouseEventParams,
  type TimeChartOptions,
} from 'lightweight-charts';
import { useEffect, useMemo, useState } from 'react';
import { ChartDataTable } from '../../../components/ChartDataTable';
import { formatCrosshairTime, formatTick } from '../../../lib/charts/time';
import { useChart } from '../../../lib/charts/use-chart';
import { formatUsd } from '../../../lib/format';
import { lineLabel, PERFORMANCE_LINES, type PerformanceChartProps, toLineData } from './performance-chart-data';
import { formatTradingDay } from './performance-format';

/*
 * The Performance section's value chart (docs/product.md#wallet-page-appsfinancewallet): the
 * wallet's value at each trading day's close and the same starting money in the benchmark, on
 * lightweight-charts like 'Wallet Value Over Time' (lib/charts: life, theme, attribution logo).
 * Loaded lazily (LazyPerformanceChart).
 */

/** A young wallet's few days get markers, so one or two points are visible; more would clutter. */
const MARKERS_UP_TO = 20;

const OPTIONS: DeepPartial<TimeChartOptions> = {
  autoSize: true,
  handleScroll: { mouseWheel: false, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
  handleScale: { mouseWheel: true, pinch: true, axisPressedMouseMove: { time: true, price: false } },
  rightPriceScale: { scaleMargins: { top: 0.12, bottom: 0.08 } },
  timeScale: { timeVisible: false, tickMarkFormatter: formatTick },
  localization: { locale: 'en-US', timeFormatter: formatCrosshairTime, priceFormatter: formatUsd },
};

function Legend({ series, benchmark, date }: PerformanceChartProps & { date: string | null }) {
  const point = (date === null ? undefined : series.find((item) => item.date === date)) ?? series.at(-1);
  return (
    <Group gap="md" wrap="wrap" mb="xs" data-testid="performance-chart-legend">
      <Text size="sm" fw={600}>
        {formatTradingDay(point?.date ?? null)}
      </Text>
      {PERFORMANCE_LINES.map((line) => (
        <Group key={line.key} gap={6} wrap="nowrap">
          <Box
            w={16}
            h={0}
            aria-hidden
            style={{ borderTop: `${line.width}px ${line.dashed ? 'dashed' : 'solid'} ${line.color}` }}
          />
          <Text size="sm" c="dimmed">
            {lineLabel(line.key, benchmark)}
          </Text>
          <Text size="sm" fw={500}>
            {point ? formatUsd(point[line.key]) : ''}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

export function PerformanceChart({ series, benchmark, height = 320 }: PerformanceChartProps) {
  const { containerRef, chartRef } = useChart(OPTIONS);
  const data = useMemo(() => toLineData(series), [series]);
  const [hovered, setHovered] = useState<string | null>(null);

  useEffect(() => {
    const chart = chartRef.current;
    const container = containerRef.current;
    if (!chart || !container) return;
    const lines = PERFORMANCE_LINES.map((line) => {
      const lineSeries = chart.addSeries(LineSeries, {
        color: line.color,
        lineWidth: line.width,
        lineStyle: line.dashed ? LineStyle.Dashed : LineStyle.Solid,
        title: '',
        pointMarkersVisible: series.length <= MARKERS_UP_TO,
        priceLineVisible: false,
      });
      lineSeries.setData(data[line.key]);
      return lineSeries;
    });
    // The lines drawn, for people and tests reading the page (the canvas itself says nothing).
    container.dataset.series = lines.map((_, i) => PERFORMANCE_LINES[i]?.key).join(' ');
    chart.timeScale().fitContent();
    setHovered(null);
    const onCrosshairMove = (param: MouseEventParams) => {
      setHovered(typeof param.time === 'string' ? param.time : null);
    };
    chart.subscribeCrosshairMove(onCrosshairMove);
    // Every day in view again when the width changes (a phone turned, a window resized).
    let width = container.clientWidth;
    const resized = new ResizeObserver(() => {
      if (container.clientWidth === width) return;
      width = container.clientWidth;
      requestAnimationFrame(() => chart.timeScale().fitContent());
    });
    resized.observe(container);
    return () => {
      resized.disconnect();
      if (chartRef.current !== chart) return;
      chart.unsubscribeCrosshairMove(onCrosshairMove);
      for (const item of lines) chart.removeSeries(item);
    };
  }, [chartRef, containerRef, data, series.length]);

  return (
    <div>
      <Legend series={series} benchmark={benchmark} date={hovered} />
      {/* biome-ignore lint/a11y/useSemanticElements: a figure, not an img (the chart library puts a link inside: axe's nested-interactive); a div because lib/charts/use-chart.ts mounts the chart in one. */}
      <div
        ref={containerRef}
        style={{ width: '100%', height, position: 'relative' }}
        role="figure"
        aria-label={`Wallet value and the same money in ${benchmark.symbol} at the close of ${series.length} trading ${series.length === 1 ? 'day' : 'days'}`}
      />
      <ChartDataTable
        caption={`Wallet value and the same money in ${benchmark.symbol}`}
        columns={['Close of', lineLabel('value', benchmark), lineLabel('benchmark_value', benchmark)]}
        rows={series.map((point) => [
          formatTradingDay(point.date),
          formatUsd(point.value),
          formatUsd(point.benchmark_value),
        ])}
      />
    </div>
  );
}
