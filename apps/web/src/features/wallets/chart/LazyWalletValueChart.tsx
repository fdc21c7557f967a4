import { Suspense } from 'react';
import { ChartPlaceholder } from '../../../components/ChartPlaceholder';
import { ErrorBoundary } from '../../../components/ErrorBoundary';
import { lazyPage } from '../../../lib/lazy-page';
import type { WalletChartProps } from './wallet-chart-data';

// lightweight-charts is only downloaded when the chart is first shown (with the seed's 120 s limit).
const WalletValueChart = lazyPage(() => import('./WalletValueChart'), 'WalletValueChart');

/** The wallet value chart, fetched on first use; a failed download shows a message instead. */
export function LazyWalletValueChart(props: WalletChartProps) {
  const height = props.height ?? 360;
  return (
    <ErrorBoundary>
      <Suspense fallback={<ChartPlaceholder height={height} />}>
        <WalletValueChart {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
