import { describe, expect, it } from 'vitest';
import {
  buyStockRequestSchema,
  createWalletRequestSchema,
  MAX_TRADE_QUANTITY,
  renameWalletRequestSchema,
  STARTING_CASH_CENTS,
  sellStockRequestSchema,
  tradeQuantitySchema,
  WALLET_NAME_MAX,
  walletIdQuerySchema,
  walletNameSchema,
} from './wallets.js';

describe('wallet constants', () => {
  it('match docs/api.md', () => {
    expect(STARTING_CASH_CENTS).toBe(10_000_000);
    expect(MAX_TRADE_QUANTITY).toBe(1_000_000);
    expect(WALLET_NAME_MAX).toBe(50);
  });
});

describe('wallet names', () => {
  it('are trimmed and 1–50 characters', () => {
    expect(createWalletRequestSchema.parse({ wallet_name: '  Growth  ' })).toEqual({ wallet_name: 'Growth' });
    expect(createWalletRequestSchema.safeParse({ wallet_name: '   ' }).success).toBe(false);
    expect(createWalletRequestSchema.safeParse({ wallet_name: 'x'.repeat(50) }).success).toBe(true);
    expect(createWalletRequestSchema.safeParse({ wallet_name: 'x'.repeat(51) }).success).toBe(false);
    expect(createWalletRequestSchema.safeParse({}).error?.issues[0]?.message).toBe('Wallet name is required');
    expect(createWalletRequestSchema.safeParse({ wallet_name: 42 }).success).toBe(false);
    expect(createWalletRequestSchema.safeParse({ wallet_name: 'a\u0000b' }).success).toBe(false);
  });

  it('apply to renames too', () => {
    expect(renameWalletRequestSchema.parse({ wallet_id: '3', new_wallet_name: ' New ' })).toEqual({
      wallet_id: 3,
      new_wallet_name: 'New',
    });
    expect(renameWalletRequestSchema.safeParse({ wallet_id: 3, new_wallet_name: '' }).success).toBe(false);
  });
});

describe('trade quantity', () => {
  it.each([
    [1, 1],
    [MAX_TRADE_QUANTITY, MAX_TRADE_QUANTITY],
    ['25', 25],
    [' 7 ', 7],
  ])('accepts %j', (input, expected) => {
    expect(tradeQuantitySchema.parse(input)).toBe(expected);
  });

  it.each([
    [0, 'Quantity must be at least 1'],
    [-3, 'Quantity must be at least 1'],
    [1.5, 'Quantity must be a whole number of shares'],
    ['2.5', 'Quantity must be a whole number of shares'],
    [MAX_TRADE_QUANTITY + 1, 'Quantity must be at most 1,000,000'],
    [1e300, 'Quantity must be at most 1,000,000'],
    ['abc', 'Quantity must be a number'],
    ['', 'Quantity must be a number'],
    [true, 'Quantity must be a number'],
    [null, 'Quantity must be a number'],
    [Number.NaN, 'Quantity must be a number'],
  ])('refuses %j', (input, message) => {
    const result = tradeQuantitySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('trade requests', () => {
  it('normalise the symbol and ignore the informational price', () => {
    expect(buyStockRequestSchema.parse({ wallet_id: 1, symbol: ' aapl ', quantity: 3, bought_price: 187.43 })).toEqual({
      wallet_id: 1,
      symbol: 'AAPL',
      quantity: 3,
      bought_price: 187.43,
    });
    expect(sellStockRequestSchema.parse({ wallet_id: 1, symbol: 'msft', quantity: '2', sold_price: null })).toEqual({
      wallet_id: 1,
      symbol: 'MSFT',
      quantity: 2,
      sold_price: null,
    });
  });

  it('require a valid wallet id', () => {
    expect(walletIdQuerySchema.safeParse({ wallet_id: 'x' }).success).toBe(false);
    expect(walletIdQuerySchema.safeParse({ wallet_id: '0' }).success).toBe(false);
    expect(walletIdQuerySchema.safeParse({}).success).toBe(false);
    expect(walletIdQuerySchema.parse({ wallet_id: '12' })).toEqual({ wallet_id: 12 });
  });
});

describe('walletNameSchema follows the shared text rule (docs/api.md#text)', () => {
  it.each([
    ['a right-to-left override', 'Savings\u202E', 'Wallet name may not contain text-direction override characters'],
    ['an isolate', '\u2068Main', 'Wallet name may not contain text-direction override characters'],
    ['a control character', 'Main\u0007', 'Wallet name may not contain control characters'],
  ])('refuses %s', (_label, name, message) => {
    expect(walletNameSchema.safeParse(name).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('keeps right-to-left text with its marks', () => {
    expect(walletNameSchema.parse(' חיסכון\u200F ')).toBe('חיסכון\u200F');
  });
});
