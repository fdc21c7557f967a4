import { describe, expect, it } from 'vitest';
import { stock } from '../../../test/fixtures/stocks';
import { formatPriceRange, keyStatistics, rangePosition } from './key-statistics';

describe('formatPriceRange', () => {
  it('writes both ends in the listing’s currency, a trailing currency once', () => {
    expect(formatPriceRange(227.05, 231.2, 'USD')).toBe('$227.05 – $231.20');
    expect(formatPriceRange(2850, 2910.5, 'JPY')).toBe('¥2,850 – ¥2,910.5');
    expect(formatPriceRange(2504.26, 2602.72, 'GBp')).toBe('2,504.26 – 2,602.72 GBp');
  });

  it('is a dash when either end is missing or not a number', () => {
    expect(formatPriceRange(null, 231.2, 'USD')).toBe('—');
    expect(formatPriceRange(227.05, Number.NaN, 'USD')).toBe('—');
  });
});

describe('rangePosition', () => {
  it('places the value between the ends, clamped to the bar', () => {
    expect(rangePosition(100, 200, 150)).toBe(0.5);
    expect(rangePosition(100, 200, 250)).toBe(1);
    expect(rangePosition(100, 200, 50)).toBe(0);
  });

  it('has no position for a missing end or an empty range', () => {
    expect(rangePosition(null, 200, 150)).toBeNull();
    expect(rangePosition(100, 100, 100)).toBeNull();
    expect(rangePosition(100, 200, Number.NaN)).toBeNull();
  });
});

describe('keyStatistics', () => {
  it('lists the six figures in the page’s order', () => {
    expect(keyStatistics(stock()).map((stat) => stat.label)).toEqual([
      'Day range',
      '52-week range',
      'Market cap',
      'P/E (TTM)',
      'Dividend yield',
      'Volume',
    ]);
  });

  it('gives no dividend detail without a yield, and says the average volume is a three-month one', () => {
    const stats = keyStatistics(stock({ dividendYield: null, dividendRate: 0 }));
    expect(stats[4]).toEqual({ label: 'Dividend yield', value: '—' });
    expect(stats[5]?.title).toBe('52,345,678 today, 47,123,456 a day on average over three months');
  });
});
