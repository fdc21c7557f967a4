import { describe, expect, it } from 'vitest';
import {
  celsiusToFahrenheit,
  convertPrecipitation,
  convertTemperature,
  convertTemperatureDelta,
  convertVisibility,
  convertWind,
  fahrenheitToCelsius,
  hpaToInHg,
  roundTo,
} from './units.js';

describe('unit conversions (docs/api.md#weather-units)', () => {
  it('converts temperatures at the fixed points of both scales', () => {
    expect(convertTemperature(32, 'C')).toBe(0);
    expect(convertTemperature(212, 'C')).toBe(100);
    expect(convertTemperature(-40, 'C')).toBe(-40);
    expect(convertTemperature(71.3, 'F')).toBe(71.3);
    expect(celsiusToFahrenheit(fahrenheitToCelsius(55.5))).toBeCloseTo(55.5, 10);
  });

  it('converts temperature differences without the 32° offset', () => {
    expect(convertTemperatureDelta(18, 'C')).toBe(10);
    expect(convertTemperatureDelta(18, 'F')).toBe(18);
  });

  it('converts wind speeds by the exact mile and nautical mile', () => {
    expect(convertWind(10, 'mph')).toBe(10);
    expect(convertWind(10, 'kmh')).toBeCloseTo(16.09344, 10);
    expect(convertWind(10, 'ms')).toBeCloseTo(4.4704, 10);
    expect(convertWind(10, 'kn')).toBeCloseTo(8.689762, 6);
  });

  it('converts precipitation and visibility to metric together', () => {
    expect(convertPrecipitation(1, 'mm')).toBe(25.4);
    expect(convertPrecipitation(0.37, 'in')).toBe(0.37);
    expect(convertVisibility(10, 'mm')).toBeCloseTo(16.09344, 10);
    expect(convertVisibility(10, 'in')).toBe(10);
  });

  it('converts pressure to inches of mercury', () => {
    expect(hpaToInHg(1013.25)).toBeCloseTo(29.92, 2);
  });

  it('rounds for display without a negative zero', () => {
    expect(roundTo(-0.04, 1)).toBe(0);
    expect(Object.is(roundTo(-0.4), 0)).toBe(true);
    expect(roundTo(2.345, 2)).toBe(2.35);
  });
});
