import { describe, expect, it } from 'vitest';
import { baseCurrency, usdPairSymbol } from '../fx.js';
import { DEMO_ETFS } from './etfs.js';
import { brandName } from './news.js';
import { DEMO_ANCHOR_DATE, DEMO_DATA_START, DEMO_FX_PAIRS, DEMO_UNIVERSE, universeSchema } from './universe.js';
import universeJson from './universe.json' with { type: 'json' };

const companies = DEMO_UNIVERSE;

describe('the demo universe (universe.json)', () => {
  it('is valid by its schema, which refuses what the provider could not use', () => {
    expect(universeSchema.safeParse(universeJson).error).toBeUndefined();
    const [first] = universeJson.companies;
    const accepts = (change: object) =>
      universeSchema.safeParse({ ...universeJson, companies: [{ ...first, ...change }] }).success;
    expect(accepts({})).toBe(true);
    expect(accepts({ currency: 'EUR' })).toBe(false); // a Nasdaq listing is quoted in dollars
    expect(accepts({ exchange: 'NYSE' })).toBe(false); // no calendar for it
    expect(accepts({ officers: [] })).toBe(false); // headlines quote the first officer
    expect(accepts({ listed: '1980-13-12' })).toBe(false);
    expect(accepts({ startPrice: 0 })).toBe(false);
    expect(accepts({ ceo: 'x' })).toBe(false); // a misspelt field is not silently dropped
  });

  it('names each listing, fund and currency pair once (quotes and search are keyed by symbol)', () => {
    const symbols = [...companies, ...DEMO_FX_PAIRS, ...DEMO_ETFS].map((instrument) => instrument.symbol);
    expect(symbols.length).toBeGreaterThan(50);
    expect(new Set(symbols).size).toBe(symbols.length);
  });

  it('has the dollar rate of every currency a listing is quoted in, and no other (docs/api.md#money)', () => {
    const foreign = new Set(
      companies.map((company) => baseCurrency(company.currency).currency).filter((currency) => currency !== 'USD'),
    );
    expect([...foreign].map(usdPairSymbol).sort()).toEqual(DEMO_FX_PAIRS.map((pair) => pair.symbol).sort());
  });

  it('lists every company before the anchor date, on a path that starts after the first demo day', () => {
    expect(DEMO_DATA_START < DEMO_ANCHOR_DATE).toBe(true);
    for (const instrument of [...companies, ...DEMO_FX_PAIRS]) {
      expect(instrument.listed <= DEMO_ANCHOR_DATE, instrument.symbol).toBe(true);
    }
  });

  it('gives each company its own name in headlines ("Apple vs. Microsoft")', () => {
    const names = companies.map(brandName);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives US listings a state and the others none, as their addresses are written', () => {
    for (const company of companies) {
      const us = company.country === 'United States';
      expect(company.state === null, company.symbol).toBe(!us);
      expect(us, company.symbol).toBe(company.currency === 'USD');
    }
  });
});
