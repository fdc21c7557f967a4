import { MAX_TRADE_QUANTITY } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { historyEntry, walletTrade } from './test-fixtures';
import {
  centsToDollars,
  exceedsBalance,
  gainColor,
  parseQuantity,
  percentChange,
  realizedGainFromLedger,
  totalReturn,
  tradeTotalCents,
} from './wallet-math';

const balances = (...cents: number[]) => cents.map((c, i) => historyEntry(`2025-01-0${i + 1}T15:00:00.000Z`, c, 0));

describe('percentChange (docs/product.md)', () => {
  it('is (first balance − last balance) ÷ last, rounded to 2 decimals', () => {
    // (100,000 − 80,000) / 80,000 = 0.25
    expect(percentChange(balances(10_000_000, 9_000_000, 8_000_000))).toBe(0.25);
    // (100,000 − 120,000) / 120,000 = −0.1666… → −0.17
    expect(percentChange(balances(10_000_000, 12_000_000))).toBe(-0.17);
    // (1 − 3) / 3 = −0.666… → −0.67; (2 − 3) / 3 → −0.33
    expect(percentChange(balances(100, 300))).toBe(-0.67);
    expect(percentChange(balances(200, 300))).toBe(-0.33);
    // Exact halves round away from zero: (1.01 − 1.00) / … = 0.005 → 0.01
    expect(percentChange(balances(201, 200))).toBe(0.01);
    expect(percentChange(balances(199, 200))).toBe(-0.01);
  });

  it('is 0 for a single entry and null without history or with a zero last balance', () => {
    expect(percentChange(balances(10_000_000))).toBe(0);
    expect(percentChange([])).toBeNull();
    expect(percentChange(balances(10_000_000, 0))).toBeNull();
  });
});

describe('tradeTotalCents (docs/api.md#money)', () => {
  it('multiplies exactly: whole cents are the same either way', () => {
    expect(tradeTotalCents('buy', 229.87, 10)).toBe(229_870);
    expect(tradeTotalCents('sell', 229.87, 10)).toBe(229_870);
    // 0.1 + 0.2 style float error never shows: 3 × $0.1 is 30 cents.
    expect(tradeTotalCents('buy', 0.1, 3)).toBe(30);
    expect(tradeTotalCents('sell', 0.1, 3)).toBe(30);
    expect(tradeTotalCents('buy', 123_456.789, MAX_TRADE_QUANTITY)).toBe(12_345_678_900_000);
  });

  it('rounds a buy up and a sale down to the cent, as the server charges and pays', () => {
    // 4-decimal prices: 3 × $1.0005 = $3.0015, i.e. 300.15 cents → 301 to buy, 300 from a sale.
    expect(tradeTotalCents('buy', 1.0005, 3)).toBe(301);
    expect(tradeTotalCents('sell', 1.0005, 3)).toBe(300);
    // 1 × $1.0050 = 100.5 cents.
    expect(tradeTotalCents('buy', 1.005, 1)).toBe(101);
    expect(tradeTotalCents('sell', 1.005, 1)).toBe(100);
    // ¥2,893.50 × 0.0064 = $18.5184; 10 shares $185.184 (the server's own example).
    expect(tradeTotalCents('buy', 18.5184, 10)).toBe(18_519);
    expect(tradeTotalCents('sell', 18.5184, 10)).toBe(18_518);
    // A sub-cent price: a buy costs at least a cent, a sale of one share brings nothing.
    expect(tradeTotalCents('buy', 0.0049, 1)).toBe(1);
    expect(tradeTotalCents('sell', 0.0049, 1)).toBe(0);
    expect(tradeTotalCents('buy', 0.0051, 150)).toBe(77);
    expect(tradeTotalCents('sell', 0.0051, 150)).toBe(76);
  });

  it('is null for a missing price or an unusable quantity', () => {
    expect(tradeTotalCents('buy', undefined, 10)).toBeNull();
    expect(tradeTotalCents('buy', Number.NaN, 10)).toBeNull();
    expect(tradeTotalCents('sell', 10, null)).toBeNull();
    expect(tradeTotalCents('buy', 10, 0)).toBeNull();
    expect(tradeTotalCents('sell', 10, 1.5)).toBeNull();
  });
});

describe('exceedsBalance', () => {
  it('is true only for a known total above the balance', () => {
    expect(exceedsBalance(1_000_001, 1_000_000)).toBe(true);
    expect(exceedsBalance(1_000_000, 1_000_000)).toBe(false);
    expect(exceedsBalance(null, 1_000_000)).toBe(false);
    expect(exceedsBalance(5, undefined)).toBe(false);
  });
});

describe('parseQuantity', () => {
  it('accepts whole numbers from 1 to the maximum', () => {
    expect(parseQuantity(10)).toBe(10);
    expect(parseQuantity(' 7 ')).toBe(7);
    expect(parseQuantity(MAX_TRADE_QUANTITY)).toBe(MAX_TRADE_QUANTITY);
  });

  it('refuses empty, fractional, zero, negative and too large quantities', () => {
    for (const value of ['', '  ', 0, -1, 1.5, '2.5', 'ten', MAX_TRADE_QUANTITY + 1, null, undefined]) {
      expect(parseQuantity(value)).toBeNull();
    }
  });
});

describe('gains', () => {
  it('sums the realized gains of the sells against what the sold shares cost', () => {
    const trades = [
      walletTrade(1, 'buy', 'AAPL', 10, 200),
      // Sold 2 for $500 with a $100 gain (cost $400), and 1 for $90 with a $10 loss (cost $100).
      walletTrade(2, 'sell', 'AAPL', 2, 250, { realizedCents: 10_000 }),
      walletTrade(3, 'sell', 'TSLA', 1, 90, { realizedCents: -1_000 }),
    ];
    expect(realizedGainFromLedger(trades)).toEqual({ cents: 9_000, percent: 18 });
    expect(realizedGainFromLedger([walletTrade(1, 'buy', 'AAPL', 1, 1)])).toBeNull();
  });

  it('measures the total return against the $100,000.00 starting cash', () => {
    expect(totalReturn(10_123_456)).toEqual({ cents: 123_456, percent: 1.23 });
    expect(totalReturn(9_000_000)).toEqual({ cents: -1_000_000, percent: -10 });
  });

  it('colours gains teal and losses red', () => {
    expect(gainColor(1)).toBe('teal');
    expect(gainColor(-1)).toBe('red');
    expect(gainColor(0)).toBe('dimmed');
    expect(centsToDollars(123_456)).toBe(1234.56);
  });
});
