import { LazyChart } from '../../../components/LazyChart';
import { lazyPage } from '../../../lib/lazy-page';
import type { PerformanceChartProps } from './performance-chart-data';

// lightweight-charts comes in its own chunk, shared with the wallet value chart.
const PerformanceChart = lazyPage(() => import('./PerformanceChart'), 'PerformanceChart');

/** The performance chart, fetched and drawn when its place comes near the screen (components/LazyChart.tsx). */
export function LazyPerformanceChart(props: PerformanceChartProps) {
  return (
    <LazyChart height={props.height ?? 320}>
      <PerformanceChart {...props} />
    </LazyChart>
  );
}
