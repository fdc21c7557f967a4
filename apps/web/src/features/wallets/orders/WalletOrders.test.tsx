import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCookie } from '../../../test/cookies';
import { apiError, callsTo, mockFetch } from '../../../test/fetch-mock';
import { me } from '../../../test/fixtures/session';
import { renderWithProviders } from '../../../test/render';
import { settled } from '../../../test/settled';
import { useWalletDetails, useWallets } from '../api/use-wallets';
import { detailsBody, walletDetails, walletSummary, walletsBody } from '../test-fixtures';
import { order, ordersBody } from './orders-fixtures';
import { WalletOrders } from './WalletOrders';

/** What the wallet page shows beside its orders: the wallet's details and the wallets list. */
function WalletFigures() {
  useWalletDetails(1);
  useWallets();
  return null;
}

describe('WalletOrders', () => {
  it('lists the open orders with what they hold back, and the closed ones folded away', async () => {
    mockFetch({
      'GET /api/me': { body: me },
      'GET /api/finance/get_orders': {
        body: ordersBody(
          [
            order(3, {
              side: 'sell',
              type: 'trailing_stop',
              limit_price: null,
              trail_percent: 2.5,
              trigger_price: 185.5,
              reserved_cash: 0,
              reserved_cash_cents: 0,
              reserved_quantity: 4,
              quantity: 4,
              time_in_force: 'gtc',
            }),
            order(2),
            order(1, {
              status: 'rejected',
              reserved_cash: 0,
              reserved_cash_cents: 0,
              reason: 'Not enough cash when the order triggered',
            }),
          ],
          180_000,
        ),
      },
    });
    const { user } = renderWithProviders(<WalletOrders walletId={1} />);
    const table = await screen.findByRole('table', { name: 'Open orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'AAPL',
        'Sell',
        'Trailing stop 2.5%',
        '4',
        'Trail 2.5%',
        '$185.50',
        'Good till cancelled',
        expect.any(String),
        'open',
        '4 shares',
        'Cancel',
      ],
      ['AAPL', 'Buy', 'Limit', '10', 'Limit $180.00', '—', 'Day', expect.any(String), 'open', '$1,800.00', 'Cancel'],
    ]);
    expect(screen.queryByRole('table', { name: 'Recent closed orders' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Recent closed orders (1)' }));
    const closed = await screen.findByRole('table', { name: 'Recent closed orders' });
    expect(within(closed).getByText('Not enough cash when the order triggered')).toBeVisible();
    expect(within(closed).getByText('rejected')).toBeVisible();
  });

  it('says when there are no open orders', async () => {
    mockFetch({ 'GET /api/me': { body: me }, 'GET /api/finance/get_orders': { body: ordersBody([]) } });
    renderWithProviders(<WalletOrders walletId={1} />);
    expect(await screen.findByText('No open orders')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Recent closed orders/ })).toBeNull();
  });

  it('shows the server’s message with Try again when the orders cannot be loaded', async () => {
    mockFetch({ 'GET /api/me': { body: me }, 'GET /api/finance/get_orders': apiError(503, 'Orders are resting') });
    renderWithProviders(<WalletOrders walletId={1} />);
    expect(await screen.findByText('Orders are resting')).toBeVisible();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeVisible();
  });

  it('cancels an order only once confirmed, then refetches the list', async () => {
    setCookie('csrftoken', 'csrf-123');
    let cancelled = false;
    const fetchMock = mockFetch({
      'GET /api/me': { body: me },
      'GET /api/finance/get_orders': () => ({
        body: ordersBody(
          cancelled ? [order(2, { status: 'cancelled', reserved_cash: 0, reserved_cash_cents: 0 })] : [order(2)],
        ),
      }),
      'POST /api/finance/cancel_order': () => {
        cancelled = true;
        return { body: { success: true, message: 'Cancelled', order: order(2, { status: 'cancelled' }) } };
      },
    });
    const { user } = renderWithProviders(<WalletOrders walletId={1} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel the order to buy AAPL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('releases the $1,800.00 it holds back');
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(callsTo(fetchMock, 'POST', '/api/finance/cancel_order')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel the order to buy AAPL' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/finance/cancel_order')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/finance/cancel_order')[0]?.body).toEqual({ order_id: 2 });
    expect(await screen.findByText('No open orders')).toBeVisible();
  });

  it('reloads the orders, the wallet and the list once after a cancel', async () => {
    setCookie('csrftoken', 'csrf-123');
    let cancelled = false;
    const main = walletSummary(1, 'Main');
    const fetchMock = mockFetch({
      'GET /api/me': { body: me },
      'GET /api/finance/get_wallets': { body: walletsBody([main]) },
      'GET /api/finance/get_wallet_details': { body: detailsBody(walletDetails(main)) },
      'GET /api/finance/get_orders': () => ({
        body: ordersBody(cancelled ? [order(2, { status: 'cancelled' })] : [order(2)]),
      }),
      'POST /api/finance/cancel_order': () => {
        cancelled = true;
        return { body: { success: true, message: 'Cancelled', order: order(2, { status: 'cancelled' }) } };
      },
    });
    const { user, queryClient } = renderWithProviders(
      <>
        <WalletOrders walletId={1} />
        <WalletFigures />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel the order to buy AAPL' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('No open orders')).toBeVisible();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/finance/get_wallets')).toHaveLength(2));
    await settled(queryClient, fetchMock);
    expect(callsTo(fetchMock, 'GET', '/api/finance/get_orders')).toHaveLength(2);
    expect(callsTo(fetchMock, 'GET', '/api/finance/get_wallet_details')).toHaveLength(2);
    expect(callsTo(fetchMock, 'GET', '/api/finance/get_wallets')).toHaveLength(2);
  });
});
