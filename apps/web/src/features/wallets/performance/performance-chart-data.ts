import type { PerformancePoint, WalletPerformanceResponse } from '@site/contract';

/** What the lazily loaded performance chart draws: the daily series and the benchmark it holds. */
export interface PerformanceChartProps {
  series: PerformancePoint[];
  benchmark: WalletPerformanceResponse['benchmark'];
  height?: number;
}

/** The chart's two lines, wallet first; the benchmark dashed so it reads apart without its colour. */
export const PERFORMANCE_LINES = [
  { key: 'value', color: '#1c7ed6', width: 3, dashed: false },
  { key: 'benchmark_value', color: '#ae3ec9', width: 2, dashed: true },
] as const;

/** The line's name in the legend: 'This wallet', or the benchmark as 'SPY (S&P 500)'. */
export function lineLabel(
  key: (typeof PERFORMANCE_LINES)[number]['key'],
  benchmark: PerformanceChartProps['benchmark'],
) {
  return key === 'value' ? 'This wallet' : `${benchmark.symbol} (${benchmark.index})`;
}

/** Each line's points for lightweight-charts: trading days as 'YYYY-MM-DD' times, dollars as values. */
export function toLineData(series: readonly PerformancePoint[]) {
  return {
    value: series.map((point) => ({ time: point.date, value: point.value })),
    benchmark_value: series.map((point) => ({ time: point.date, value: point.benchmark_value })),
  };
}
