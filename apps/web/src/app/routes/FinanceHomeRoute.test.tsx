import type { WalletSummary } from '@site/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { watchlist } from '../../features/finance/test-fixtures';
import {
  detailsBody,
  tradeBody,
  walletDetails,
  walletStock,
  walletSummary,
  walletsBody,
  walletTrade,
} from '../../features/wallets/test-fixtures';
import { setCookie } from '../../test/cookies';
import { apiError, callsTo, type MockRoute, mockFetch, requestLines, requestsTo } from '../../test/fetch-mock';
import { me } from '../../test/fixtures/session';
import { stock } from '../../test/fixtures/stocks';
import { renderWithProviders } from '../../test/render';
import { settled } from '../../test/settled';
import { FinanceHomeRoute } from './FinanceHomeRoute';

type Routes = Parameters<typeof mockFetch>[0];

/** A signed-in user on the Finance home page whose wallets are `wallets` (changeable through `state`). */
function renderHome(wallets: WalletSummary[], routes: Routes = {}) {
  setCookie('csrftoken', 'csrf-123');
  const state = { wallets };
  const fetchMock = mockFetch({
    'GET /api/me': { body: me },
    'GET /api/finance/get_watchlist': { body: watchlist([]) },
    'GET /api/finance/get_wallets': () => ({ body: walletsBody(state.wallets) }),
    ...routes,
  });
  const view = renderWithProviders(<FinanceHomeRoute />, { route: '/apps/finance' });
  return { ...view, fetchMock, state };
}

const main = () => walletSummary(1, 'Main', { active: true, balanceCents: 1_000_000 });
const growth = () => walletSummary(2, 'Growth', { balanceCents: 5_000_000, stocksCents: 123_456 });

const rowOf = (table: HTMLElement, name: string) => {
  const row = within(table).getByText(name).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

describe('Finance home route: the finance page with the wallets', () => {
  it('puts the wallet selector above the watchlist, and My Wallets then the active wallet below it', async () => {
    renderHome([main()]);
    const watchlistHeading = await screen.findByRole('heading', { name: 'Watchlist', level: 2 });
    const selector = screen.getByRole('combobox', { name: 'Wallet' });
    const myWallets = await screen.findByRole('heading', { name: 'My Wallets', level: 2 });
    const activeWallet = screen.getByRole('heading', { name: 'Active Wallet', level: 2 });
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(selector, watchlistHeading)).toBe(true);
    expect(follows(watchlistHeading, myWallets)).toBe(true);
    expect(follows(myWallets, activeWallet)).toBe(true);
  });

  it('creates a wallet with the typed name and lists it; checks the name first', async () => {
    const { user, fetchMock, state } = renderHome([], {
      'POST /api/finance/create_wallet': () => {
        const created = walletSummary(1, 'Growth', { active: true });
        state.wallets = [created];
        return {
          body: {
            success: true,
            message: 'Wallet created',
            wallet_id: 1,
            wallet_name: 'Growth',
            balance: 100_000,
            wallet: created,
          },
        };
      },
    });
    const table = await screen.findByRole('table', { name: 'My Wallets' });
    expect(within(table).getByText(/No wallets yet/)).toBeInTheDocument();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Wallet Name', 'Balance', 'Current Value', 'Actions']);
    expect(screen.getByText(/No active wallet yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Wallet' }));
    expect(await screen.findByText('Wallet name is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/finance/create_wallet')).toHaveLength(0);

    const input = screen.getByRole('textbox', { name: /Wallet name/ });
    await user.type(input, '  Growth ');
    await user.click(screen.getByRole('button', { name: 'Create Wallet' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/finance/create_wallet')).toHaveLength(1));
    const [call] = callsTo(fetchMock, 'POST', '/api/finance/create_wallet');
    expect(call?.body).toEqual({ wallet_name: 'Growth' });
    expect(new Headers(call?.init?.headers).get('X-CSRFToken')).toBe('csrf-123');
    const row = rowOf(table, 'Growth');
    expect(within(row).getAllByText('$100,000.00')).toHaveLength(2);
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(input).toHaveValue('');
    // The first wallet is active, so the panel offers the trade form.
    expect(await screen.findByRole('form', { name: 'Trade with Growth' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a duplicate name on the field", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderHome([main()], {
      'POST /api/finance/create_wallet': apiError(409, 'You already have a wallet named Main'),
    });
    await user.type(await screen.findByRole('textbox', { name: /Wallet name/ }), 'main');
    await user.click(screen.getByRole('button', { name: 'Create Wallet' }));
    expect(await screen.findByText('You already have a wallet named Main')).toBeInTheDocument();
  });

  it('renames a wallet from a modal form', async () => {
    const { user, fetchMock, state } = renderHome([main(), growth()], {
      'POST /api/finance/rename_wallet': () => {
        const renamed = { ...growth(), wallet_name: 'Tech bets' };
        state.wallets = [main(), renamed];
        return {
          body: {
            success: true,
            message: 'Renamed',
            wallet_id: renamed.wallet_id,
            wallet_name: 'Tech bets',
            balance: renamed.balance,
            wallet: renamed,
          },
        };
      },
    });
    const table = await screen.findByRole('table', { name: 'My Wallets' });
    await user.click(within(table).getByRole('button', { name: 'Rename Growth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Growth' });
    const input = within(dialog).getByRole('textbox', { name: /New wallet name/ });
    expect(input).toHaveValue('Growth');
    await user.clear(input);
    await user.type(input, 'Tech bets');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/finance/rename_wallet')[0]?.body).toEqual({
      wallet_id: 2,
      new_wallet_name: 'Tech bets',
    });
    expect(within(table).getByText('Tech bets')).toBeInTheDocument();
    expect(within(table).queryByText('Growth')).not.toBeInTheDocument();
  });

  it('deletes a wallet only after the confirmation', async () => {
    const { user, fetchMock, state } = renderHome([main(), growth()], {
      'POST /api/finance/delete_wallet': () => {
        state.wallets = [main()];
        return { body: { success: true, message: 'Deleted', wallet_id: 2 } };
      },
    });
    const table = await screen.findByRole('table', { name: 'My Wallets' });
    await user.click(within(table).getByRole('button', { name: 'Delete Growth' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete wallet' });
    expect(within(dialog).getByText('Growth')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/finance/delete_wallet')).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'Delete Growth' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete wallet' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table).queryByText('Growth')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/finance/delete_wallet')[0]?.body).toEqual({ wallet_id: 2 });
    expect(within(table).getByText('Main')).toBeInTheDocument();
  });

  it('sets the active wallet from the table and from the Wallet selector', async () => {
    const answers: MockRoute[] = [];
    const { user, fetchMock, state } = renderHome([main(), growth()], {
      'POST /api/finance/set_active_wallet': (init) => {
        const { wallet_id } = JSON.parse(String(init?.body)) as { wallet_id: number };
        state.wallets = state.wallets.map((wallet) => ({ ...wallet, is_active: wallet.wallet_id === wallet_id }));
        const answer = { body: { success: true, message: 'Active', wallet_id } };
        answers.push(answer);
        return answer;
      },
    });
    const table = await screen.findByRole('table', { name: 'My Wallets' });
    const selector = screen.getByRole('combobox', { name: 'Wallet' });
    await waitFor(() => expect(selector).toHaveValue('Main'));
    expect(within(rowOf(table, 'Main')).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf(table, 'Main')).queryByRole('button', { name: /Set .* active/ })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Set Growth active' }));
    await waitFor(() => expect(within(rowOf(table, 'Growth')).getByText('Active')).toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/finance/set_active_wallet')[0]?.body).toEqual({ wallet_id: 2 });
    expect(within(rowOf(table, 'Main')).getByRole('button', { name: 'Set Main active' })).toBeInTheDocument();
    await waitFor(() => expect(selector).toHaveValue('Growth'));
    expect(await screen.findByRole('form', { name: 'Trade with Growth' })).toBeInTheDocument();

    await user.click(selector);
    await user.click(await screen.findByRole('option', { name: /Main/ }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/finance/set_active_wallet')).toHaveLength(2));
    expect(callsTo(fetchMock, 'POST', '/api/finance/set_active_wallet')[1]?.body).toEqual({ wallet_id: 1 });
    await waitFor(() => expect(selector).toHaveValue('Main'));
    expect(answers).toHaveLength(2);
  });

  it('looks the price up, totals it, and refuses a buy beyond the balance with the Error box', async () => {
    const { user } = renderHome([main()], {
      'GET /api/finance/get_stock': {
        body: { symbol: stock({ currentPrice: 229.87 }), watchlist: [], in_watchlist: false },
      },
    });
    const form = await screen.findByRole('form', { name: 'Trade with Main' });
    const symbol = within(form).getByRole('textbox', { name: /Symbol/ });
    await user.type(symbol, 'aapl');
    expect(symbol).toHaveValue('AAPL');
    await user.type(within(form).getByRole('textbox', { name: /Quantity/ }), '10');

    const price = within(form).getByRole('textbox', { name: 'Price' });
    const total = within(form).getByRole('textbox', { name: 'Total' });
    await waitFor(() => expect(price).toHaveValue('$229.87'));
    expect(price).toHaveAttribute('readonly');
    expect(total).toHaveAttribute('readonly');
    expect(total).toHaveValue('$2,298.70');
    expect(within(form).queryByText('Total price exceeds available balance.')).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Buy' })).toBeEnabled();

    // $10,000.00 of cash cannot pay for 50 × $229.87 = $11,493.50.
    await user.clear(within(form).getByRole('textbox', { name: /Quantity/ }));
    await user.type(within(form).getByRole('textbox', { name: /Quantity/ }), '50');
    expect(total).toHaveValue('$11,493.50');
    const alert = within(form).getByText('Total price exceeds available balance.').closest('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(within(alert as HTMLElement).getByText('Error')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Buy' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Sell' })).toBeEnabled();
  });

  it('prices a listing in another currency in dollars at the current rate, with its own price beside', async () => {
    const shell = stock({
      symbol: 'SHEL.L',
      shortName: 'SHELL PLC ORD EUR0.07',
      exchange: 'LSE',
      currency: 'GBp',
      currentPrice: 2480,
      currentPriceUsd: 31.248,
    });
    const { user, fetchMock } = renderHome([main()], {
      'GET /api/finance/get_stock': { body: { symbol: shell, watchlist: [], in_watchlist: false } },
      'POST /api/finance/add_stock_to_wallet': {
        body: tradeBody(
          walletTrade(9, 'buy', 'SHEL.L', 40, 31.248),
          walletDetails(walletSummary(1, 'Main', { active: true, balanceCents: 875_008 }), [
            walletStock('SHEL.L', 40, 31.248, 31.248),
          ]),
        ),
      },
    });
    const form = await screen.findByRole('form', { name: 'Trade with Main' });
    await user.type(within(form).getByRole('textbox', { name: /Symbol/ }), 'shel.l');
    await user.type(within(form).getByRole('textbox', { name: /Quantity/ }), '40');
    // 2,480 pence is £24.80, not $2,480: 40 shares cost $1,249.92, well within $10,000 of cash.
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Price' })).toHaveValue('$31.25'));
    expect(within(form).getByText("2,480 GBp at today's rate")).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Total' })).toHaveValue('$1,249.92');
    expect(within(form).queryByText('Total price exceeds available balance.')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/finance/add_stock_to_wallet')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/finance/add_stock_to_wallet')[0]?.body).toMatchObject({
      symbol: 'SHEL.L',
      bought_price: 31.248,
    });
  });

  it('says so when a foreign listing has no dollar rate, and sends nothing', async () => {
    const toyota = stock({ symbol: '7203.T', currency: 'JPY', currentPrice: 2893.5, currentPriceUsd: null });
    const { user, fetchMock } = renderHome([main()], {
      'GET /api/finance/get_stock': { body: { symbol: toyota, watchlist: [], in_watchlist: false } },
    });
    const form = await screen.findByRole('form', { name: 'Trade with Main' });
    await user.type(within(form).getByRole('textbox', { name: /Symbol/ }), '7203.t');
    await user.type(within(form).getByRole('textbox', { name: /Quantity/ }), '1');
    const message = 'No JPY to US dollar rate is available right now; try again later';
    expect(await within(form).findByText(message)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Price' })).toHaveValue('');
    const lookups = requestsTo(fetchMock, 'GET', '/api/finance/get_stock').length;
    await user.click(within(form).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', '/api/finance/get_stock')).toHaveLength(lookups + 1));
    expect(within(form).getAllByText(message)).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST', '/api/finance/add_stock_to_wallet')).toHaveLength(0);
  });

  it('buys with the price fetched at submit time, then clears the form and updates the wallet from the answer', async () => {
    const bought = walletDetails(walletSummary(1, 'Main', { active: true, balanceCents: 770_130 }), [
      walletStock('AAPL', 10, 229.87, 229.87),
    ]);
    let price = 229.87;
    const { user, fetchMock, state } = renderHome([main()], {
      'GET /api/finance/get_stock': () => ({
        body: { symbol: stock({ currentPrice: price }), watchlist: [], in_watchlist: false },
      }),
      'POST /api/finance/add_stock_to_wallet': () => {
        state.wallets = [walletSummary(1, 'Main', { active: true, balanceCents: 770_130, stocksCents: 229_870 })];
        return { body: tradeBody(walletTrade(9, 'buy', 'AAPL', 10, 229.87), bought) };
      },
    });
    const form = await screen.findByRole('form', { name: 'Trade with Main' });
    await user.type(within(form).getByRole('textbox', { name: /Symbol/ }), 'aapl');
    await user.type(within(form).getByRole('textbox', { name: /Quantity/ }), '10');
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Price' })).toHaveValue('$229.87'));
    const lookups = requestsTo(fetchMock, 'GET', '/api/finance/get_stock').length;
    const walletLoads = callsTo(fetchMock, 'GET', '/api/finance/get_wallets').length;

    price = 229.9;
    await user.click(within(form).getByRole('button', { name: 'Buy' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/finance/add_stock_to_wallet')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'GET', '/api/finance/get_stock')).toHaveLength(lookups + 1);
    expect(requestsTo(fetchMock, 'GET', '/api/finance/get_stock').at(-1)?.query).toEqual({ symbol: 'AAPL' });
    expect(callsTo(fetchMock, 'POST', '/api/finance/add_stock_to_wallet')[0]?.body).toEqual({
      wallet_id: 1,
      symbol: 'AAPL',
      quantity: 10,
      bought_price: 229.9,
    });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /Symbol/ })).toHaveValue(''));
    expect(within(form).getByRole('textbox', { name: /Quantity/ })).toHaveValue('');
    expect(within(form).getByRole('textbox', { name: 'Total' })).toHaveValue('');
    expect(await screen.findByText('Bought 10 shares of AAPL')).toBeInTheDocument();
    expect(await within(form).findByText('Cash available: $7,701.30')).toBeInTheDocument();
    // The answer carries the wallet: its row and the active wallet panel change without a reload.
    const row = rowOf(screen.getByRole('table', { name: 'My Wallets' }), 'Main');
    expect(within(row).getByText('$7,701.30')).toBeInTheDocument();
    expect(within(row).getByText('$10,000.00')).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Active Wallet' });
    expect(within(panel).getByText('Stocks', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$2,298.70');
    expect(callsTo(fetchMock, 'GET', '/api/finance/get_wallets')).toHaveLength(walletLoads);
  });

  it('costs a buy one price look-up and the trade itself: the answer updates the wallet, nothing is reloaded', async () => {
    const bought = walletDetails(walletSummary(1, 'Main', { active: true, balanceCents: 770_130 }), [
      walletStock('AAPL', 10, 229.87, 229.87),
    ]);
    const { user, fetchMock, queryClient } = renderHome([main()], {
      'GET /api/finance/get_stock': {
        body: { symbol: stock({ currentPrice: 229.87 }), watchlist: [], in_watchlist: false },
      },
      'POST /api/finance/add_stock_to_wallet': { body: tradeBody(walletTrade(9, 'buy', 'AAPL', 10, 229.87), bought) },
    });
    const form = await screen.findByRole('form', { name: 'Trade with Main' });
    await user.type(within(form).getByRole('textbox', { name: /Symbol/ }), 'aapl');
    await user.type(within(form).getByRole('textbox', { name: /Quantity/ }), '10');
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Price' })).toHaveValue('$229.87'));
    const before = fetchMock.mock.calls.length;

    await user.click(within(form).getByRole('button', { name: 'Buy' }));
    expect(await within(form).findByText('Cash available: $7,701.30')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /Symbol/ })).toHaveValue(''));
    // A reload, were one started, has reached the network once the page is quiet.
    await settled(queryClient, fetchMock);
    // Before the answer went into the cache, the wallet list was fetched again too (1 + 1 + 1).
    expect(requestLines(fetchMock, before)).toEqual([
      'GET /api/finance/get_stock',
      'POST /api/finance/add_stock_to_wallet',
    ]);
  });

  it("sells from the same form and shows the server's refusal readably", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, fetchMock } = renderHome([main()], {
      'GET /api/finance/get_stock': {
        body: { symbol: stock({ symbol: 'MSFT', currentPrice: 415.5 }), watchlist: [], in_watchlist: false },
      },
      'POST /api/finance/sell_stock_from_wallet': apiError(400, 'Insufficient stock quantity: you hold 2 MSFT'),
    });
    const form = await screen.findByRole('form', { name: 'Trade with Main' });
    await user.type(within(form).getByRole('textbox', { name: /Symbol/ }), 'msft');
    await user.type(within(form).getByRole('textbox', { name: /Quantity/ }), '5');
    await user.click(within(form).getByRole('button', { name: 'Sell' }));

    expect(await within(form).findByText('Insufficient stock quantity: you hold 2 MSFT')).toBeInTheDocument();
    expect(within(form).getByText('Could not sell MSFT')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/finance/sell_stock_from_wallet')[0]?.body).toEqual({
      wallet_id: 1,
      symbol: 'MSFT',
      quantity: 5,
      sold_price: 415.5,
    });
    // A refused trade keeps what was typed.
    expect(within(form).getByRole('textbox', { name: /Symbol/ })).toHaveValue('MSFT');
  });

  it('checks the fields and says when the symbol is unknown', async () => {
    const { user, fetchMock } = renderHome([main()], {
      'GET /api/finance/get_stock': apiError(404, 'Unknown symbol ZZZZ'),
    });
    const form = await screen.findByRole('form', { name: 'Trade with Main' });
    await user.click(within(form).getByRole('button', { name: 'Buy' }));
    expect(await within(form).findByText('Enter a stock symbol.')).toBeInTheDocument();
    expect(within(form).getByText(/Enter a whole number of shares/)).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: /Symbol/ }), 'zzzz');
    expect(await within(form).findByText('No stock found for symbol ZZZZ.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Quantity/ }), '1');
    await user.click(within(form).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', '/api/finance/get_stock').length).toBeGreaterThan(1));
    expect(callsTo(fetchMock, 'POST', '/api/finance/add_stock_to_wallet')).toHaveLength(0);
  });

  it('opens the wallet-details modal with the holdings and totals', async () => {
    const details = walletDetails(main(), [walletStock('AAPL', 10, 200, 229.87), walletStock('TSLA', 4, 250, 240)]);
    const { user } = renderHome([main()], { 'GET /api/finance/get_wallet_details': { body: detailsBody(details) } });
    await user.click(await screen.findByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Main details' });
    const table = await within(dialog).findByRole('table', { name: 'Stocks Held' });
    const rows = within(table).getAllByRole('row');
    // Header, two holdings, totals.
    expect(rows).toHaveLength(4);
    const aapl = rows[1] as HTMLElement;
    expect(within(aapl).getByRole('link', { name: 'AAPL' })).toHaveAttribute('href', '/apps/finance/stock/AAPL');
    expect(within(aapl).getByText('$2,298.70')).toBeInTheDocument();
    expect(within(aapl).getByText('+$298.70 (+14.94%)')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('-$40.00 (-4.00%)')).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText('$3,258.70')).toBeInTheDocument();
    expect(within(dialog).getByText('Total Wallet Value').nextElementSibling).toHaveTextContent('$13,258.70');
    expect(within(dialog).getByRole('link', { name: /Open wallet page/ })).toHaveAttribute(
      'href',
      '/apps/finance/wallet?wallet=1',
    );
  });

  it('hints to pick a wallet when none is active, and links View to the wallet page', async () => {
    renderHome([{ ...main(), is_active: false }, growth()]);
    expect(await screen.findByText(/No active wallet\. Pick one/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'My Wallets' });
    expect(within(table).getByRole('link', { name: 'View Growth' })).toHaveAttribute(
      'href',
      '/apps/finance/wallet?wallet=2',
    );
    expect(screen.queryByRole('form', { name: /Trade with/ })).not.toBeInTheDocument();
  });
});
