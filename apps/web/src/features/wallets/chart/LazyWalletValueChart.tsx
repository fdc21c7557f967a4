import { LazyChart } from '../../../components/LazyChart';
import { lazyPage } from '../../../lib/lazy-page';
import type { WalletChartProps } from './wallet-chart-data';

// lightweight-charts is only downloaded when the chart is first shown (with the seed's 120 s limit).
const WalletValueChart = lazyPage(() => import('./WalletValueChart'), 'WalletValueChart');

/** The wallet value chart, fetched and drawn when its place comes near the screen (components/LazyChart.tsx). */
export function LazyWalletValueChart(props: WalletChartProps) {
  return (
    <LazyChart height={props.height ?? 360}>
      <WalletValueChart {...props} />
    </LazyChart>
  );
}
