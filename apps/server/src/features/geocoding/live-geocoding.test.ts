import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { geoapifyGeocoder } from '../../integrations/geocoding/geoapify.js';
import { photonGeocoder } from '../../integrations/geocoding/photon.js';
import { UpstreamError } from '../../integrations/http/upstream-client.js';
import { autocompleteRequest as request } from '../../integrations/testing/autocomplete-request.js';
import { type FakeUpstream, readFixture, startFakeUpstream } from '../../integrations/testing/fake-upstream.js';
import { geocodingService } from './geocoding.service.js';

const fixture = (name: string) =>
  readFixture(new URL(`../../integrations/geocoding/fixtures/${name}`, import.meta.url));
const KEY = 'test-key-123';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
};

describe('Geoapify adapter', () => {
  // A time-out far beyond any answer of the local fake, however loaded the machine; only the
  // time-out case is impatient, against an answer that never comes in time.
  const geoapify = (timeoutMs = 30_000) =>
    geoapifyGeocoder({ baseUrl: upstream.baseUrl, apiKey: KEY, timeoutMs, retryDelayMs: 5 });

  it('sends the key, type, limit, lang, filter and bias, and returns the seed’s shape', async () => {
    upstream.on('/v1/geocode/autocomplete', { body: fixture('geoapify-autocomplete.json') });
    const answer = await geoapify().autocomplete(
      request('paris', {
        type: 'city',
        limit: 3,
        lang: 'fr',
        filter: { countryCodes: ['fr', 'us'] },
        bias: { proximity: { lon: 2.35, lat: 48.85 } },
      }),
    );
    const sent = upstream.requests[0]?.query;
    expect(sent?.get('apiKey')).toBe(KEY);
    expect(sent?.get('text')).toBe('paris');
    expect(sent?.get('type')).toBe('city');
    expect(sent?.get('limit')).toBe('3');
    expect(sent?.get('lang')).toBe('fr');
    expect(sent?.get('filter')).toBe('countrycode:fr,us');
    expect(sent?.get('bias')).toBe('proximity:2.35,48.85');
    expect(sent?.get('format')).toBe('geojson');

    // The feature without a position is dropped.
    expect(answer.features).toHaveLength(2);
    expect(answer.query).toEqual({ text: 'paris', parsed: { city: 'paris', expected_type: 'unknown' } });
    expect(answer.features[0]).toEqual({
      type: 'Feature',
      properties: {
        formatted: 'Paris, France',
        address_line1: 'Paris',
        address_line2: 'France',
        name: 'Paris',
        city: 'Paris',
        county: 'Paris',
        state: 'Ile-de-France',
        state_code: 'IDF',
        postcode: '75004',
        country: 'France',
        country_code: 'fr',
        result_type: 'city',
        place_id: '51fbc5e8a1ace60240594c3ad9d7426d4840f00101f901ba5e000000000000c00208',
        lat: 48.8534951,
        lon: 2.3483915,
        timezone: { name: 'Europe/Paris' },
        datasource: {
          sourcename: 'openstreetmap',
          attribution: '© OpenStreetMap contributors',
          license: 'Open Database License',
        },
        rank: { match_type: 'full_match', confidence: 1, importance: 0.8845663630228834 },
      },
      geometry: { type: 'Point', coordinates: [2.3483915, 48.8534951] },
    });
    expect(answer.features[1]?.properties).toMatchObject({
      formatted: 'Paris, TX, United States of America',
      country_code: 'us',
    });
  });

  it('turns place details (a polygon) into one point feature', async () => {
    upstream.on('/v2/place-details', { body: fixture('geoapify-place-details.json') });
    const place = await geoapify().place('51fbc5e8a1ace6', 'de');
    expect(upstream.requests[0]?.query.get('id')).toBe('51fbc5e8a1ace6');
    expect(upstream.requests[0]?.query.get('lang')).toBe('de');
    expect(upstream.requests[0]?.query.get('apiKey')).toBe(KEY);
    expect(place?.geometry).toEqual({ type: 'Point', coordinates: [2.3200410217200766, 48.8588897] });
    expect(place?.properties).toMatchObject({ name: 'Paris', result_type: 'unknown', country_code: 'fr' });
  });

  it('answers undefined for an id Geoapify does not know', async () => {
    upstream.on('/v2/place-details', {
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'Wrong id' },
    });
    expect(await geoapify().place('nope')).toBeUndefined();
  });

  it('reports a rejected key as a 502 without retrying', async () => {
    upstream.on('/v1/geocode/autocomplete', { status: 401, body: fixture('geoapify-401.json') });
    const error = await failure(geoapify().autocomplete(request('paris')));
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(/Geoapify\) refused the request \(HTTP 401\)/);
    expect(upstream.requests).toHaveLength(1);
  });

  it('retries a 429 once, then answers 503', async () => {
    upstream.on('/v1/geocode/autocomplete', { status: 429, body: {} });
    expect((await failure(geoapify().autocomplete(request('paris')))).statusCode).toBe(503);
    expect(upstream.requests).toHaveLength(2);
  });

  it('answers 503 on a time-out and 502 on nonsense', async () => {
    upstream.on('/v1/geocode/autocomplete', { body: {}, delayMs: 600_000 });
    expect((await failure(geoapify(300).autocomplete(request('paris')))).statusCode).toBe(503);
    upstream.reset();
    upstream.on('/v1/geocode/autocomplete', { body: { features: 'none' } });
    expect((await failure(geoapify().autocomplete(request('paris')))).statusCode).toBe(502);
    upstream.reset();
    upstream.on('/v1/geocode/autocomplete', { body: '<html>' });
    expect((await failure(geoapify().autocomplete(request('paris')))).statusCode).toBe(502);
  });

  it('is cached by the service: the same search twice costs one upstream call', async () => {
    upstream.on('/v1/geocode/autocomplete', { body: fixture('geoapify-autocomplete.json') });
    const service = geocodingService(geoapify());
    const query = { text: 'paris', limit: 5 };
    await service.autocomplete(query);
    await service.autocomplete(query);
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('Photon adapter', () => {
  // Far beyond any answer of the local fake, however loaded the machine (no time-out case here).
  const photon = () => photonGeocoder({ baseUrl: upstream.baseUrl, timeoutMs: 30_000, retryDelayMs: 5 });

  it('maps Photon’s GeoJSON into the Geoapify shape', async () => {
    upstream.on('/api', { body: fixture('photon-search.json') });
    const answer = await photon().autocomplete(request('berlin', { limit: 10, lang: 'de' }));
    expect(upstream.requests[0]?.query.get('q')).toBe('berlin');
    expect(upstream.requests[0]?.query.get('lang')).toBe('de');
    const [city, town, tor, street] = answer.features;
    expect(city).toEqual({
      type: 'Feature',
      properties: {
        name: 'Berlin',
        city: 'Berlin',
        country: 'Germany',
        country_code: 'de',
        address_line1: 'Berlin',
        address_line2: 'Germany',
        formatted: 'Berlin, Germany',
        result_type: 'city',
        place_id: 'photon:R62422@52.5170365,13.3888599',
        lat: 52.5170365,
        lon: 13.3888599,
        timezone: { name: 'Europe/Berlin' },
        datasource: {
          sourcename: 'openstreetmap',
          attribution: '© OpenStreetMap contributors',
          license: 'Open Database License',
        },
        rank: { match_type: 'full_match' },
      },
      geometry: { type: 'Point', coordinates: [13.3888599, 52.5170365] },
    });
    expect(town?.properties).toMatchObject({
      formatted: 'Berlin, Connecticut, United States',
      county: 'Hartford County',
      state: 'Connecticut',
      country_code: 'us',
      timezone: { name: 'America/New_York' },
    });
    expect(tor?.properties).toMatchObject({
      name: 'Brandenburger Tor',
      street: 'Pariser Platz',
      housenumber: '1',
      postcode: '10117',
      suburb: 'Mitte',
      // A named landmark at an address: an amenity led by its name (docs/api.md#live-data).
      result_type: 'amenity',
      address_line1: 'Brandenburger Tor',
      place_id: 'photon:W518071791@52.5162746,13.3777041',
    });
    expect(street?.properties).toMatchObject({
      result_type: 'street',
      street: 'Berliner Straße',
      name: 'Berliner Straße',
    });
  });

  it('applies country and circle filters, bias and type itself, and passes rect and proximity on', async () => {
    upstream.on('/api', { body: fixture('photon-search.json') });
    const us = await photon().autocomplete(request('berlin', { filter: { countryCodes: ['us'] }, lang: 'ja' }));
    expect(us.features.map((f) => f.properties.country_code)).toEqual(['us']);
    expect(upstream.requests[0]?.query.getAll('countrycode')).toEqual(['US']);
    expect(upstream.requests[0]?.query.has('lang')).toBe(false);

    upstream.requests.length = 0;
    const near = await photon().autocomplete(
      request('berlin', {
        filter: {
          circle: { lon: 13.4, lat: 52.52, radiusMeters: 3000 },
          rect: { lon1: 14, lat1: 53, lon2: 13, lat2: 52 },
        },
        bias: { proximity: { lon: 13.4, lat: 52.52 } },
        type: 'city',
      }),
    );
    const sent = upstream.requests[0]?.query;
    expect(sent?.get('lat')).toBe('52.52');
    expect(sent?.get('lon')).toBe('13.4');
    expect(sent?.get('bbox')).toBe('13,52,14,53');
    expect(sent?.getAll('layer')).toEqual(['city']);
    expect(near.features.every((f) => f.properties.country_code === 'de')).toBe(true);

    const preferUs = await photon().autocomplete(request('berlin', { bias: { countryCodes: ['us'] } }));
    expect(preferUs.features[0]?.properties.country_code).toBe('us');
  });

  it('finds a place again by its id through reverse geocoding', async () => {
    upstream.on('/reverse', { body: fixture('photon-reverse.json') });
    const place = await photon().place('photon:W518071791@52.5162746,13.3777041');
    expect(upstream.requests[0]?.query.get('lat')).toBe('52.5162746');
    expect(place?.properties).toMatchObject({
      name: 'Brandenburger Tor',
      place_id: 'photon:W518071791@52.5162746,13.3777041',
    });
    expect(await photon().place('demo:city:1')).toBeUndefined();
  });

  it('marks a city standing in for a typed street, so the optional modes can keep the street', async () => {
    upstream.on('/api', { body: fixture('photon-search.json') });
    const service = geocodingService(photon(), { cache: false });
    const answer = await service.autocomplete({
      text: 'Unter den Linden 77, Berlin',
      limit: 1,
      allow_non_verified_street: true,
    });
    expect(answer.features[0]?.properties).toMatchObject({
      rank: { match_type: 'match_by_city_or_disrict' },
      street: 'Unter Den Linden',
      housenumber: '77',
      address_line1: 'Unter Den Linden 77',
      nonVerifiedParts: ['housenumber', 'street'],
    });
  });

  it('reports failures readably', async () => {
    upstream.on('/api', { status: 500, body: {} });
    expect((await failure(photon().autocomplete(request('berlin')))).statusCode).toBe(502);
    upstream.reset();
    upstream.on('/api', { body: { features: [{ geometry: { type: 'Point' } }] } });
    expect((await failure(photon().autocomplete(request('berlin')))).statusCode).toBe(502);
  });
});
