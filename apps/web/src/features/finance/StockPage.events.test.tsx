import type { StockEvents } from '@site/contract';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import type { PriceChartProps } from './chart/chart-data';
import { StockPage } from './StockPage';
import { fullStock } from './test-fixtures';

/** jsdom has no canvas: this stands in for the chart and shows the events it was given. */
function StubChart({ events }: PriceChartProps) {
  return (
    <div data-testid="chart">
      {events ? `${events.dividends.length} dividends, ${events.splits.length} splits in ${events.currency}` : 'none'}
    </div>
  );
}

const events: StockEvents = {
  currency: 'USD',
  dividends: [{ exDate: '2025-01-02', time: '2025-01-02T14:30:00.000Z', payDate: '2025-01-16', amount: 0.25 }],
  splits: [],
};

/** docs/product.md#stock-page-appsfinancestocksymbol: the chart gets the answer's dividends and splits to mark. */
describe('StockPage chart events', () => {
  it('hands the dividends and splits of get_full_stock to the chart', async () => {
    mockFetch({ 'GET /api/finance/get_full_stock': { body: fullStock({ events }) } });
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/apps/finance/stock/:symbol" element={<StockPage ChartComponent={StubChart} />} />
      </Routes>,
      { route: '/apps/finance/stock/AAPL' },
    );
    await user.click(await screen.findByRole('tab', { name: 'Analysis' }));
    expect(screen.getByTestId('chart')).toHaveTextContent('1 dividends, 0 splits in USD');
  });
});
