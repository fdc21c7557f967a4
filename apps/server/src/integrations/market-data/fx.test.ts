import type { StockQuote } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { baseCurrency, foreignCurrencies, formatListingPrice, toDollars, usdPairSymbol } from './fx.js';

const quote = (currency: string, currentPrice: number) => ({ currency, currentPrice }) as StockQuote;

describe('listings in other currencies (docs/api.md#money)', () => {
  it('folds pence, ZA cents and agorot into their currencies', () => {
    expect(baseCurrency('GBp')).toEqual({ currency: 'GBP', perUnit: 100 });
    expect(baseCurrency('GBX')).toEqual({ currency: 'GBP', perUnit: 100 });
    expect(baseCurrency('ZAc')).toEqual({ currency: 'ZAR', perUnit: 100 });
    expect(baseCurrency('JPY')).toEqual({ currency: 'JPY', perUnit: 1 });
    expect(foreignCurrencies([quote('USD', 1), quote('GBp', 1), quote('GBP', 1), quote('JPY', 1)])).toEqual([
      'GBP',
      'JPY',
    ]);
    expect(usdPairSymbol('JPY')).toBe('JPYUSD=X');
  });

  it('converts at the rate, pence at a hundredth of the pound’s', () => {
    const rates = new Map([
      ['JPY', 0.0064],
      ['GBP', 1.25],
    ]);
    expect(toDollars(quote('JPY', 2893.5), rates)).toEqual({
      currency: 'JPY',
      localPrice: 2893.5,
      fxRate: 0.0064,
      usdPrice: 2893.5 * 0.0064,
    });
    const shell = toDollars(quote('GBp', 2550), rates);
    expect(shell?.fxRate).toBe(0.0125);
    expect(shell?.usdPrice).toBeCloseTo(31.875, 10);
    expect(toDollars(quote('USD', 229.87), new Map())?.usdPrice).toBe(229.87);
  });

  it('never takes a price without a rate for dollars', () => {
    expect(toDollars(quote('JPY', 2893.5), new Map())).toBeUndefined();
    expect(toDollars(quote('EUR', 182), new Map([['EUR', 0]]))).toBeUndefined();
  });

  it('writes prices in their own currency for messages', () => {
    expect(formatListingPrice(2893.5, 'JPY')).toBe('¥2,893.5');
    expect(formatListingPrice(182.34, 'EUR')).toBe('€182.34');
    expect(formatListingPrice(2550, 'GBp')).toBe('2,550 GBp');
  });
});
