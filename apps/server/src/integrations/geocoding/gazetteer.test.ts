import { type GeocodeBias, type GeocodeFilter, parseGeocodeBias, parseGeocodeFilter } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { demoGeocoder } from './demo-geocoder.js';
import { gazetteer } from './gazetteer.js';
import { locateInGazetteer } from './locate.js';
import { foldLines, foldLinesSlow } from './text.js';
import type { AutocompleteRequest, GeocodingProvider } from './types.js';
import { zipIndex } from './us-zip-codes.js';

const geocoder = demoGeocoder();
const filter = (text: string): GeocodeFilter => {
  const r = parseGeocodeFilter(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const bias = (text: string): GeocodeBias => {
  const r = parseGeocodeBias(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const search = (text: string, extra: Partial<AutocompleteRequest> = {}) =>
  geocoder.search({ text, limit: 5, filter: {}, bias: {}, ...extra });
const names = (text: string, extra: Partial<AutocompleteRequest> = {}) =>
  search(text, extra).map((f) => f.properties.formatted);

describe('the embedded gazetteer', () => {
  it('loads a compact world of cities with regions', () => {
    const g = gazetteer();
    expect(g.size).toBeGreaterThan(40_000);
    expect(g.size).toBeLessThan(60_000);
    const zurich = g.city(g.indexOfGeonameId(2657896) as number);
    expect(zurich).toMatchObject({ name: 'Zürich', countryCode: 'ch', admin1Code: 'ZH', region: 'Zurich' });
    expect(zurich.population).toBeGreaterThan(300_000);
  });

  it('folds every name the same way as the reference implementation', () => {
    const g = gazetteer();
    const all = `${Array.from({ length: g.size }, (_, i) => g.name(i)).join('\n')}\n`;
    const fast = foldLines(all).split('\n');
    const slow = foldLinesSlow(all).split('\n');
    const differences = fast.flatMap((f, i) => (f === slow[i] ? [] : [`${g.name(i)}: ${f} ≠ ${slow[i]}`]));
    expect(differences).toEqual([]);
    expect(g.foldedName(g.indexOfGeonameId(3093133) as number)).toBe('lodz');
  });

  it('names a coordinate by its nearest city, and leaves the open sea unnamed', () => {
    expect(locateInGazetteer(48.857, 2.352)).toEqual({ countryCode: 'fr', label: 'Paris, Île-de-France, France' });
    expect(locateInGazetteer(0, -140)).toBeUndefined();
  });
});

describe('demo address search', () => {
  it('finds a famous city by a prefix, the biggest first, in the Geoapify shape', () => {
    const [paris] = search('par');
    expect(paris).toMatchObject({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [2.3488, 48.85341] },
      properties: {
        name: 'Paris',
        formatted: 'Paris, Île-de-France, France',
        address_line1: 'Paris',
        address_line2: 'Île-de-France, France',
        city: 'Paris',
        state: 'Île-de-France',
        country: 'France',
        country_code: 'fr',
        result_type: 'city',
        place_id: 'demo:city:2988507',
        lat: 48.85341,
        lon: 2.3488,
        timezone: { name: 'Europe/Paris' },
        datasource: { sourcename: 'geonames' },
        rank: { match_type: 'full_match' },
      },
    });
  });

  it('ignores accents: "Zurich" finds Zürich, "lodz" finds Łódź', () => {
    expect(search('Zurich')[0]?.properties).toMatchObject({
      name: 'Zürich',
      country_code: 'ch',
      timezone: { name: 'Europe/Zurich' },
    });
    expect(search('zür')[0]?.properties.name).toBe('Zürich');
    expect(search('lodz')[0]?.properties.name).toBe('Łódź');
  });

  it('ranks exact names first, then by population', () => {
    const list = names('Springfield');
    expect(list.slice(0, 3)).toEqual([
      'Springfield, Missouri, United States',
      'Springfield, Massachusetts, United States',
      'Springfield, Illinois, United States',
    ]);
    expect(names('york')[0]).toBe('York, England, United Kingdom');
  });

  it('matches words inside names and narrows by region or country written after a comma', () => {
    expect(names('new york')[0]).toBe('New York City, New York, United States');
    expect(names('Springfield, MA')[0]).toBe('Springfield, Massachusetts, United States');
    expect(names('springfield illinois')[0]).toBe('Springfield, Illinois, United States');
    expect(names('Paris, Texas')).toEqual(['Paris, Texas, United States']);
    expect(names('London, Canada')[0]).toBe('London, Ontario, Canada');
  });

  it('finds countries and regions too, and gives US states their postal code', () => {
    expect(search('France')[0]?.properties).toMatchObject({
      result_type: 'country',
      country_code: 'fr',
      place_id: 'demo:country:fr',
    });
    expect(search('Texas', { type: 'state' })[0]?.properties).toMatchObject({
      result_type: 'state',
      state: 'Texas',
      state_code: 'TX',
      country_code: 'us',
    });
    expect(search('Deutschland', { type: 'country' })[0]?.properties.country_code).toBe('de');
  });

  it('looks up US ZIP codes, by code and by prefix', () => {
    const [zip] = search('90210');
    expect(zip?.properties).toMatchObject({
      result_type: 'postcode',
      postcode: '90210',
      city: 'Beverly Hills',
      state: 'California',
      state_code: 'CA',
      country_code: 'us',
      formatted: 'Beverly Hills, CA 90210, United States',
      place_id: 'demo:zip:90210',
      timezone: { name: 'America/Los_Angeles' },
    });
    expect(search('Beverly Hills, CA 90210')[0]?.properties.postcode).toBe('90210');
    const prefixed = search('100', { limit: 10 }).map((f) => f.properties.postcode);
    expect(prefixed.length).toBe(10);
    for (const code of prefixed) expect(code).toMatch(/^100\d\d$/);
    expect(search('Beverly', { type: 'postcode' }).every((f) => f.properties.result_type === 'postcode')).toBe(true);
    expect(zipIndex().size).toBeGreaterThan(40_000);
  });

  it('honours a country filter', () => {
    const us = search('par', { filter: filter('countrycode:us'), limit: 10 });
    expect(us.length).toBe(10);
    for (const f of us) expect(f.properties.country_code).toBe('us');
    expect(names('Paris', { filter: filter('countrycode:ca,gb') })).toEqual(['Paris, Ontario, Canada']);
  });

  it('honours a circle filter', () => {
    // 50 km around Paris, Texas.
    expect(names('par', { filter: filter('circle:-95.5555,33.6609,50000') })).toEqual(['Paris, Texas, United States']);
    expect(search('Springfield', { filter: filter('circle:2.35,48.85,100000') })).toEqual([]);
  });

  it('honours a rectangle filter', () => {
    const bay = search('san', { filter: filter('rect:-123,37,-121,38.5'), limit: 10 });
    expect(bay.map((f) => f.properties.name)).toEqual(expect.arrayContaining(['San Francisco', 'San Jose']));
    for (const f of bay) {
      expect(f.properties.lat).toBeGreaterThanOrEqual(37);
      expect(f.properties.lon).toBeLessThanOrEqual(-121);
    }
  });

  it('honours a place filter naming an earlier result', () => {
    expect(names('Paris', { filter: filter('place:demo:state:US.TX') })).toEqual(['Paris, Texas, United States']);
    const inFrance = search('sa', { filter: filter('place:demo:country:fr'), limit: 10 });
    expect(inFrance.length).toBe(10);
    for (const f of inFrance) expect(f.properties.country_code).toBe('fr');
    expect(search('Paris', { filter: filter('place:unknown-id') })).toEqual([]);
  });

  it('orders by proximity when biased', () => {
    const nearIllinois = names('Springfield', { bias: bias('proximity:-89.65,39.78') });
    expect(nearIllinois[0]).toBe('Springfield, Illinois, United States');
    const nearMassachusetts = names('Springfield', { bias: bias('proximity:-72.6,42.1') });
    expect(nearMassachusetts[0]).toBe('Springfield, Massachusetts, United States');
    // A small place near the point can beat a capital far away.
    expect(names('par', { bias: bias('proximity:-95.55,33.66') })[0]).toBe('Paris, Texas, United States');
  });

  it('prefers the biased countries without excluding others', () => {
    const list = search('London', { bias: bias('countrycode:ca') });
    expect(list[0]?.properties.country_code).toBe('ca');
    expect(list.some((f) => f.properties.country_code === 'gb')).toBe(true);
  });

  it('keeps to the requested type', () => {
    expect(search('par', { type: 'country' }).map((f) => f.properties.name)).toEqual(['Paraguay']);
    expect(search('par', { type: 'city' }).every((f) => f.properties.result_type === 'city')).toBe(true);
    expect(search('par', { type: 'amenity' })).toEqual([]);
    expect(search('par', { type: 'street' })).toEqual([]);
  });

  it('names countries in the requested language', () => {
    expect(search('Paris', { lang: 'de' })[0]?.properties).toMatchObject({ country: 'Frankreich' });
  });

  it('returns nothing for nonsense, and respects the limit', () => {
    expect(search('xqzwv')).toEqual([]);
    expect(search('a', { limit: 20 })).toHaveLength(20);
  });

  it('reads a street address as a city-level match with the street parsed (Geoapify’s behaviour)', async () => {
    const answer = await geocoder.autocomplete({ text: '10 Downing Street, London', limit: 1, filter: {}, bias: {} });
    expect(answer.query).toEqual({
      text: '10 Downing Street, London',
      parsed: { housenumber: '10', street: 'downing street', city: 'london', expected_type: 'building' },
    });
    expect(answer.features[0]?.properties).toMatchObject({
      name: 'London',
      country_code: 'gb',
      rank: { match_type: 'match_by_city_or_disrict' },
    });
  });

  it('answers place details for every kind of id it hands out, and undefined for others', async () => {
    const provider: GeocodingProvider = geocoder;
    expect((await provider.place('demo:city:2657896'))?.properties.name).toBe('Zürich');
    expect((await provider.place('demo:zip:90210'))?.properties.city).toBe('Beverly Hills');
    expect((await provider.place('demo:country:jp'))?.properties).toMatchObject({
      name: 'Japan',
      result_type: 'country',
    });
    expect((await provider.place('demo:state:US.CA', 'fr'))?.properties).toMatchObject({
      name: 'California',
      country: 'États-Unis',
    });
    expect(await provider.place('demo:city:1')).toBeUndefined();
    expect(await provider.place('demo:zip:00000')).toBeUndefined();
    expect(await provider.place('51fbc5e8a1ace6')).toBeUndefined();
  });
});
