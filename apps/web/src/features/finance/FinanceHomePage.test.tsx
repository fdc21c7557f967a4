import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../test/cookies';
import { apiError, callsTo, holdRequests, mockFetch, requestsTo } from '../../test/fetch-mock';
import { me } from '../../test/fixtures/session';
import { stock } from '../../test/fixtures/stocks';
import { renderWithProviders } from '../../test/render';
import { FinanceHomePage } from './FinanceHomePage';
import { watchlist, watchlistItem } from './test-fixtures';

function signIn() {
  setCookie('csrftoken', 'csrf-123');
}

/** The value shown under a label of a description list. */
function statValue(container: HTMLElement, label: string): HTMLElement {
  const term = within(container).getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No value for ${label}`);
  return value;
}

async function searchFor(user: ReturnType<typeof renderWithProviders>['user'], text: string) {
  const input = await screen.findByRole('textbox', { name: 'Stock symbol' });
  await user.clear(input);
  await user.type(input, text);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

describe('FinanceHomePage', () => {
  it('looks a symbol up for a visitor and shows the popup with formatted fields', async () => {
    const fetchMock = mockFetch({
      'GET /api/finance/get_stock': { body: { symbol: stock(), watchlist: [], in_watchlist: false } },
      'GET /api/finance/search': { body: { query: 'aapl', results: [] } },
    });
    const { user } = renderWithProviders(<FinanceHomePage />);
    expect(screen.getByRole('heading', { name: 'Finance', level: 1 })).toBeInTheDocument();
    // Visitors see the login card in place of the watchlist, and no watchlist request is made.
    expect(await screen.findByText('Please log in to use this app')).toBeInTheDocument();

    await searchFor(user, 'aapl');

    const dialog = await screen.findByRole('dialog', { name: 'AAPL · NMS' });
    expect(requestsTo(fetchMock, 'GET', '/api/finance/get_stock')[0]?.query).toEqual({ symbol: 'AAPL' });
    expect(callsTo(fetchMock, 'GET', '/api/finance/get_watchlist')).toHaveLength(0);
    expect(within(dialog).getByText('Apple Inc.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Current price')).toHaveTextContent('$229.87');
    expect(within(dialog).getByText('+$1.77 (+0.78%)')).toBeInTheDocument();
    expect(statValue(dialog, 'Open')).toHaveTextContent('$228.50');
    expect(statValue(dialog, 'Previous Close')).toHaveTextContent('$228.10');
    expect(statValue(dialog, 'High')).toHaveTextContent('$231.20');
    expect(statValue(dialog, 'Low')).toHaveTextContent('$227.05');
    expect(statValue(dialog, 'Volume')).toHaveTextContent('52.3M');
    expect(statValue(dialog, 'Volume')).toHaveAttribute('title', '52,345,678');
    expect(statValue(dialog, 'Market Cap')).toHaveTextContent('$3.12T');
    expect(statValue(dialog, 'Market Cap')).toHaveAttribute('title', '$3,123,456,789,012.00');
    expect(statValue(dialog, 'Industry')).toHaveTextContent('Consumer Electronics');
    expect(statValue(dialog, 'Sector')).toHaveTextContent('Technology');
    const website = within(dialog).getByRole('link', { name: 'apple.com' });
    expect(website).toHaveAttribute('href', 'https://www.apple.com');
    expect(website).toHaveAttribute('target', '_blank');
    expect(website).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).getByRole('link', { name: 'investor.apple.com' })).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByRole('link', { name: /See More/ })).toHaveAttribute('href', '/apps/finance/stock/AAPL');
    // No watchlist button for a visitor, a hint to log in instead.
    expect(within(dialog).queryByRole('button', { name: /Add to Watchlist/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('says so in the form when the symbol is unknown, and checks the input first', async () => {
    const fetchMock = mockFetch({
      'GET /api/finance/get_stock': apiError(404, 'Unknown symbol ZZZZ'),
      'GET /api/finance/search': { body: { query: 'zzzz', results: [] } },
    });
    const { user } = renderWithProviders(<FinanceHomePage />);

    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Enter a stock symbol.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/finance/get_stock')).toHaveLength(0);

    await searchFor(user, 'zzzz');
    expect(await screen.findByText('No stock found for symbol ZZZZ.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('finds a stock by part of a company name, with Search as with the dropdown', async () => {
    const toyota = stock({
      symbol: '7203.T',
      shortName: 'TOYOTA MOTOR CORP',
      longName: 'Toyota Motor Corporation',
      exchange: 'JPX',
      currency: 'JPY',
    });
    const fetchMock = mockFetch({
      'GET /api/finance/get_stock': { body: { symbol: toyota, watchlist: [], in_watchlist: false } },
      'GET /api/finance/search': {
        body: {
          query: 'toyota',
          results: [{ symbol: '7203.T', shortName: 'Toyota Motor Corporation', exchange: 'JPX', type: 'EQUITY' }],
        },
      },
    });
    const { user } = renderWithProviders(<FinanceHomePage />);

    await searchFor(user, 'toyota');

    expect(await screen.findByRole('dialog', { name: '7203.T · JPX' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET', '/api/finance/get_stock').map((r) => r.query)).toEqual([{ symbol: '7203.T' }]);
    expect(requestsTo(fetchMock, 'GET', '/api/finance/search').at(-1)?.query).toEqual({ q: 'toyota' });
    expect(screen.queryByText(/No stock found/)).not.toBeInTheDocument();
    // The box shows what the name was taken for.
    expect(screen.getByRole('textbox', { name: 'Stock symbol' })).toHaveValue('7203.T');
  });

  it('says so when typed text is neither a known name nor a symbol', async () => {
    const fetchMock = mockFetch({ 'GET /api/finance/search': { body: { query: 'x', results: [] } } });
    const { user } = renderWithProviders(<FinanceHomePage />);
    await searchFor(user, 'no such company');
    expect(await screen.findByText('No stock or company matches "no such company".')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/finance/get_stock')).toHaveLength(0);
  });

  it("offers watchlist symbols and search matches, and 'No results found.' when there are none", async () => {
    signIn();
    // The search answer depends on the query text, which the keyed mock cannot see.
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    const apple = { symbol: 'AAPL', shortName: 'Apple Inc.', exchange: 'NMS', type: 'EQUITY' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/me') return json(me);
        if (url.pathname === '/api/finance/get_watchlist') return json(watchlist([watchlistItem('MSFT')]));
        const q = url.searchParams.get('q');
        if (q === 'down') {
          const message = 'The market data provider cannot be reached right now. Please try again later.';
          return new Response(JSON.stringify({ success: false, code: 503, message }), {
            status: 503,
            headers: { 'Content-Type': 'application/json' },
          });
        }
        return json({ query: q, results: q === 'app' ? [apple] : [] });
      }),
    );
    const { user } = renderWithProviders(<FinanceHomePage />);
    await screen.findByRole('link', { name: 'MSFT' });
    const input = screen.getByRole('textbox', { name: 'Stock symbol' });

    await user.type(input, 'ms');
    expect(await screen.findByRole('option', { name: /MSFT/ })).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'app');
    expect(await screen.findByRole('option', { name: /AAPL.*Apple Inc\./ })).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'qqq');
    expect(await screen.findByText('No results found.')).toBeInTheDocument();

    // A failed search is not an empty one.
    await user.clear(input);
    await user.type(input, 'down');
    expect(await screen.findByText('Symbol search is unavailable right now.')).toBeInTheDocument();
    expect(screen.queryByText('No results found.')).not.toBeInTheDocument();
  });

  it("lists the watchlist with links, formatted prices and actions, or 'No stocks in watchlist'", async () => {
    signIn();
    mockFetch({
      'GET /api/me': { body: me },
      'GET /api/finance/get_watchlist': {
        body: watchlist([
          watchlistItem('MSFT', { shortName: 'Microsoft Corporation', currentPrice: 415.5 }),
          watchlistItem('TSLA', { regularMarketChange: -3.2, regularMarketChangePercent: -1.234 }),
        ]),
      },
    });
    renderWithProviders(<FinanceHomePage />);
    const table = await screen.findByRole('table', { name: 'Watchlist' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Symbol', 'Name', 'Current Price', 'Daily Open', 'Daily High', 'Daily Low', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [msft, tsla] = rows as [HTMLElement, HTMLElement];
    expect(within(msft).getByRole('link', { name: 'MSFT' })).toHaveAttribute('href', '/apps/finance/stock/MSFT');
    expect(within(msft).getByText('Microsoft Corporation')).toBeInTheDocument();
    expect(within(msft).getByText('$415.50')).toBeInTheDocument();
    expect(within(msft).getByText('$101.50')).toBeInTheDocument();
    expect(within(msft).getByRole('link', { name: 'View MSFT' })).toHaveAttribute('href', '/apps/finance/stock/MSFT');
    expect(within(tsla).getByText('-$3.20 (-1.23%)')).toBeInTheDocument();
    expect(within(tsla).getByRole('button', { name: 'Remove TSLA' })).toBeInTheDocument();
  });

  it("shows 'No stocks in watchlist' for an empty list", async () => {
    signIn();
    mockFetch({
      'GET /api/me': { body: me },
      'GET /api/finance/get_watchlist': { body: watchlist([]) },
    });
    renderWithProviders(<FinanceHomePage />);
    const table = await screen.findByRole('table', { name: 'Watchlist' });
    expect(within(table).getByText('No stocks in watchlist')).toBeInTheDocument();
  });

  it('adds to the watchlist with form data and flips to Remove only once the server says so', async () => {
    signIn();
    let list = watchlist([]);
    const fetchMock = mockFetch({
      'GET /api/me': { body: me },
      'GET /api/finance/get_watchlist': () => ({ body: list }),
      'GET /api/finance/get_stock': { body: { symbol: stock(), watchlist: [], in_watchlist: false } },
      'GET /api/finance/search': { body: { query: 'aapl', results: [] } },
      'POST /api/finance/add_watchlist': () => {
        list = watchlist([watchlistItem('AAPL', { shortName: 'Apple Inc.' })]);
        return { body: { success: true, message: 'Added', symbol: 'AAPL', symbols: ['AAPL'] } };
      },
    });
    const held = holdRequests(fetchMock, 'POST', '/api/finance/add_watchlist');
    const { user } = renderWithProviders(<FinanceHomePage />);
    expect(await screen.findByText('No stocks in watchlist')).toBeInTheDocument();

    await searchFor(user, 'aapl');
    const dialog = await screen.findByRole('dialog', { name: 'AAPL · NMS' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to Watchlist' }));

    await waitFor(() => expect(requestsTo(fetchMock, 'POST', '/api/finance/add_watchlist')).toHaveLength(1));
    const [request] = requestsTo(fetchMock, 'POST', '/api/finance/add_watchlist');
    expect(request?.form?.get('symbol')).toBe('AAPL');
    expect(request?.headers.get('X-CSRFToken')).toBe('csrf-123');
    // The server has not answered yet: nothing has changed.
    expect(within(dialog).getByRole('button', { name: 'Add to Watchlist' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();

    held.release();
    expect(await within(dialog).findByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'AAPL' })).toHaveAttribute('href', '/apps/finance/stock/AAPL');
  });

  it('keeps Add to Watchlist and shows the error when the server refuses', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = mockFetch({
      'GET /api/me': { body: me },
      'GET /api/finance/get_watchlist': { body: watchlist([]) },
      'GET /api/finance/get_stock': { body: { symbol: stock(), watchlist: [], in_watchlist: false } },
      'GET /api/finance/search': { body: { query: 'aapl', results: [] } },
      'POST /api/finance/add_watchlist': apiError(400, 'Your watchlist is full (100 symbols)'),
    });
    const { user } = renderWithProviders(<FinanceHomePage />);
    await searchFor(user, 'aapl');
    const dialog = await screen.findByRole('dialog', { name: 'AAPL · NMS' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to Watchlist' }));

    expect(await screen.findByText('Your watchlist is full (100 symbols)')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/finance/add_watchlist')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Add to Watchlist' })).toBeInTheDocument();
    expect(screen.getByText('No stocks in watchlist')).toBeInTheDocument();
  });

  it('removes a row from the table after the server confirms', async () => {
    signIn();
    let list = watchlist([watchlistItem('MSFT'), watchlistItem('TSLA')]);
    const fetchMock = mockFetch({
      'GET /api/me': { body: me },
      'GET /api/finance/get_watchlist': () => ({ body: list }),
      'POST /api/finance/remove_watchlist': () => {
        list = watchlist([watchlistItem('TSLA')]);
        return { body: { success: true, message: 'Removed', symbol: 'MSFT', symbols: ['TSLA'] } };
      },
    });
    const { user } = renderWithProviders(<FinanceHomePage />);
    await user.click(await screen.findByRole('button', { name: 'Remove MSFT' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'MSFT' })).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, 'POST', '/api/finance/remove_watchlist')[0]?.form?.get('symbol')).toBe('MSFT');
    expect(screen.getByRole('link', { name: 'TSLA' })).toBeInTheDocument();
  });
});
