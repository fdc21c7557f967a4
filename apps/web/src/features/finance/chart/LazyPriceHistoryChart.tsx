import { Suspense } from 'react';
import { ChartPlaceholder } from '../../../components/ChartPlaceholder';
import { ErrorBoundary } from '../../../components/ErrorBoundary';
import { lazyPage } from '../../../lib/lazy-page';
import type { PriceChartProps } from './chart-data';

// lightweight-charts is only downloaded when a chart is first shown (with the seed's 120 s limit).
const PriceHistoryChart = lazyPage(() => import('./PriceHistoryChart'), 'PriceHistoryChart');

/** The price chart, fetched on first use; a failed download shows a message instead of the chart. */
export function LazyPriceHistoryChart(props: PriceChartProps) {
  const height = props.height ?? 420;
  return (
    <ErrorBoundary>
      <Suspense fallback={<ChartPlaceholder height={height} />}>
        <PriceHistoryChart {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
