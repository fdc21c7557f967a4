import { Suspense } from 'react';
import { ChartPlaceholder } from '../../../components/ChartPlaceholder';
import { ErrorBoundary } from '../../../components/ErrorBoundary';
import { lazyPage } from '../../../lib/lazy-page';
import type { PerformanceChartProps } from './performance-chart-data';

// lightweight-charts comes in its own chunk, shared with the wallet value chart.
const PerformanceChart = lazyPage(() => import('./PerformanceChart'), 'PerformanceChart');

/** The performance chart, fetched on first use; a failed download shows a message instead. */
export function LazyPerformanceChart(props: PerformanceChartProps) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<ChartPlaceholder height={props.height ?? 320} />}>
        <PerformanceChart {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
