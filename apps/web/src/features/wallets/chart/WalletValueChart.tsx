import { Box, Group, Text } from '@mantine/core';
import { type DeepPartial, LineSeries, type MouseEventParams, type TimeChartOptions } from 'lightweight-charts';
import { useEffect, useMemo, useState } from 'react';
import { ChartDataTable } from '../../../components/ChartDataTable';
import { fixedAutoscale, formatCrosshairTime } from '../../../lib/charts/time';
import { useChart } from '../../../lib/charts/use-chart';
import { formatUsd } from '../../../lib/format';
import { formatDateTime } from '../wallet-format';
import { formatWalletTick } from './wallet-axis';
import {
  pointAtSlot,
  toTimeGrid,
  toWalletChartPoints,
  toWalletSeriesData,
  valueBounds,
  type WalletChartPoint,
  type WalletChartProps,
} from './wallet-chart-data';

/*
 * 'Wallet Value Over Time' (docs/product.md#screens) on lightweight-charts: cash, and cash plus stocks. Loaded
 * lazily (see LazyWalletValueChart) so the library stays in its own chunk; its life and theme are
 * the price chart's (lib/charts), TradingView attribution logo included, as the library's licence asks.
 */

const LINES = [
  { key: 'total', label: 'Total value (cash + stocks)', color: '#1c7ed6', width: 3 },
  { key: 'balance', label: 'Cash', color: '#f08c00', width: 2 },
] as const;

/** Few points get markers, so a young wallet's one or two snapshots are visible. */
const MARKERS_UP_TO = 60;

export const WALLET_CHART_OPTIONS: DeepPartial<TimeChartOptions> = {
  autoSize: true,
  handleScroll: { mouseWheel: false, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
  handleScale: { mouseWheel: true, pinch: true, axisPressedMouseMove: { time: true, price: false } },
  rightPriceScale: { scaleMargins: { top: 0.12, bottom: 0.08 } },
  timeScale: { timeVisible: true, secondsVisible: false, tickMarkFormatter: formatWalletTick },
  localization: { locale: 'en-US', timeFormatter: formatCrosshairTime, priceFormatter: formatUsd },
};

function Legend({ point }: { point: WalletChartPoint | undefined }) {
  if (!point) return null;
  return (
    <Group gap="md" wrap="wrap" mb="xs" aria-live="off" data-testid="wallet-chart-legend">
      <Text size="sm" fw={600}>
        {point.isCurrent ? 'Now' : formatDateTime(point.timeMs)}
      </Text>
      {LINES.map((line) => (
        <Group key={line.key} gap={6} wrap="nowrap">
          <Box w={10} h={10} style={{ borderRadius: 2, background: line.color }} aria-hidden />
          <Text size="sm" c="dimmed">
            {line.label}
          </Text>
          <Text size="sm" fw={500}>
            {formatUsd(point[line.key])}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

export function WalletValueChart({ history, height = 360 }: WalletChartProps) {
  const { containerRef, chartRef } = useChart(WALLET_CHART_OPTIONS);
  const grid = useMemo(() => toTimeGrid(toWalletChartPoints(history)), [history]);
  const { points } = grid;
  const [hovered, setHovered] = useState<number | null>(null);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const data = toWalletSeriesData(grid);
    const scale = fixedAutoscale(valueBounds(points));
    const series = LINES.map((line) => {
      const lineSeries = chart.addSeries(LineSeries, {
        color: line.color,
        lineWidth: line.width,
        title: '',
        pointMarkersVisible: points.length <= MARKERS_UP_TO,
        priceLineVisible: false,
        autoscaleInfoProvider: scale,
      });
      lineSeries.setData(data[line.key]);
      return lineSeries;
    });
    chart.timeScale().fitContent();
    setHovered(null);
    const onCrosshairMove = (param: MouseEventParams) => {
      setHovered(param.logical === undefined ? null : Math.round(param.logical));
    };
    chart.subscribeCrosshairMove(onCrosshairMove);
    return () => {
      if (chartRef.current !== chart) return;
      chart.unsubscribeCrosshairMove(onCrosshairMove);
      for (const item of series) chart.removeSeries(item);
    };
  }, [chartRef, grid, points]);

  const legendPoint = (hovered !== null && hovered >= 0 ? pointAtSlot(grid, hovered) : undefined) ?? points.at(-1);

  return (
    <div>
      <Legend point={legendPoint} />
      {/* biome-ignore lint/a11y/useSemanticElements: a figure, not an img (the chart library puts a link inside: axe's nested-interactive); a div because lib/charts/use-chart.ts mounts the chart in one. */}
      <div
        ref={containerRef}
        style={{ width: '100%', height, position: 'relative' }}
        role="figure"
        aria-label={`Wallet value over time: cash and total value at ${points.length} points`}
      />
      <ChartDataTable
        caption="Wallet value over time"
        columns={['Time', 'Total value (cash + stocks)', 'Cash']}
        rows={points.map((point) => [
          formatCrosshairTime(point.time),
          formatUsd(point.total),
          formatUsd(point.balance),
        ])}
      />
    </div>
  );
}
