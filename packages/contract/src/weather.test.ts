import { describe, expect, it } from 'vitest';
import { updatePreferencesRequestSchema } from './preferences.js';
import { aqiBand, uvBand, weatherQuerySchema } from './weather.js';

describe('UV and AQI bands', () => {
  it('follows the WHO/EPA UV index bands, on the rounded index', () => {
    const bands = [0, 2, 2.4, 2.5, 5, 6, 7, 8, 10, 10.4, 10.5, 11, 14].map(uvBand);
    expect(bands).toEqual([
      'Low',
      'Low',
      'Low',
      'Moderate',
      'Moderate',
      'High',
      'High',
      'Very High',
      'Very High',
      'Very High',
      'Extreme',
      'Extreme',
      'Extreme',
    ]);
  });

  it('follows the EPA AQI categories at each boundary', () => {
    expect([0, 50, 51, 100, 101, 150, 151, 200, 201, 300, 301, 500].map(aqiBand)).toEqual([
      'Good',
      'Good',
      'Moderate',
      'Moderate',
      'Unhealthy for Sensitive Groups',
      'Unhealthy for Sensitive Groups',
      'Unhealthy',
      'Unhealthy',
      'Very Unhealthy',
      'Very Unhealthy',
      'Hazardous',
      'Hazardous',
    ]);
  });
});

describe('GET /api/weather days', () => {
  const parse = (days?: unknown) =>
    weatherQuerySchema.safeParse({ lat: '40', lon: '-105', ...(days === undefined ? {} : { days }) });

  it('defaults to 7 and accepts 1 to 16', () => {
    expect(parse().data?.days).toBe(7);
    expect(parse('').data?.days).toBe(7);
    expect(parse('1').data?.days).toBe(1);
    expect(parse('16').data?.days).toBe(16);
  });

  it.each(['0', '17', '2.5', 'abc', '-3', '0x10', ' 5 ', '1e1'])('refuses %s with a clear message', (days) => {
    const result = parse(days);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('days must be a whole number from 1 to 16');
  });
});

describe('GET /api/weather hours', () => {
  const parse = (hours?: unknown) =>
    weatherQuerySchema.safeParse({ lat: '40', lon: '-105', ...(hours === undefined ? {} : { hours }) });

  it('defaults to 48 and accepts 1 to 384', () => {
    expect(parse().data?.hours).toBe(48);
    expect(parse('1').data?.hours).toBe(1);
    expect(parse('384').data?.hours).toBe(384);
  });

  it.each(['0', '385', '1.5', 'x', '1e2'])('refuses %s', (hours) => {
    expect(parse(hours).error?.issues[0]?.message).toBe('hours must be a whole number from 1 to 384');
  });
});

describe('PUT /api/preferences body', () => {
  it('accepts any subset of the weather units', () => {
    expect(updatePreferencesRequestSchema.parse({ weather: { wind: 'kn' } })).toEqual({ weather: { wind: 'kn' } });
    expect(updatePreferencesRequestSchema.parse({})).toEqual({});
  });

  it('refuses unknown units, keys and sections', () => {
    expect(updatePreferencesRequestSchema.safeParse({ weather: { temperature: 'K' } }).success).toBe(false);
    expect(updatePreferencesRequestSchema.safeParse({ weather: { tempreature: 'C' } }).success).toBe(false);
    expect(updatePreferencesRequestSchema.safeParse({ theme: 'dark' }).success).toBe(false);
    expect(updatePreferencesRequestSchema.safeParse({ weather: null }).success).toBe(false);
  });
});
