import {
  formatGeocodeBias,
  formatGeocodeFilter,
  formatStreetAddress,
  type GeocodeFeature,
  geocodeAutocompleteQuerySchema,
  parseGeocodeBias,
  parseGeocodeFilter,
  streetPatternFor,
} from '@site/contract';
import { describe, expect, it } from 'vitest';
import { parseAddressText, parsedQuery } from '../../integrations/geocoding/address-text.js';
import { fold, titleCase } from '../../integrations/geocoding/text.js';
import { feature } from '../../integrations/geocoding/types.js';
import { withNonVerifiedParts } from './non-verified.js';

describe('filter parsing', () => {
  it('reads every kind, alone and combined with |', () => {
    expect(parseGeocodeFilter('countrycode:us,CA')).toEqual({ ok: true, value: { countryCodes: ['us', 'ca'] } });
    expect(parseGeocodeFilter('circle:-87.77,41.88,5000')).toEqual({
      ok: true,
      value: { circle: { lon: -87.77, lat: 41.88, radiusMeters: 5000 } },
    });
    expect(parseGeocodeFilter('rect:-89.1,41.5,-86.9,42.2')).toEqual({
      ok: true,
      value: { rect: { lon1: -89.1, lat1: 41.5, lon2: -86.9, lat2: 42.2 } },
    });
    expect(parseGeocodeFilter('place:51fbc5e8a1ace60240594c3ad9d7426d4840f00101f901ba5e')).toEqual({
      ok: true,
      value: { place: '51fbc5e8a1ace60240594c3ad9d7426d4840f00101f901ba5e' },
    });
    expect(parseGeocodeFilter('countrycode:de | circle:13.4,52.5,1e4|rect:13,52,14,53|place:demo:country:de')).toEqual({
      ok: true,
      value: {
        countryCodes: ['de'],
        circle: { lon: 13.4, lat: 52.5, radiusMeters: 10_000 },
        rect: { lon1: 13, lat1: 52, lon2: 14, lat2: 53 },
        place: 'demo:country:de',
      },
    });
  });

  it('accepts the edges of the valid ranges', () => {
    expect(parseGeocodeFilter('circle:180,90,0.5').ok).toBe(true);
    expect(parseGeocodeFilter('circle:-180,-90,1').ok).toBe(true);
    expect(parseGeocodeFilter('rect:-180,-90,180,90').ok).toBe(true);
  });

  const bad: [string, string, RegExp][] = [
    ['empty', '   ', /empty/],
    ['no kind', 'us,ca', /joined with \|/],
    ['empty part', 'countrycode:us||circle:1,2,3', /joined with \|/],
    ['unknown kind', 'square:1,2', /Unknown filter 'square'/],
    ['proximity is bias only', 'proximity:2.3,48.8', /Unknown filter 'proximity'/],
    ['duplicate kind', 'countrycode:us|countrycode:ca', /Only one countrycode/],
    ['empty country list', 'countrycode:', /2-letter country codes/],
    ['3-letter country', 'countrycode:usa', /2-letter country codes/],
    ['country with digits', 'countrycode:u1', /2-letter country codes/],
    ['trailing comma in countries', 'countrycode:us,', /2-letter country codes/],
    ['circle missing radius', 'circle:2.35,48.85', /circle needs 3 numbers/],
    ['circle with 4 numbers', 'circle:2.35,48.85,10,4', /circle needs 3 numbers/],
    ['circle text', 'circle:east,48.85,100', /'east' is not a number/],
    ['circle empty number', 'circle:,48.85,100', /'' is not a number/],
    ['circle hex', 'circle:0x10,48.85,100', /not a number/],
    ['circle Infinity', 'circle:Infinity,48.85,100', /not a number/],
    ['circle latitude 91', 'circle:2.35,91,100', /latitude must be between -90 and 90/],
    ['circle latitude -90.5', 'circle:2.35,-90.5,100', /latitude must be between -90 and 90/],
    ['circle longitude 181', 'circle:181,48.85,100', /longitude must be between -180 and 180/],
    ['circle longitude -180.01', 'circle:-180.01,48.85,100', /longitude must be between -180 and 180/],
    ['circle radius 0', 'circle:2.35,48.85,0', /radius must be greater than 0/],
    ['circle radius negative', 'circle:2.35,48.85,-5', /radius must be greater than 0/],
    ['rect with 3 numbers', 'rect:1,2,3', /rect needs 4 numbers/],
    ['rect latitude 2 out of range', 'rect:1,2,3,95', /latitude 2 must be between/],
    ['rect longitude 1 out of range', 'rect:-200,2,3,4', /longitude 1 must be between/],
    ['place without id', 'place:', /place needs a place id/],
    ['place with spaces', 'place:a b', /place needs a place id/],
    ['too long', `countrycode:${'us,'.repeat(400)}us`, /at most 1000 characters/],
  ];
  it.each(bad)('refuses %s', (_label, text, message) => {
    const r = parseGeocodeFilter(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });
});

describe('bias parsing', () => {
  it('reads countrycode, circle, rect and proximity', () => {
    expect(parseGeocodeBias('proximity:-73.98,40.75|countrycode:us')).toEqual({
      ok: true,
      value: { proximity: { lon: -73.98, lat: 40.75 }, countryCodes: ['us'] },
    });
    expect(parseGeocodeBias('circle:2.35,48.85,20000|rect:2,48,3,49').ok).toBe(true);
  });

  const bad: [string, string, RegExp][] = [
    ['place is filter only', 'place:abc', /Unknown bias 'place'/],
    ['proximity with one number', 'proximity:2.35', /proximity needs 2 numbers/],
    ['proximity with three numbers', 'proximity:2.35,48.85,3', /proximity needs 2 numbers/],
    ['proximity latitude out of range', 'proximity:2.35,-91', /latitude must be between -90 and 90/],
    ['proximity longitude out of range', 'proximity:180.5,0', /longitude must be between -180 and 180/],
    ['proximity text', 'proximity:here,there', /'here' is not a number/],
    ['circle radius 0', 'circle:2.35,48.85,0', /radius must be greater than 0/],
    ['duplicate proximity', 'proximity:1,2|proximity:3,4', /Only one proximity/],
  ];
  it.each(bad)('refuses %s', (_label, text, message) => {
    const r = parseGeocodeBias(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });

  it('round-trips through the formatter the web can use', () => {
    const filter = { countryCodes: ['us', 'ca'], circle: { lon: -73.9, lat: 40.7, radiusMeters: 5000 } };
    expect(formatGeocodeFilter(filter)).toBe('countrycode:us,ca|circle:-73.9,40.7,5000');
    expect(parseGeocodeFilter(formatGeocodeFilter(filter))).toEqual({ ok: true, value: filter });
    expect(formatGeocodeBias({ proximity: { lon: 2.35, lat: 48.85 } })).toBe('proximity:2.35,48.85');
    expect(formatGeocodeFilter({})).toBe('');
  });
});

describe('autocomplete query schema', () => {
  it('defaults limit to 5, lower-cases lang and reads the optional modes', () => {
    const r = geocodeAutocompleteQuerySchema.parse({ text: ' Par ', lang: 'DE', allow_non_verified_street: 'true' });
    expect(r).toEqual({ text: 'Par', limit: 5, lang: 'de', allow_non_verified_street: true });
  });

  it('treats empty optional parameters as absent', () => {
    expect(geocodeAutocompleteQuerySchema.parse({ text: 'x', type: '', filter: '', bias: '', limit: '' })).toEqual({
      text: 'x',
      limit: 5,
    });
  });

  const bad: [string, Record<string, string>, string][] = [
    ['missing text', {}, 'text'],
    ['blank text', { text: '   ' }, 'text'],
    ['201 characters', { text: 'x'.repeat(201) }, 'text'],
    ['unknown type', { text: 'x', type: 'planet' }, 'type'],
    ['limit 0', { text: 'x', limit: '0' }, 'limit'],
    ['limit 21', { text: 'x', limit: '21' }, 'limit'],
    ['limit 2.5', { text: 'x', limit: '2.5' }, 'limit'],
    ['limit text', { text: 'x', limit: 'many' }, 'limit'],
    ['3-letter lang', { text: 'x', lang: 'eng' }, 'lang'],
    ['bad filter', { text: 'x', filter: 'circle:1,2' }, 'filter'],
    ['bad bias', { text: 'x', bias: 'proximity:1,95' }, 'bias'],
  ];
  it.each(bad)('refuses %s', (_label, query, field) => {
    const r = geocodeAutocompleteQuerySchema.safeParse(query);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0])).toContain(field);
  });
});

describe('house number and street order by country (four patterns)', () => {
  it.each([
    ['us', 'number road', '1600 Pennsylvania Avenue NW'],
    ['gb', 'number road', '221B Baker Street'],
    ['fr', 'number road', '10 Rue de Rivoli'],
    ['ca', 'number road', '24 Sussex Drive'],
    ['au', 'number road', '1 Macquarie Street'],
  ])('%s: number before the street', (cc, pattern, expected) => {
    expect(streetPatternFor(cc)).toBe(pattern);
    const [number, ...road] = expected.split(' ');
    expect(formatStreetAddress(cc, road.join(' '), number)).toBe(expected);
  });

  it.each(['de', 'nl', 'ch', 'pl', 'ru', 'at', 'se'])('%s: number after the street (the default)', (cc) => {
    expect(streetPatternFor(cc)).toBe('road number');
    expect(formatStreetAddress(cc, 'Hauptstraße', '5')).toBe('Hauptstraße 5');
  });

  it('falls back to "road number" for unknown or missing countries, any case', () => {
    expect(streetPatternFor('zz')).toBe('road number');
    expect(streetPatternFor(undefined)).toBe('road number');
    expect(streetPatternFor('US')).toBe('number road');
  });

  it.each(['es', 'it', 'ua', 'by', 'kz'])('%s: "road, number"', (cc) => {
    expect(streetPatternFor(cc)).toBe('road, number');
    expect(formatStreetAddress(cc, 'Via Roma', '10')).toBe('Via Roma, 10');
  });

  it.each(['in', 'vn', 'bn', 'la'])('%s: "number, road"', (cc) => {
    expect(streetPatternFor(cc)).toBe('number, road');
    expect(formatStreetAddress(cc, 'MG Road', '12')).toBe('12, MG Road');
  });

  it('gives just the street without a number, and trims', () => {
    expect(formatStreetAddress('us', ' Main Street ')).toBe('Main Street');
    expect(formatStreetAddress('de', 'Hauptstraße', '  ')).toBe('Hauptstraße');
  });
});

describe('reading typed addresses', () => {
  it.each([
    ['Paris', { place: 'Paris', qualifiers: [] }],
    ['Springfield, IL', { place: 'Springfield', qualifiers: ['IL'] }],
    ['90210', { postcode: '90210', place: '', qualifiers: [] }],
    ['Beverly Hills, CA 90210', { postcode: '90210', place: 'Beverly Hills', qualifiers: ['CA'] }],
    ['221B Baker Street, London', { housenumber: '221B', street: 'Baker Street', place: 'London', qualifiers: [] }],
    [
      'hauptstrasse 5, 8001 Zürich',
      { street: 'Hauptstrasse', housenumber: '5', postcode: '8001', place: 'Zürich', qualifiers: [] },
    ],
    ['Via Roma, 10, Milano', { street: 'Via Roma', housenumber: '10', place: 'Milano', qualifiers: [] }],
    ['Rue de Rivoli, Paris, France', { street: 'Rue De Rivoli', place: 'Paris', qualifiers: ['France'] }],
  ])('%s', (text, expected) => {
    expect(parseAddressText(text)).toEqual(expected);
  });

  it('reports what it understood in Geoapify’s query.parsed form', () => {
    expect(parsedQuery(parseAddressText('10 Downing Street, London, UK'), 'building')).toEqual({
      housenumber: '10',
      street: 'downing street',
      city: 'london',
      state: 'uk',
      expected_type: 'building',
    });
  });

  it('folds accents and punctuation for matching, and title-cases typed streets', () => {
    expect(fold('Zürich')).toBe('zurich');
    expect(fold('  Łódź ')).toBe('lodz');
    expect(fold('Saint-Étienne')).toBe('saint etienne');
    expect(fold("Val-d'Or")).toBe('val dor');
    expect(fold('Straße')).toBe('strasse');
    expect(titleCase('rue de la paix')).toBe('Rue De La Paix');
  });
});

describe('unverified house numbers and streets (docs/product.md optional modes)', () => {
  const london = feature({
    name: 'London',
    city: 'London',
    country: 'United Kingdom',
    country_code: 'gb',
    address_line1: 'London',
    address_line2: 'England, United Kingdom',
    result_type: 'city',
    place_id: 'demo:city:2643743',
    lat: 51.50853,
    lon: -0.12574,
    datasource: { sourcename: 'geonames' },
    rank: { match_type: 'match_by_city_or_disrict' },
  });
  const street = (cc: string, streetName: string, city: string): GeocodeFeature =>
    feature({
      name: streetName,
      street: streetName,
      city,
      country: cc,
      country_code: cc,
      address_line1: streetName,
      address_line2: city,
      result_type: 'street',
      place_id: `x-${cc}`,
      lat: 1,
      lon: 1,
      datasource: { sourcename: 'openstreetmap' },
      rank: { match_type: 'match_by_street' },
    });
  const parsed = { housenumber: '221B', street: 'baker street', city: 'london' };

  it('changes nothing unless asked', () => {
    expect(withNonVerifiedParts([london], parsed, { allowHouseNumber: false, allowStreet: false })).toEqual([london]);
  });

  it('adds the typed street and number to a city result, in the country’s order, marked unverified', () => {
    const [f] = withNonVerifiedParts([london], parsed, { allowHouseNumber: false, allowStreet: true });
    expect(f?.properties).toMatchObject({
      street: 'Baker Street',
      housenumber: '221B',
      address_line1: '221B Baker Street',
      address_line2: 'London, England, United Kingdom',
      formatted: '221B Baker Street, London, England, United Kingdom',
      nonVerifiedParts: ['housenumber', 'street'],
    });
  });

  it('adds only the street when no number was typed', () => {
    const [f] = withNonVerifiedParts(
      [london],
      { street: 'baker street' },
      { allowHouseNumber: true, allowStreet: true },
    );
    expect(f?.properties).toMatchObject({ address_line1: 'Baker Street', nonVerifiedParts: ['street'] });
    expect(f?.properties.housenumber).toBeUndefined();
  });

  it('adds a typed house number to a street-level result after the street in Germany', () => {
    const [f] = withNonVerifiedParts(
      [street('de', 'Hauptstraße', 'Berlin')],
      { housenumber: '5', street: 'hauptstraße' },
      {
        allowHouseNumber: true,
        allowStreet: false,
      },
    );
    expect(f?.properties).toMatchObject({
      housenumber: '5',
      address_line1: 'Hauptstraße 5',
      formatted: 'Hauptstraße 5, Berlin',
      nonVerifiedParts: ['housenumber'],
    });
  });

  it('uses "road, number" in Italy', () => {
    const [f] = withNonVerifiedParts(
      [street('it', 'Via Roma', 'Milano')],
      { housenumber: '10' },
      {
        allowHouseNumber: true,
        allowStreet: false,
      },
    );
    expect(f?.properties.address_line1).toBe('Via Roma, 10');
  });
});
