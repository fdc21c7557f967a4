import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../test/cookies';
import { apiError, callsTo, mockFetch, requestLines, requestsTo } from '../../test/fetch-mock';
import { me } from '../../test/fixtures/session';
import { stock } from '../../test/fixtures/stocks';
import { renderWithProviders } from '../../test/render';
import { settled } from '../../test/settled';
import type { WalletChartProps } from './chart/wallet-chart-data';
import { ordersBody } from './orders/orders-fixtures';
import {
  detailsBody,
  historyBody,
  historyEntry,
  ledgerBody,
  routeByQuery,
  tradeBody,
  walletDetails,
  walletStock,
  walletSummary,
  walletsBody,
  walletTrade,
} from './test-fixtures';
import { WalletPage } from './WalletPage';
import { formatDateTime } from './wallet-format';

/** Stands in for the lazily loaded lightweight-charts chart (jsdom has no canvas). */
const chartProps: WalletChartProps[] = [];
function ChartStub(props: WalletChartProps) {
  chartProps.push(props);
  return <div data-testid="wallet-chart">{props.history.length} points</div>;
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(route: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/apps/finance/wallet"
        element={
          <>
            <WalletPage ChartComponent={ChartStub} />
            <Location />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

const main = walletSummary(1, 'Main', { active: true, balanceCents: 7_701_300, stocksCents: 0 });
const growth = walletSummary(2, 'Growth', { balanceCents: 10_000_000 });
const history = [
  historyEntry('2025-01-02T15:00:00.000Z', 10_000_000, 0),
  historyEntry('2025-01-03T15:00:00.000Z', 7_701_300, 229_870),
  historyEntry('2025-01-04T16:00:00.000Z', 7_701_300, 325_870, true),
];
const mainDetails = walletDetails(main, [walletStock('AAPL', 10, 200, 229.87), walletStock('TSLA', 4, 250, 240)], {
  realizedCents: 5_000,
  history,
});
const trades = [
  walletTrade(3, 'sell', 'TSLA', 1, 300, { realizedCents: 5_000, createdAt: '2025-01-03T16:00:00.000Z' }),
  walletTrade(2, 'buy', 'TSLA', 5, 250, { createdAt: '2025-01-03T15:30:00.000Z' }),
  walletTrade(1, 'buy', 'AAPL', 10, 200, { createdAt: '2025-01-03T15:00:00.000Z' }),
];

function mockWalletApi(routes: Parameters<typeof mockFetch>[0] = {}) {
  setCookie('csrftoken', 'csrf-123');
  return mockFetch({
    'GET /api/me': { body: me },
    'GET /api/finance/get_wallets': { body: walletsBody([main, growth]) },
    'GET /api/finance/get_wallet_details': { body: detailsBody(mainDetails) },
    'GET /api/finance/get_wallet_history': { body: historyBody(history) },
    'GET /api/finance/get_wallet_ledger': { body: ledgerBody(trades) },
    'GET /api/finance/get_wallet_events': {
      body: { success: true, message: 'No dividends or splits yet', events: [] },
    },
    'GET /api/finance/get_orders': { body: ordersBody([]) },
    ...routes,
  });
}

const statValue = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('WalletPage', () => {
  it('shows the buying power beside the cash, and the shares open sell orders hold back', async () => {
    const reserved = walletSummary(1, 'Main', { active: true, balanceCents: 7_701_300, reservedCents: 180_000 });
    const reservedDetails = walletDetails(reserved, [walletStock('AAPL', 10, 200, 229.87, 4)], { history });
    mockWalletApi({
      'GET /api/finance/get_wallets': { body: walletsBody([reserved]) },
      'GET /api/finance/get_wallet_details': { body: detailsBody(reservedDetails) },
      'GET /api/finance/get_orders': { body: ordersBody([], 180_000, 7_701_300) },
    });
    renderPage('/apps/finance/wallet?wallet=1');
    const details = await screen.findByRole('region', { name: 'Wallet Details' });
    expect(statValue(details, 'Cash in Hand')).toHaveTextContent('$77,013.00');
    expect(statValue(details, 'Reserved by Open Orders')).toHaveTextContent('$1,800.00');
    expect(statValue(details, 'Buying Power')).toHaveTextContent('$75,213.00');
    const held = screen.getByRole('table', { name: 'Stocks Held' });
    expect(
      within(held)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent)
        .slice(0, 5),
    ).toEqual(['Stock Symbol', 'Quantity', 'Reserved', 'Available', 'Bought Price']);
    expect(within(held).getAllByRole('row')[1]).toHaveTextContent(/^AAPL1046\$200\.00/);
    expect(await screen.findByRole('region', { name: 'Place an Order' })).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Open Orders' })).findByText('No open orders'),
    ).toBeVisible();
  });

  it('shows the chosen wallet: details, stocks held, history, ledger and chart', async () => {
    chartProps.length = 0;
    const fetchMock = mockWalletApi();
    renderPage('/apps/finance/wallet?wallet=1');
    expect(await screen.findByRole('heading', { name: 'Wallets', level: 1 })).toBeInTheDocument();

    const details = await screen.findByRole('region', { name: 'Wallet Details' });
    expect(requestsTo(fetchMock, 'GET', '/api/finance/get_wallet_details')[0]?.query).toEqual({ wallet_id: '1' });
    // The history comes with the details: no get_wallet_history request.
    expect(requestsTo(fetchMock, 'GET', '/api/finance/get_wallet_history')).toHaveLength(0);
    expect(requestsTo(fetchMock, 'GET', '/api/finance/get_wallet_ledger')[0]?.query).toEqual({ wallet_id: '1' });
    expect(statValue(details, 'Cash in Hand')).toHaveTextContent('$77,013.00');
    expect(statValue(details, 'Total Stock Value')).toHaveTextContent('$3,258.70');
    expect(statValue(details, 'Total Wallet Value')).toHaveTextContent('$80,271.70');
    expect(statValue(details, 'Unrealized Gain/Loss')).toHaveTextContent('+$258.70 (+8.62%)');
    // One sell: +$50.00 on shares that had cost $250.00.
    expect(statValue(details, 'Realized Gain/Loss')).toHaveTextContent('+$50.00 (+20.00%)');
    expect(statValue(details, 'Total Return')).toHaveTextContent('-$19,728.30 (-19.73%)');
    expect(within(details).getByText('Main')).toBeInTheDocument();

    const held = screen.getByRole('table', { name: 'Stocks Held' });
    expect(
      within(held)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Stock Symbol',
      'Quantity',
      'Bought Price',
      'Current Price',
      'Current Value',
      'Gain/Loss',
      'Gain/Loss %',
    ]);
    const [, aapl, tsla] = within(held).getAllByRole('row') as HTMLElement[];
    expect(aapl).toHaveTextContent(/AAPL10\$200\.00\$229\.87\$2,298\.70\+\$298\.70\+14\.94%/);
    expect(within(tsla as HTMLElement).getByText('-$40.00')).toBeInTheDocument();
    expect(within(tsla as HTMLElement).getByText('-4.00%')).toBeInTheDocument();

    const historyTable = await screen.findByRole('table', { name: 'Wallet History' });
    expect(
      within(historyTable)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Balance', 'Stocks Value', 'Total Value']);
    const historyRows = within(historyTable).getAllByRole('row').slice(1);
    expect(historyRows).toHaveLength(3);
    // Newest first: the live "now" point, then the snapshots.
    expect(historyRows[0]).toHaveTextContent('Now$77,013.00$3,258.70$80,271.70');
    expect(historyRows[2]).toHaveTextContent(
      `${formatDateTime('2025-01-02T15:00:00.000Z')}$100,000.00$0.00$100,000.00`,
    );

    const ledger = await screen.findByRole('table', { name: 'Trade Ledger' });
    expect(
      within(ledger)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Side', 'Symbol', 'Quantity', 'Price', 'Amount', 'Realized Gain']);
    const ledgerRows = within(ledger).getAllByRole('row').slice(1);
    expect(ledgerRows).toHaveLength(3);
    expect(ledgerRows[0]).toHaveTextContent(
      `${formatDateTime('2025-01-03T16:00:00.000Z')}SellTSLA1$300.00+$300.00+$50.00`,
    );
    expect(ledgerRows[2]).toHaveTextContent('BuyAAPL10$200.00-$2,000.00—');

    expect(await screen.findByTestId('wallet-chart')).toHaveTextContent('3 points');
    expect(chartProps.at(-1)?.history).toEqual(history);
    expect(screen.getByRole('combobox', { name: 'Wallet' })).toHaveValue('Main');
  });

  it('opens the active wallet when the URL names none, and follows the picker in the URL', async () => {
    const fetchMock = mockWalletApi();
    const growthDetails = walletDetails(growth);
    routeByQuery(fetchMock, '/api/finance/get_wallet_details', 'wallet_id', {
      '1': () => ({ body: detailsBody(mainDetails) }),
      '2': () => ({ body: detailsBody(growthDetails) }),
    });
    const { user } = renderPage('/apps/finance/wallet');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/apps/finance/wallet?wallet=1'));
    expect(await screen.findByRole('table', { name: 'Stocks Held' })).toHaveTextContent('AAPL');

    await user.click(screen.getByRole('combobox', { name: 'Wallet' }));
    await user.click(await screen.findByRole('option', { name: /Growth/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/apps/finance/wallet?wallet=2'));
    expect(await screen.findByText('No stocks held yet. Buy some to see them here.')).toBeInTheDocument();
    expect(statValue(screen.getByRole('region', { name: 'Wallet Details' }), 'Cash in Hand')).toHaveTextContent(
      '$100,000.00',
    );
    expect(screen.getByText('Nothing to sell yet: this wallet holds no stocks.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET', '/api/finance/get_wallet_details').map((r) => r.query.wallet_id)).toEqual([
      '1',
      '2',
    ]);
  });

  it('sells a held stock chosen from the list, up to the shares held', async () => {
    const afterSale = walletDetails(
      walletSummary(1, 'Main', { active: true, balanceCents: 7_797_300 }),
      [walletStock('AAPL', 10, 200, 229.87)],
      {
        realizedCents: 1_000,
        history: [
          ...history.slice(0, 2),
          historyEntry('2025-01-05T15:00:00.000Z', 7_797_300, 229_870),
          historyEntry('2025-01-05T15:00:01.000Z', 7_797_300, 229_870, true),
        ],
      },
    );
    const fetchMock = mockWalletApi({
      'GET /api/finance/get_stock': {
        body: { symbol: stock({ symbol: 'TSLA', currentPrice: 240 }), watchlist: [], in_watchlist: false },
      },
      'POST /api/finance/sell_stock_from_wallet': {
        body: tradeBody(walletTrade(4, 'sell', 'TSLA', 4, 240, { realizedCents: -4_000 }), afterSale),
      },
    });
    const { user } = renderPage('/apps/finance/wallet?wallet=1');
    const form = await screen.findByRole('form', { name: 'Sell stocks' });
    const picker = within(form).getByRole('combobox', { name: /Stock/ });
    const options = within(picker).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Choose a held stock',
      'AAPL (10 shares)',
      'TSLA (4 shares)',
    ]);
    await user.selectOptions(picker, 'TSLA (4 shares)');
    expect(within(form).getByText('You hold 4 shares')).toBeInTheDocument();

    const quantity = within(form).getByRole('textbox', { name: /Quantity/ });
    await user.type(quantity, '5');
    await user.click(within(form).getByRole('button', { name: 'Sell' }));
    expect(await within(form).findByText('Enter a whole number of shares from 1 to 4.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/finance/sell_stock_from_wallet')).toHaveLength(0);

    await user.clear(quantity);
    await user.type(quantity, '4');
    expect(within(form).getByRole('textbox', { name: /Estimated proceeds/ })).toHaveValue('$960.00');
    await user.click(within(form).getByRole('button', { name: 'Sell' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/finance/sell_stock_from_wallet')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/finance/sell_stock_from_wallet')[0]?.body).toEqual({
      wallet_id: 1,
      symbol: 'TSLA',
      quantity: 4,
      sold_price: 240,
    });
    expect(await screen.findByText('Sold 4 shares of TSLA')).toBeInTheDocument();
    await waitFor(() => expect(quantity).toHaveValue(''));
    // The answer's details, history and trade replace the old ones at once: nothing is reloaded.
    const details = screen.getByRole('region', { name: 'Wallet Details' });
    await waitFor(() => expect(statValue(details, 'Cash in Hand')).toHaveTextContent('$77,973.00'));
    const ledgerRows = within(screen.getByRole('table', { name: 'Trade Ledger' }))
      .getAllByRole('row')
      .slice(1);
    expect(ledgerRows).toHaveLength(4);
    expect(ledgerRows[0]).toHaveTextContent('SellTSLA4$240.00+$960.00-$40.00');
    const historyTable = screen.getByRole('table', { name: 'Wallet History' });
    await waitFor(() => expect(within(historyTable).getAllByRole('row').slice(1)).toHaveLength(4));
    expect(requestsTo(fetchMock, 'GET', '/api/finance/get_wallet_history')).toHaveLength(0);
    expect(requestsTo(fetchMock, 'GET', '/api/finance/get_wallet_ledger')).toHaveLength(1);
    expect(requestsTo(fetchMock, 'GET', '/api/finance/get_wallet_details')).toHaveLength(1);
  });

  it('buys from the Buy Stocks form against the shown wallet', async () => {
    const fetchMock = mockWalletApi({
      'GET /api/finance/get_stock': {
        body: { symbol: stock({ symbol: 'NVDA', currentPrice: 120.5 }), watchlist: [], in_watchlist: false },
      },
      'POST /api/finance/add_stock_to_wallet': {
        body: tradeBody(walletTrade(5, 'buy', 'NVDA', 3, 120.5), mainDetails),
      },
    });
    const { user } = renderPage('/apps/finance/wallet?wallet=1');
    const section = await screen.findByRole('region', { name: 'Buy Stocks' });
    expect(within(section).queryByRole('button', { name: 'Sell' })).not.toBeInTheDocument();
    await user.type(within(section).getByRole('textbox', { name: /Symbol/ }), 'nvda');
    await user.type(within(section).getByRole('textbox', { name: /Quantity/ }), '3');
    await waitFor(() => expect(within(section).getByRole('textbox', { name: 'Total' })).toHaveValue('$361.50'));
    await user.click(within(section).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/finance/add_stock_to_wallet')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/finance/add_stock_to_wallet')[0]?.body).toEqual({
      wallet_id: 1,
      symbol: 'NVDA',
      quantity: 3,
      bought_price: 120.5,
    });
  });

  it('costs a buy the price, the trade and the history it shows; the answer updates the rest', async () => {
    const bought = walletDetails(
      walletSummary(1, 'Main', { active: true, balanceCents: 7_664_850 }),
      [walletStock('AAPL', 10, 200, 229.87), walletStock('NVDA', 3, 120.5, 120.5), walletStock('TSLA', 4, 250, 240)],
      { realizedCents: 5_000 },
    );
    const fetchMock = mockWalletApi({
      'GET /api/finance/get_stock': {
        body: { symbol: stock({ symbol: 'NVDA', currentPrice: 120.5 }), watchlist: [], in_watchlist: false },
      },
      'POST /api/finance/add_stock_to_wallet': { body: tradeBody(walletTrade(5, 'buy', 'NVDA', 3, 120.5), bought) },
    });
    const { user, queryClient } = renderPage('/apps/finance/wallet?wallet=1');
    const section = await screen.findByRole('region', { name: 'Buy Stocks' });
    await screen.findByRole('table', { name: 'Trade Ledger' });
    await screen.findByRole('table', { name: 'Wallet History' });
    await user.type(within(section).getByRole('textbox', { name: /Symbol/ }), 'nvda');
    await user.type(within(section).getByRole('textbox', { name: /Quantity/ }), '3');
    await waitFor(() => expect(within(section).getByRole('textbox', { name: 'Total' })).toHaveValue('$361.50'));
    const before = fetchMock.mock.calls.length;

    await user.click(within(section).getByRole('button', { name: 'Buy' }));
    const held = await screen.findByRole('table', { name: 'Stocks Held' });
    expect(await within(held).findByText('NVDA')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByRole('textbox', { name: /Symbol/ })).toHaveValue(''));
    const ledgerRows = within(screen.getByRole('table', { name: 'Trade Ledger' }))
      .getAllByRole('row')
      .slice(1);
    expect(ledgerRows[0]).toHaveTextContent('BuyNVDA3$120.50-$361.50');
    await waitFor(() => expect(requestLines(fetchMock, before)).toHaveLength(3));
    await settled(queryClient, fetchMock);
    // The quote and the trade; the answer's wallet (details, history) and trade fill the rest. Before
    // answers went into the cache a buy also refetched details, history, ledger and list (1 + 1 + 4).
    // Only the performance is asked for again: the server rebuilds it from the ledger and closes.
    expect(requestLines(fetchMock, before)).toEqual([
      'GET /api/finance/get_stock',
      'POST /api/finance/add_stock_to_wallet',
      'GET /api/finance/get_wallet_performance',
    ]);
  });

  it('lists the dividends paid and splits applied beside the trades', async () => {
    const event = {
      pay_date: null,
      currency: 'USD',
      amount_per_share: null,
      fx_rate: null,
      amount_per_share_usd: null,
      numerator: null,
      denominator: null,
      shares_delta: 0,
      cash_amount: 0,
      cash_amount_cents: 0,
    };
    const events = [
      {
        ...event,
        id: 3,
        kind: 'dividend',
        symbol: 'SHEL.L',
        date: '2025-02-13',
        pay_date: '2025-03-20',
        currency: 'GBp',
        amount_per_share: 22.31,
        fx_rate: 0.0125,
        amount_per_share_usd: 0.2789,
        quantity: 100,
        cash_amount: 27.89,
        cash_amount_cents: 2789,
        applied_at: '2025-03-20T08:05:00.000Z',
      },
      {
        ...event,
        id: 2,
        kind: 'dividend',
        symbol: 'AAPL',
        date: '2025-02-10',
        pay_date: '2025-02-14',
        amount_per_share: 0.205,
        fx_rate: 1,
        amount_per_share_usd: 0.205,
        quantity: 10,
        cash_amount: 2.05,
        cash_amount_cents: 205,
        applied_at: '2025-02-14T14:35:00.000Z',
      },
      {
        ...event,
        id: 1,
        kind: 'split',
        symbol: 'AAPL',
        date: '2020-08-31',
        numerator: 4,
        denominator: 1,
        quantity: 10,
        shares_delta: 30,
        applied_at: '2020-08-31T13:31:00.000Z',
      },
    ];
    const fetchMock = mockWalletApi({
      'GET /api/finance/get_wallet_events': { body: { success: true, message: '2 dividends and 1 split', events } },
    });
    renderPage('/apps/finance/wallet?wallet=1');
    const table = await screen.findByRole('table', { name: 'Dividends and Splits' });
    expect(requestsTo(fetchMock, 'GET', '/api/finance/get_wallet_events')[0]?.query).toEqual({ wallet_id: '1' });
    await within(table).findByText('SHEL.L');
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(lines).toEqual([
      [
        'Feb 13, 2025',
        'Dividend',
        'SHEL.L',
        '100',
        '22.31 GBp ($0.2789)',
        '+$27.89',
        `Paid Mar 20, 2025${formatDateTime('2025-03-20T08:05:00.000Z')}`,
      ],
      [
        'Feb 10, 2025',
        'Dividend',
        'AAPL',
        '10',
        '$0.205',
        '+$2.05',
        `Paid Feb 14, 2025${formatDateTime('2025-02-14T14:35:00.000Z')}`,
      ],
      [
        'Aug 31, 2020',
        'Split',
        'AAPL',
        '10',
        '4:1 (+30 shares)',
        '—',
        `Applied${formatDateTime('2020-08-31T13:31:00.000Z')}`,
      ],
    ]);
    expect(within(table).getAllByRole('link', { name: 'AAPL' })[0]).toHaveAttribute('href', '/apps/finance/stock/AAPL');
  });

  it('says when the wallet has no dividends or splits yet', async () => {
    mockWalletApi();
    renderPage('/apps/finance/wallet?wallet=1');
    const table = await screen.findByRole('table', { name: 'Dividends and Splits' });
    expect(await within(table).findByText('No dividends or splits yet.')).toBeInTheDocument();
  });

  it('says when the wallet in the URL is not found', async () => {
    mockWalletApi({ 'GET /api/finance/get_wallet_details': apiError(404, 'Wallet not found') });
    renderPage('/apps/finance/wallet?wallet=99');
    expect(await screen.findByText('Wallet not found')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Wallet' })).toHaveValue('');
  });

  it('offers the create form when there are no wallets', async () => {
    const fetchMock = mockWalletApi({ 'GET /api/finance/get_wallets': { body: walletsBody([]) } });
    renderPage('/apps/finance/wallet');
    expect(await screen.findByRole('heading', { name: 'No wallets yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Wallet' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/finance/get_wallet_details')).toHaveLength(0);
  });

  it('asks a visitor to log in', async () => {
    const fetchMock = mockFetch({});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage('/apps/finance/wallet?wallet=1');
    expect(await screen.findByText('Please log in to use this app')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
