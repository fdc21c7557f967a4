import { useComputedColorScheme } from '@mantine/core';
import { createChart, type DeepPartial, type IChartApi, type TimeChartOptions } from 'lightweight-charts';
import { type RefObject, useEffect, useRef } from 'react';
import { PALETTES, themeOptions } from './theme';

/*
 * The life of a lightweight-charts chart in a React component. This module imports the library at
 * run time: import it only from the lazily loaded chart modules, so the library stays out of the
 * first page and out of pages without charts. The TradingView attribution logo stays on (see
 * theme.ts), as the library's licence asks.
 */

export interface ChartHandle {
  /** Goes on the element the chart draws into. */
  containerRef: RefObject<HTMLDivElement | null>;
  /** The chart, from the first effect on until unmount (null before and after). */
  chartRef: RefObject<IChartApi | null>;
}

/**
 * Makes the chart once on the container with `options` (read on mount only; pass `autoSize: true`
 * for it to follow the container's size), removes it on unmount, and keeps its colours in step with
 * the page's light/dark scheme without rebuilding the series. Effects that add series run after
 * this hook's and find the chart in `chartRef`; their clean-up should check that `chartRef.current`
 * is still their chart, since on unmount the chart is removed first.
 */
export function useChart(options: DeepPartial<TimeChartOptions>): ChartHandle {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const scheme = useComputedColorScheme('light');
  const initialOptions = useRef(options);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = createChart(container, initialOptions.current);
    chartRef.current = chart;
    return () => {
      chartRef.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    chartRef.current?.applyOptions(themeOptions(PALETTES[scheme]));
  }, [scheme]);

  return { containerRef, chartRef };
}
