import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatCompactPrice,
  formatCompactUsd,
  formatInteger,
  formatPercent,
  formatPrice,
  formatRatio,
  formatSignedPrice,
  formatSignedUsd,
  formatUsd,
  NO_VALUE,
} from './format';

describe('format helpers', () => {
  it('formats US dollars in en-US', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(-3.456)).toBe('-$3.46');
  });

  it('shows signed dollar changes', () => {
    expect(formatSignedUsd(1.5)).toBe('+$1.50');
    expect(formatSignedUsd(-2)).toBe('-$2.00');
    expect(formatSignedUsd(0)).toBe('$0.00');
  });

  it('makes large numbers readable with three significant digits', () => {
    expect(formatCompact(3_123_456_789_012)).toBe('3.12T');
    expect(formatCompact(52_345_678)).toBe('52.3M');
    expect(formatCompact(1_500)).toBe('1.5K');
    expect(formatCompact(950)).toBe('950');
    expect(formatCompactUsd(3_123_456_789_012)).toBe('$3.12T');
    expect(formatCompactUsd(845_000_000)).toBe('$845M');
  });

  it('formats ratios to two decimals, and no value as a dash', () => {
    expect(formatRatio(37.8076)).toBe('37.81');
    expect(formatRatio(1234.5)).toBe('1,234.50');
    expect(formatRatio(null)).toBe(NO_VALUE);
    expect(formatRatio(Number.NaN)).toBe(NO_VALUE);
  });

  it('formats integers with grouping and rounds', () => {
    expect(formatInteger(164000)).toBe('164,000');
    expect(formatInteger(52_345_678.6)).toBe('52,345,679');
  });

  it('formats percentages to 2 decimals, optionally signed', () => {
    expect(formatPercent(0.5432)).toBe('0.54%');
    expect(formatPercent(-1.2)).toBe('-1.20%');
    expect(formatPercent(0.5432, { signed: true })).toBe('+0.54%');
    expect(formatPercent(-1.2, { signed: true })).toBe('-1.20%');
    expect(formatPercent(0, { signed: true })).toBe('0.00%');
  });

  it('answers a dash for missing values', () => {
    for (const format of [formatUsd, formatSignedUsd, formatCompact, formatCompactUsd, formatInteger, formatPercent]) {
      expect(format(null)).toBe(NO_VALUE);
      expect(format(undefined)).toBe(NO_VALUE);
      expect(format(Number.NaN)).toBe(NO_VALUE);
    }
    expect(NO_VALUE).toBe('—');
  });

  it('writes prices in their listing’s currency, pence and other hundredths after the number', () => {
    expect(formatPrice(229.87)).toBe('$229.87');
    expect(formatPrice(229.87, 'USD')).toBe('$229.87');
    expect(formatPrice(2893.5, 'JPY')).toBe('¥2,893.5');
    expect(formatPrice(182.34, 'EUR')).toBe('€182.34');
    expect(formatPrice(2550, 'GBp')).toBe('2,550 GBp');
    expect(formatPrice(12.5, 'XYZ1')).toBe('12.5 XYZ1');
    expect(formatPrice(null, 'JPY')).toBe(NO_VALUE);
  });

  it('writes signed and compact amounts in the listing’s currency', () => {
    expect(formatSignedPrice(1.5)).toBe('+$1.50');
    expect(formatSignedPrice(-12.5, 'JPY')).toBe('-¥12.5');
    expect(formatSignedPrice(3.5, 'GBp')).toBe('+3.5 GBp');
    expect(formatSignedPrice(0, 'EUR')).toBe('€0');
    expect(formatCompactPrice(3_120_000_000_000)).toBe('$3.12T');
    expect(formatCompactPrice(45_200_000_000_000, 'JPY')).toBe('¥45.2T');
    expect(formatCompactPrice(278_000_000_000, 'EUR')).toBe('€278B');
    // London quotes in pence; its market value is read in pounds.
    expect(formatCompactPrice(15_128_000_000_000, 'GBp')).toBe('£151B');
    expect(formatCompactPrice(1_500_000, 'XYZ1')).toBe('1.5M XYZ1');
    expect(formatCompactPrice(null, 'JPY')).toBe(NO_VALUE);
  });
});
