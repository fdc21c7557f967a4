import { Box, Group, Text, useComputedColorScheme } from '@mantine/core';
import {
  createChart,
  type DeepPartial,
  type IChartApi,
  LineSeries,
  type MouseEventParams,
  type TimeChartOptions,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatUsd } from '../../../lib/format';
import { fixedAutoscale, formatCrosshairTime, formatTick } from '../../finance/chart/chart-data';
import { PALETTES, themeOptions } from '../../finance/chart/PriceHistoryChart';
import { formatDateTime } from '../wallet-format';
import {
  toWalletChartPoints,
  toWalletSeriesData,
  valueBounds,
  type WalletChartPoint,
  type WalletChartProps,
} from './wallet-chart-data';

/*
 * 'Wallet Value Over Time' (seed §2) on lightweight-charts: cash, and cash plus stocks. Loaded
 * lazily (see LazyWalletValueChart) so the library stays in its own chunk; the theme is the
 * price chart's, TradingView attribution logo included, as the library's licence asks.
 */

const LINES = [
  { key: 'total', label: 'Total value (cash + stocks)', color: '#1c7ed6', width: 3 },
  { key: 'balance', label: 'Cash', color: '#f08c00', width: 2 },
] as const;

/** Few points get markers, so a young wallet's one or two snapshots are visible. */
const MARKERS_UP_TO = 60;

const OPTIONS: DeepPartial<TimeChartOptions> = {
  autoSize: true,
  handleScroll: { mouseWheel: false, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
  handleScale: { mouseWheel: true, pinch: true, axisPressedMouseMove: { time: true, price: false } },
  rightPriceScale: { scaleMargins: { top: 0.12, bottom: 0.08 } },
  timeScale: { timeVisible: true, secondsVisible: false, tickMarkFormatter: formatTick },
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
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const scheme = useComputedColorScheme('light');
  const points = useMemo(() => toWalletChartPoints(history), [history]);
  const [hovered, setHovered] = useState<number | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = createChart(container, OPTIONS);
    chartRef.current = chart;
    return () => {
      chartRef.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    chartRef.current?.applyOptions(themeOptions(PALETTES[scheme]));
  }, [scheme]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const data = toWalletSeriesData(points);
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
  }, [points]);

  const legendPoint = hovered !== null && hovered >= 0 && hovered < points.length ? points[hovered] : points.at(-1);

  return (
    <div>
      <Legend point={legendPoint} />
      <div
        ref={containerRef}
        style={{ width: '100%', height, position: 'relative' }}
        role="img"
        aria-label={`Wallet value over time: cash and total value at ${points.length} points`}
      />
    </div>
  );
}
