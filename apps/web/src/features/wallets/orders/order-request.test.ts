import { describe, expect, it } from 'vitest';
import { EMPTY_TICKET, toOrderRequest, validateOrder as validateWith, visibleErrors } from './order-request';
import * as rules from './order-rules';

const validateOrder = (request: Parameters<typeof validateWith>[0]) => validateWith(request, rules);

describe('the order ticket request', () => {
  it('sends only the chosen type’s price fields', () => {
    const values = { ...EMPTY_TICKET, symbol: 'AAPL', quantity: 5, limitPrice: 180, stopPrice: 175, trail: '2.5' };
    expect(toOrderRequest(7, values)).toMatchObject({
      limit_price: 180,
      stop_price: undefined,
      trail_percent: undefined,
    });
    expect(toOrderRequest(7, { ...values, type: 'stop_limit' })).toMatchObject({ limit_price: 180, stop_price: 175 });
    expect(toOrderRequest(7, { ...values, type: 'trailing_stop' })).toMatchObject({
      limit_price: undefined,
      stop_price: undefined,
      trail_percent: '2.5',
      trail_amount: undefined,
    });
    expect(toOrderRequest(7, { ...values, type: 'trailing_stop', trailUnit: 'amount' })).toMatchObject({
      trail_amount: '2.5',
      trail_percent: undefined,
    });
  });

  it('checks it with the contract’s schema, one message per field, shown once typed or on submit', () => {
    const request = toOrderRequest(7, { ...EMPTY_TICKET, symbol: 'AAPL', quantity: 0, limitPrice: '' });
    const errors = validateOrder(request);
    expect(errors).toEqual({
      quantity: 'Quantity must be at least 1',
      limit_price: 'Limit price is required for a limit order',
    });
    expect(visibleErrors(errors, request, false)).toEqual({ quantity: 'Quantity must be at least 1' });
    expect(visibleErrors(errors, request, true)).toEqual(errors);
    expect(validateOrder(toOrderRequest(7, { ...EMPTY_TICKET, symbol: 'AAPL' }))).toMatchObject({
      quantity: 'Quantity is required',
    });
    expect(
      validateOrder(
        toOrderRequest(7, { ...EMPTY_TICKET, type: 'trailing_stop', symbol: 'AAPL', quantity: 1, trail: 60 }),
      ),
    ).toEqual({ trail_percent: 'Trail percent must be at most 50' });
    expect(
      validateOrder(toOrderRequest(7, { ...EMPTY_TICKET, symbol: 'AAPL', quantity: 3, limitPrice: 1.23456 })),
    ).toEqual({
      limit_price: 'Limit price may have at most 4 decimals',
    });
    expect(validateOrder(toOrderRequest(7, { ...EMPTY_TICKET, symbol: 'AAPL', quantity: 3, limitPrice: 1.5 }))).toEqual(
      {},
    );
  });
});
