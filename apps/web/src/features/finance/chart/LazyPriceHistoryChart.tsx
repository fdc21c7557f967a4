import { LazyChart } from '../../../components/LazyChart';
import { lazyPage } from '../../../lib/lazy-page';
import type { PriceChartProps } from './chart-data';

// lightweight-charts is only downloaded when a chart is first shown (with the seed's 120 s limit).
const PriceHistoryChart = lazyPage(() => import('./PriceHistoryChart'), 'PriceHistoryChart');

/** The price chart, fetched and drawn when its place comes near the screen (components/LazyChart.tsx). */
export function LazyPriceHistoryChart(props: PriceChartProps) {
  return (
    <LazyChart height={props.height ?? 420}>
      <PriceHistoryChart {...props} />
    </LazyChart>
  );
}
