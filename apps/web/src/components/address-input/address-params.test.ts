import { describe, expect, it } from 'vitest';
import { checkBias, checkFilter, checkLang } from './address-params';

describe('address input parameters', () => {
  it('accepts and normalises a filter in text or object form', () => {
    expect(checkFilter('countrycode:US,ca | circle:-104.9,39.7,5000')).toEqual({
      ok: true,
      value: 'countrycode:us,ca|circle:-104.9,39.7,5000',
    });
    expect(checkFilter({ countryCodes: ['fr'], rect: { lon1: 2, lat1: 48, lon2: 3, lat2: 49 } })).toEqual({
      ok: true,
      value: 'countrycode:fr|rect:2,48,3,49',
    });
    expect(checkFilter(undefined)).toEqual({ ok: true, value: undefined });
    expect(checkFilter('  ')).toEqual({ ok: true, value: undefined });
  });

  it('refuses coordinates out of range, a circle without radius and unknown parts', () => {
    expect(checkFilter('circle:-104.9,95,5000')).toMatchObject({ ok: false, error: expect.stringMatching(/latitude/) });
    expect(checkFilter('circle:200,40,5000')).toMatchObject({ ok: false, error: expect.stringMatching(/longitude/) });
    expect(checkFilter('circle:-104.9,39.7,0')).toMatchObject({ ok: false, error: expect.stringMatching(/radius/) });
    expect(checkFilter('proximity:1,2')).toMatchObject({ ok: false });
    expect(checkFilter({ circle: { lon: 0, lat: 100, radiusMeters: 10 } })).toMatchObject({ ok: false });
  });

  it('checks a bias the same way, with proximity allowed', () => {
    expect(checkBias('proximity:-104.99,39.74')).toEqual({ ok: true, value: 'proximity:-104.99,39.74' });
    expect(checkBias({ proximity: { lon: 2.35, lat: 48.85 } })).toEqual({ ok: true, value: 'proximity:2.35,48.85' });
    expect(checkBias('proximity:-104.99,91')).toMatchObject({ ok: false });
    expect(checkBias('place:abc')).toMatchObject({ ok: false });
  });

  it('accepts a 2-letter language code', () => {
    expect(checkLang('FR')).toEqual({ ok: true, value: 'fr' });
    expect(checkLang('french')).toMatchObject({ ok: false });
    expect(checkLang(undefined)).toEqual({ ok: true, value: undefined });
  });
});
