import type { WalletPerformanceResponse } from '@site/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { dispositionFileName } from '../../../lib/api-client';
import { setCookie } from '../../../test/cookies';
import { apiError, holdRequests, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { me } from '../../../test/fixtures/session';
import { renderWithProviders } from '../../../test/render';
import type { WalletChartProps } from '../chart/wallet-chart-data';
import {
  detailsBody,
  historyEntry,
  ledgerBody,
  routeByQuery,
  walletDetails,
  walletStock,
  walletSummary,
  walletsBody,
} from '../test-fixtures';
import { WalletPage } from '../WalletPage';
import type { PerformanceChartProps } from './performance-chart-data';

/** Stand-ins for the lazily loaded lightweight-charts charts (jsdom has no canvas). */
const drawn: PerformanceChartProps[] = [];
function PerformanceChartStub(props: PerformanceChartProps) {
  drawn.push(props);
  return <div data-testid="performance-chart">{`${props.series.length} days against ${props.benchmark.symbol}`}</div>;
}
const ValueChartStub = (props: WalletChartProps) => <div>{props.history.length} points</div>;

const main = walletSummary(1, 'Main', { active: true, balanceCents: 8_022_500, stocksCents: 2_105_000 });
const details = walletDetails(main, [walletStock('AAPL', 50, 100, 121), walletStock('JPM', 300, 50, 50)], {
  history: [
    historyEntry('2024-12-30T14:30:00.000Z', 10_000_000, 0),
    historyEntry('2025-01-10T16:00:00.000Z', 8_022_500, 2_105_000, true),
  ],
});

/** A performance answer shaped like the server's (the hand example of wallet-performance.test.ts, shortened). */
function performance(
  benchmark: 'SPY' | 'QQQ',
  overrides: Partial<WalletPerformanceResponse> = {},
): WalletPerformanceResponse {
  const index = benchmark === 'SPY' ? 'S&P 500' : 'Nasdaq-100';
  const fund = benchmark === 'SPY' ? 'SPDR S&P 500 ETF Trust' : 'Invesco QQQ Trust';
  const point = (date: string, value: number, bench: number) => ({
    date,
    value,
    value_cents: value * 100,
    benchmark_value: bench,
    benchmark_value_cents: bench * 100,
  });
  return {
    success: true,
    message: '3 trading days since 2025-01-08, compared with SPY',
    wallet_id: 1,
    wallet_name: 'Main',
    created_at: '2025-01-08T14:30:00.000Z',
    start_value: 100_000,
    start_value_cents: 10_000_000,
    benchmark: { symbol: benchmark, index, fund },
    series: [
      point('2025-01-08', 100_725, 102_000),
      point('2025-01-09', 102_500, 103_000),
      point('2025-01-10', 101_275, 105_000),
    ],
    returns: {
      method:
        'Time-weighted return: chain-linked daily returns. This wallet has no deposits or withdrawals, so it equals the simple return.',
      periods: [
        { period: '1D', start_date: '2025-01-09', return_percent: -1.1951, benchmark_return_percent: 1.9417 },
        { period: '1W', start_date: '2025-01-03', return_percent: 2.0403, benchmark_return_percent: 6.0606 },
        { period: '1M', start_date: null, return_percent: null, benchmark_return_percent: null },
        { period: 'YTD', start_date: '2024-12-31', return_percent: 0.2723, benchmark_return_percent: 3.9604 },
        { period: '1Y', start_date: null, return_percent: null, benchmark_return_percent: null },
        { period: 'ALL', start_date: '2024-12-30', return_percent: 1.275, benchmark_return_percent: 5 },
      ],
    },
    max_drawdown: {
      percent: -2.6961,
      peak_date: '2025-01-01',
      peak_value_cents: 10_200_000,
      trough_date: '2025-01-03',
      trough_value_cents: 9_925_000,
      method: 'Maximum drawdown: trough ÷ peak − 1.',
    },
    volatility: { annualized_percent: 20.7103, daily_returns: 9, method: 'Annualised volatility: stdev × √252.' },
    allocation: {
      total_cents: 10_127_500,
      by_holding: [
        { label: 'JPM', symbol: 'JPM', value: 15_000, value_cents: 1_500_000, percent: 14.8112 },
        { label: 'AAPL', symbol: 'AAPL', value: 6_050, value_cents: 605_000, percent: 5.9738 },
        { label: 'Cash', symbol: null, value: 80_225, value_cents: 8_022_500, percent: 79.215 },
      ],
      by_sector: [
        { label: 'Financial Services', symbol: null, value: 15_000, value_cents: 1_500_000, percent: 14.8112 },
        { label: 'Technology', symbol: null, value: 6_050, value_cents: 605_000, percent: 5.9738 },
        { label: 'Cash', symbol: null, value: 80_225, value_cents: 8_022_500, percent: 79.215 },
      ],
    },
    unpriced_symbols: [],
    ...overrides,
  };
}

function mockApi(routes: Parameters<typeof mockFetch>[0] = {}) {
  setCookie('csrftoken', 'csrf-123');
  return mockFetch({
    'GET /api/me': { body: me },
    'GET /api/finance/get_wallets': { body: walletsBody([main]) },
    'GET /api/finance/get_wallet_details': { body: detailsBody(details) },
    'GET /api/finance/get_wallet_ledger': { body: ledgerBody([]) },
    'GET /api/finance/get_wallet_performance': { body: performance('SPY') },
    ...routes,
  });
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route
        path="/apps/finance/wallet"
        element={<WalletPage ChartComponent={ValueChartStub} PerformanceChartComponent={PerformanceChartStub} />}
      />
    </Routes>,
    { route: '/apps/finance/wallet?wallet=1' },
  );
}

describe('the wallet page’s Performance section', () => {
  it('shows the chart against SPY, each return with its method, the risk figures and the allocation', async () => {
    drawn.length = 0;
    const fetchMock = mockApi();
    const { user } = renderPage();
    const section = await screen.findByRole('region', { name: 'Performance' });
    expect(await within(section).findByTestId('performance-chart')).toHaveTextContent('3 days against SPY');
    expect(drawn.at(-1)?.benchmark).toEqual({ symbol: 'SPY', index: 'S&P 500', fund: 'SPDR S&P 500 ETF Trust' });
    expect(requestsTo(fetchMock, 'GET', '/api/finance/get_wallet_performance')[0]?.query).toEqual({
      wallet_id: '1',
      benchmark: 'SPY',
    });

    const oneWeek = within(section).getByRole('group', { name: '1W return' });
    expect(oneWeek).toHaveTextContent('+2.04%');
    expect(oneWeek).toHaveTextContent('SPY +6.06%');
    expect(oneWeek).toHaveTextContent('Time-weighted · Since the close of Jan 3, 2025');
    expect(within(section).getByRole('group', { name: '1D return' })).toHaveTextContent('-1.20%');
    expect(within(section).getByRole('group', { name: '1M return' })).toHaveTextContent(
      'The wallet is younger than one month',
    );
    expect(within(section).getByRole('group', { name: 'All return' })).toHaveTextContent(
      '+1.28%SPY +5.00%Time-weighted · From the starting money on Dec 30, 2024',
    );
    expect(within(section).getByText(/no deposits or withdrawals, so it equals the simple return/)).toBeInTheDocument();

    const drawdown = within(section).getByText('Maximum drawdown', { selector: 'dt' })
      .nextElementSibling as HTMLElement;
    expect(drawdown).toHaveTextContent(
      '-2.70%From $102,000.00 on Jan 1, 2025 to $99,250.00 on Jan 3, 2025Maximum drawdown: trough ÷ peak − 1.',
    );
    const volatility = within(section).getByText('Volatility (annualised)', { selector: 'dt' })
      .nextElementSibling as HTMLElement;
    expect(volatility).toHaveTextContent('20.71%From 9 daily returnsAnnualised volatility: stdev × √252.');

    const byHolding = within(section).getByRole('table', { name: 'Allocation by holding' });
    expect(
      within(byHolding)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['HoldingValueShare', 'JPM$15,000.0014.81%', 'AAPL$6,050.005.97%', 'Cash$80,225.0079.22%']);
    await user.click(within(section).getByRole('radio', { name: 'By sector' }));
    const bySector = within(section).getByRole('table', { name: 'Allocation by sector' });
    expect(within(bySector).getAllByRole('row')[1]).toHaveTextContent('Financial Services$15,000.0014.81%');
  });

  it('asks again for another benchmark, keeping the figures on screen meanwhile', async () => {
    drawn.length = 0;
    const fetchMock = mockApi();
    routeByQuery(fetchMock, '/api/finance/get_wallet_performance', 'benchmark', {
      SPY: () => ({ body: performance('SPY') }),
      QQQ: () => ({ body: performance('QQQ') }),
    });
    const { user } = renderPage();
    const section = await screen.findByRole('region', { name: 'Performance' });
    await within(section).findByTestId('performance-chart');
    const held = holdRequests(fetchMock, 'GET', '/api/finance/get_wallet_performance');
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Benchmark' }), 'QQQ · Nasdaq-100');
    // The SPY figures stay under a loader while QQQ's load.
    expect(await within(section).findByLabelText('Loading performance')).toBeInTheDocument();
    expect(within(section).getByTestId('performance-chart')).toHaveTextContent('against SPY');
    held.release();
    await waitFor(() =>
      expect(within(section).getByTestId('performance-chart')).toHaveTextContent('3 days against QQQ'),
    );
    expect(requestsTo(fetchMock, 'GET', '/api/finance/get_wallet_performance').map((r) => r.query.benchmark)).toEqual([
      'SPY',
      'QQQ',
    ]);
  });

  it('shows a loader, then the server’s message with Try again when it fails', async () => {
    let fail = true;
    const fetchMock = mockApi({
      'GET /api/finance/get_wallet_performance': () =>
        fail
          ? apiError(503, 'No daily closes of SPY are available right now; try again later')
          : { body: performance('SPY') },
    });
    const held = holdRequests(fetchMock, 'GET', '/api/finance/get_wallet_performance');
    const { user } = renderPage();
    const section = await screen.findByRole('region', { name: 'Performance' });
    expect(within(section).getByRole('status', { name: 'Loading performance' })).toBeInTheDocument();
    held.release();
    expect(await within(section).findByText('Could not load the performance')).toBeInTheDocument();
    expect(
      within(section).getByText('No daily closes of SPY are available right now; try again later'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByTestId('performance-chart')).toBeInTheDocument();
  });

  it('says which holdings lack closes', async () => {
    mockApi({
      'GET /api/finance/get_wallet_performance': { body: performance('SPY', { unpriced_symbols: ['GONE'] }) },
    });
    renderPage();
    expect(
      await screen.findByText(/No daily closes for GONE: valued at the last trade price instead/),
    ).toBeInTheDocument();
  });

  it('downloads the ledger as the CSV the server names, and says when it cannot', async () => {
    const fetchMock = mockApi({
      'GET /api/finance/get_wallet_ledger_csv': apiError(404, 'Wallet not found'),
    });
    const { user } = renderPage();
    const ledger = await screen.findByRole('region', { name: 'Trade Ledger' });
    await user.click(within(ledger).getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The ledger could not be downloaded')).toBeInTheDocument();
    expect(screen.getByText('Wallet not found')).toBeInTheDocument();

    const csv = 'date,type,symbol\r\n2025-01-06T15:00:00.000Z,buy,AAPL\r\n';
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      new URL(String(input), 'http://localhost').pathname === '/api/finance/get_wallet_ledger_csv'
        ? new Response(csv, {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': `attachment; filename="Main-ledger.csv"; filename*=UTF-8''Main%2C%20%22best%22-ledger.csv`,
            },
          })
        : (answer as NonNullable<typeof answer>)(input, init),
    );
    const createObjectURL = vi.fn(() => 'blob:ledger');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(within(ledger).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Main, "best"-ledger.csv');
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toBe(csv);
    expect(requestsTo(fetchMock, 'GET', '/api/finance/get_wallet_ledger_csv').at(-1)?.query).toEqual({
      wallet_id: '1',
    });
  });
});

describe('dispositionFileName', () => {
  it('prefers the UTF-8 name, then the quoted one', () => {
    expect(dispositionFileName(`attachment; filename="a.csv"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.csv`)).toBe(
      '日本.csv',
    );
    expect(dispositionFileName('attachment; filename="a b.csv"')).toBe('a b.csv');
    expect(dispositionFileName('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(dispositionFileName(null)).toBeNull();
  });
});
