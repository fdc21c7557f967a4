import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setCookie } from '../../test/cookies';
import { apiError, holdRequests, mockFetch, requestsTo } from '../../test/fetch-mock';
import { me } from '../../test/fixtures/session';
import { stock } from '../../test/fixtures/stocks';
import { renderWithProviders } from '../../test/render';
import type { PriceChartProps } from './chart/chart-data';
import { StockPage } from './StockPage';
import { fullStock, watchlist, watchlistItem } from './test-fixtures';

/** jsdom has no canvas: this stands in for the lazily loaded lightweight-charts component. */
function StubChart({ history, interval, mode }: PriceChartProps) {
  return (
    <div data-testid="chart">
      {Object.keys(history).length} bars at {interval} as {mode}
    </div>
  );
}

function renderStockPage(symbol = 'aapl') {
  return renderWithProviders(
    <Routes>
      <Route path="/apps/finance/stock/:symbol" element={<StockPage ChartComponent={StubChart} />} />
    </Routes>,
    { route: `/apps/finance/stock/${symbol}` },
  );
}

const fullStockRoute = () => ({ 'GET /api/finance/get_full_stock': { body: fullStock() } });

const fullStockQueries = (fetchMock: ReturnType<typeof mockFetch>) =>
  requestsTo(fetchMock, 'GET', '/api/finance/get_full_stock').map((request) => request.query);

describe('StockPage', () => {
  it("shows 'Loading...', then the header and the Profile tab", async () => {
    const fetchMock = mockFetch(fullStockRoute());
    const held = holdRequests(fetchMock, 'GET', '/api/finance/get_full_stock');
    renderStockPage();
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    held.release();

    expect(await screen.findByRole('heading', { level: 1, name: 'AAPL Apple Inc.' })).toBeInTheDocument();
    expect(fullStockQueries(fetchMock)).toEqual([{ symbol: 'AAPL', range: '1y', interval: '1d' }]);
    expect(screen.getByText('One Apple Park Way, Cupertino, CA 95014, United States')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/apps/finance');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Company Information' })).toBeInTheDocument();
    expect(screen.getByText('Apple designs, manufactures and markets smartphones.')).toBeInTheDocument();
    expect(screen.getByText('164,000')).toBeInTheDocument();
    expect(screen.getByText('Consumer Electronics')).toBeInTheDocument();
    // Only the active pane is rendered.
    expect(screen.queryByText('Mr. Timothy D. Cook')).not.toBeInTheDocument();
    // A visitor gets a hint instead of the watchlist button.
    expect(screen.queryByRole('button', { name: /Watchlist/ })).not.toBeInTheDocument();
  });

  it('shows the price, the day’s change, the key statistics and the price line above the tabs, from one request', async () => {
    const fetchMock = mockFetch(fullStockRoute());
    renderStockPage();
    const title = await screen.findByRole('heading', { level: 1, name: 'AAPL Apple Inc.' });
    const header = title.closest('header') as HTMLElement;
    // Before any tab is clicked, and before the tabs in the page.
    expect(within(header).getByText('$229.87')).toBeInTheDocument();
    expect(within(header).getByText('+$1.77 (+0.78%)')).toBeInTheDocument();
    expect(within(header).getByText('Market closed')).toBeInTheDocument();
    expect(within(header).getByText('At close: Jan 2, 4:00 PM EST')).toBeInTheDocument();
    const stats = within(header).getByLabelText('Key statistics');
    expect(within(stats).getByText('$227.05 – $231.20')).toBeInTheDocument();
    expect(within(stats).getByText('$164.08 – $260.10')).toBeInTheDocument();
    expect(within(stats).getByText('$3.12T')).toBeInTheDocument();
    expect(within(stats).getByText('37.81')).toBeInTheDocument();
    expect(within(stats).getByText('0.44%')).toBeInTheDocument();
    expect(within(stats).getByText('52.3M')).toBeInTheDocument();
    expect(within(header).getByRole('slider', { name: 'AAPL closing prices, past month' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist');
    expect(header.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The price line reads the page's own default answer: no second request.
    expect(fullStockQueries(fetchMock)).toEqual([{ symbol: 'AAPL', range: '1y', interval: '1d' }]);
  });

  it('keeps the header’s price line while the Analysis tab loads another range', async () => {
    const fetchMock = mockFetch(fullStockRoute());
    const { user } = renderStockPage();
    await user.click(await screen.findByRole('tab', { name: 'Analysis' }));
    await user.click(within(screen.getByRole('group', { name: 'Range' })).getByRole('button', { name: '5Y' }));
    await waitFor(() =>
      expect(fullStockQueries(fetchMock).at(-1)).toEqual({ symbol: 'AAPL', range: '5y', interval: '1d' }),
    );
    // The line is still the 1y answer's: two bars, no request for it again.
    expect(screen.getByRole('slider', { name: /closing prices/ })).toHaveAttribute('aria-valuemax', '1');
    expect(fullStockQueries(fetchMock).filter((query) => query.range === '1y')).toHaveLength(1);
  });

  it('shows a Tokyo listing in yen with its dollar value beside it, and no dollar value for a US one', async () => {
    const toyota = stock({
      symbol: '7203.T',
      shortName: 'TOYOTA MOTOR CORP',
      exchange: 'JPX',
      currency: 'JPY',
      exchangeTimezoneName: 'Asia/Tokyo',
      currentPrice: 2893.5,
      currentPriceUsd: 18.5184,
      regularMarketChange: 12.5,
      regularMarketChangePercent: 0.432,
    });
    mockFetch({
      'GET /api/finance/get_full_stock': {
        body: fullStock({ symbol: '7203.T', info: toyota, exchangeTimezoneName: 'Asia/Tokyo' }),
      },
    });
    renderStockPage('7203.T');
    expect(await screen.findByText('¥2,893.5')).toBeInTheDocument();
    expect(screen.getByText('≈ $18.52')).toBeInTheDocument();
    expect(screen.getByText('+¥12.5 (+0.43%)')).toBeInTheDocument();
    expect(screen.queryByText(/\$2,893/)).not.toBeInTheDocument();
  });

  it('shows no dollar equivalent for a dollar listing', async () => {
    mockFetch(fullStockRoute());
    renderStockPage();
    expect(await screen.findByText('$229.87')).toBeInTheDocument();
    expect(screen.queryByText(/^≈/)).not.toBeInTheDocument();
  });

  it('switches to Board, News and Analysis', async () => {
    mockFetch(fullStockRoute());
    const { user } = renderStockPage();
    await user.click(await screen.findByRole('tab', { name: 'Board' }));
    expect(screen.getByText('Mr. Timothy D. Cook')).toBeInTheDocument();
    expect(screen.getByText('Senior VP & CFO')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Company Information' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'News' }));
    const title = screen.getByRole('link', { name: 'Apple unveils a new phone' });
    expect(title).toHaveAttribute('href', 'https://example.com/news/apple-phone');
    expect(title).toHaveAttribute('target', '_blank');
    expect(title).toHaveAttribute('rel', 'noopener noreferrer');
    const tickers = screen.getByLabelText('Related tickers');
    expect(within(tickers).getByRole('link', { name: 'MSFT' })).toHaveAttribute('href', '/apps/finance/stock/MSFT');
    expect(screen.getAllByText(/Example Wire/)).toHaveLength(2);
    // Only the first item has a thumbnail url.
    const items = screen.getAllByRole('listitem');
    expect(items[0]?.querySelector('img')).toHaveAttribute('src', 'https://example.com/a.png');
    expect(items[1]?.querySelector('img')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Analysis' }));
    expect(screen.getByRole('heading', { name: 'Price History' })).toBeInTheDocument();
    // Candles first (docs/decisions.md#stock-page-header-and-candles); the seed's four lines one click away.
    expect(screen.getByTestId('chart')).toHaveTextContent('2 bars at 1d as candles');
    await user.click(screen.getByRole('radio', { name: 'OHLC lines' }));
    expect(screen.getByTestId('chart')).toHaveTextContent('2 bars at 1d as lines');
    await user.click(screen.getByRole('radio', { name: 'Candles' }));
    expect(screen.getByTestId('chart')).toHaveTextContent('2 bars at 1d as candles');
  });

  it("shows 'No stock data available.' when the symbol cannot be loaded", async () => {
    mockFetch({ 'GET /api/finance/get_full_stock': apiError(404, 'Unknown symbol ZZZZ') });
    renderStockPage('zzzz');
    expect(await screen.findByText('No stock data available.')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByText(/Check the symbol/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says why when the market data source fails, and offers a retry', async () => {
    const message = 'The market data provider cannot be reached right now. Please try again later.';
    const fetchMock = mockFetch({ 'GET /api/finance/get_full_stock': apiError(503, message) });
    const { user } = renderStockPage();
    expect(await screen.findByText('No stock data available.')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/Check the symbol/)).not.toBeInTheDocument();
    const calls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('get_full_stock')).length;
    const before = calls();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls()).toBe(before + 1));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('offers only the intervals a range allows and reloads for each change', async () => {
    const fetchMock = mockFetch(fullStockRoute());
    const { user } = renderStockPage();
    await user.click(await screen.findByRole('tab', { name: 'Analysis' }));
    const ranges = screen.getByRole('group', { name: 'Range' });
    const intervals = screen.getByRole('group', { name: 'Interval' });
    const intervalButton = (label: string) => within(intervals).getByRole('button', { name: label });

    // Defaults 1Y / 1d: minute intervals and 1h are off, 1w and 1mo are on.
    expect(within(ranges).getByRole('button', { name: '1Y' })).toHaveAttribute('aria-pressed', 'true');
    expect(intervalButton('1d')).toHaveAttribute('aria-pressed', 'true');
    for (const label of ['1m', '5m', '15m', '30m', '1h']) expect(intervalButton(label)).toBeDisabled();
    for (const label of ['1d', '1w', '1mo']) expect(intervalButton(label)).toBeEnabled();

    // Day moves to 5-minute bars (one daily bar would be a single flat bar).
    await user.click(within(ranges).getByRole('button', { name: 'Day' }));
    for (const label of ['1m', '5m', '15m', '30m', '1h', '1d']) expect(intervalButton(label)).toBeEnabled();
    for (const label of ['1w', '1mo']) expect(intervalButton(label)).toBeDisabled();
    expect(intervalButton('5m')).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(fullStockQueries(fetchMock).at(-1)).toEqual({ symbol: 'AAPL', range: '1d', interval: '5m' }),
    );
    expect(fullStockQueries(fetchMock)).not.toContainEqual({ symbol: 'AAPL', range: '1d', interval: '1d' });

    // Week moves to 30-minute bars.
    await user.click(within(ranges).getByRole('button', { name: 'Week' }));
    await waitFor(() =>
      expect(fullStockQueries(fetchMock).at(-1)).toEqual({ symbol: 'AAPL', range: '5d', interval: '30m' }),
    );

    // An interval picked by hand stays while the range allows it: 1h for Week and Month.
    await user.click(intervalButton('1h'));
    await waitFor(() =>
      expect(fullStockQueries(fetchMock).at(-1)).toEqual({ symbol: 'AAPL', range: '5d', interval: '1h' }),
    );
    await user.click(within(ranges).getByRole('button', { name: 'Month' }));
    await waitFor(() =>
      expect(fullStockQueries(fetchMock).at(-1)).toEqual({ symbol: 'AAPL', range: '1mo', interval: '1h' }),
    );
    expect(intervalButton('1h')).toHaveAttribute('aria-pressed', 'true');
    expect(intervalButton('5m')).toBeDisabled();
    expect(intervalButton('1mo')).toBeDisabled();

    // 3M does not offer 1h: the interval moves to 1d.
    await user.click(within(ranges).getByRole('button', { name: '3M' }));
    await waitFor(() =>
      expect(fullStockQueries(fetchMock).at(-1)).toEqual({ symbol: 'AAPL', range: '3mo', interval: '1d' }),
    );
    expect(intervalButton('1d')).toHaveAttribute('aria-pressed', 'true');
  });

  it('goes to the typed symbol from the search box', async () => {
    const fetchMock = mockFetch({
      ...fullStockRoute(),
      'GET /api/finance/search': { body: { query: 'msft', results: [] } },
    });
    const { user } = renderStockPage();
    const input = await screen.findByPlaceholderText('Enter stock symbol...');
    await user.type(input, 'msft');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() =>
      expect(fullStockQueries(fetchMock).at(-1)).toEqual({ symbol: 'MSFT', range: '1y', interval: '1d' }),
    );
  });

  it('goes to the listing a typed company name resolves to', async () => {
    const fetchMock = mockFetch({
      ...fullStockRoute(),
      'GET /api/finance/search': {
        body: {
          query: 'microsoft',
          results: [{ symbol: 'MSFT', shortName: 'Microsoft Corporation', exchange: 'NMS', type: 'EQUITY' }],
        },
      },
    });
    const { user } = renderStockPage();
    const input = await screen.findByPlaceholderText('Enter stock symbol...');
    await user.type(input, 'microsoft');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() =>
      expect(fullStockQueries(fetchMock).at(-1)).toEqual({ symbol: 'MSFT', range: '1y', interval: '1d' }),
    );
    expect(fullStockQueries(fetchMock).map((q) => q.symbol)).not.toContain('MICROSOFT');
  });

  it('shows the watchlist button by membership for a signed-in user', async () => {
    setCookie('csrftoken', 'csrf-123');
    let list = watchlist([watchlistItem('AAPL')]);
    const fetchMock = mockFetch({
      ...fullStockRoute(),
      'GET /api/me': { body: me },
      'GET /api/finance/get_watchlist': () => ({ body: list }),
      'POST /api/finance/remove_watchlist': () => {
        list = watchlist([]);
        return { body: { success: true, message: 'Removed', symbol: 'AAPL', symbols: [] } };
      },
    });
    const { user } = renderStockPage();
    await user.click(await screen.findByRole('button', { name: 'Remove from Watchlist' }));
    expect(await screen.findByRole('button', { name: 'Add to Watchlist' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/finance/remove_watchlist')[0]?.form?.get('symbol')).toBe('AAPL');
  });
});
