import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCookie } from '../../../test/cookies';
import { apiError, callsTo, type MockRoute, mockFetch } from '../../../test/fetch-mock';
import { me } from '../../../test/fixtures/session';
import { renderWithProviders } from '../../../test/render';
import { walletSummary } from '../test-fixtures';
import { OrderTicket } from './OrderTicket';
import { limitBuyRequest, order, preview } from './orders-fixtures';

const wallet = { wallet_id: 1, wallet_name: 'Main' };

function mockOrderApi(previewRoute: MockRoute = { body: { success: true, message: 'Preview', preview: preview() } }) {
  setCookie('csrftoken', 'csrf-123');
  return mockFetch({
    'GET /api/me': { body: me },
    'POST /api/finance/preview_order': previewRoute,
    'POST /api/finance/place_order': {
      body: {
        success: true,
        message: 'Placed',
        order: order(5),
        wallet: walletSummary(1, 'Main', { reservedCents: 180_000 }),
      },
    },
  });
}

describe('OrderTicket', () => {
  it('shows only the chosen type’s price fields', async () => {
    mockOrderApi();
    const { user } = renderWithProviders(<OrderTicket wallet={wallet} />);
    const form = screen.getByRole('form', { name: 'Place an order' });
    expect(within(form).getByLabelText(/Limit price/)).toBeVisible();
    expect(within(form).queryByLabelText(/Stop price/)).toBeNull();
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Order type' }), 'Trailing stop');
    expect(within(form).queryByLabelText(/Limit price/)).toBeNull();
    expect(within(form).getByLabelText(/Trail percent/)).toBeVisible();
    await user.click(within(form).getByText('Dollars ($)'));
    expect(within(form).getByLabelText(/Trail amount/)).toBeVisible();
  });

  it('previews a complete order, then places it with only its own fields', async () => {
    const fetchMock = mockOrderApi();
    const { user } = renderWithProviders(<OrderTicket wallet={wallet} />);
    const form = screen.getByRole('form', { name: 'Place an order' });
    await user.type(within(form).getByLabelText(/Symbol/), 'aapl');
    await user.type(within(form).getByLabelText(/Quantity/), '10');
    await user.type(within(form).getByLabelText(/Limit price/), '180');
    const panel = await screen.findByTestId('order-preview');
    expect(panel).toHaveTextContent('Current price$190.25Market open');
    expect(panel).toHaveTextContent('Cash reserved$1,800.00');
    expect(panel).toHaveTextContent('Buying power after$98,200.00');
    expect(callsTo(fetchMock, 'POST', '/api/finance/preview_order').at(-1)?.body).toEqual(limitBuyRequest);
    await user.click(within(form).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/finance/place_order')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/finance/place_order')[0]?.body).toEqual(limitBuyRequest);
    await waitFor(() => expect(within(form).getByLabelText(/Symbol/)).toHaveValue(''));
  });

  it('says why an order cannot be placed, and will not send it', async () => {
    const problem =
      'Insufficient buying power: this order reserves $1,800.00, but the wallet’s buying power is $100.00';
    const fetchMock = mockOrderApi({
      body: { success: true, message: 'Preview', preview: preview({ can_place: false, problem }) },
    });
    const { user } = renderWithProviders(<OrderTicket wallet={wallet} />);
    const form = screen.getByRole('form', { name: 'Place an order' });
    await user.type(within(form).getByLabelText(/Symbol/), 'AAPL');
    await user.type(within(form).getByLabelText(/Quantity/), '10');
    await user.type(within(form).getByLabelText(/Limit price/), '180');
    expect(await screen.findByText(problem)).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Place order' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST', '/api/finance/place_order')).toEqual([]);
  });

  it('shows the contract’s messages by field, the missing ones on Place order, and the server’s on its field', async () => {
    mockOrderApi(apiError(404, 'Unknown symbol: ZZZZ'));
    const { user } = renderWithProviders(<OrderTicket wallet={wallet} />);
    const form = screen.getByRole('form', { name: 'Place an order' });
    await user.type(within(form).getByLabelText(/Limit price/), '0');
    expect(within(form).getByText('Limit price must be more than 0')).toBeVisible();
    expect(within(form).queryByText('Quantity is required')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Place order' }));
    expect(within(form).getByText('Quantity is required')).toBeVisible();
    expect(within(form).getByText('Symbol is required')).toBeVisible();

    await user.clear(within(form).getByLabelText(/Limit price/));
    await user.type(within(form).getByLabelText(/Limit price/), '5');
    await user.type(within(form).getByLabelText(/Quantity/), '1');
    await user.type(within(form).getByLabelText(/Symbol/), 'ZZZZ');
    expect(await within(form).findByText('Unknown symbol: ZZZZ')).toBeVisible();
  });
});
