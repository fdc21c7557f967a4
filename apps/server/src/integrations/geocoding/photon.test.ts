import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { autocompleteRequest as request } from '../testing/autocomplete-request.js';
import { type FakeUpstream, readFixture, startFakeUpstream } from '../testing/fake-upstream.js';
import { photonGeocoder } from './photon.js';

const fixture = (name: string) => readFixture(new URL(`./fixtures/${name}`, import.meta.url));

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

// Far beyond any answer of the local fake, however loaded the machine (no time-out case here).
const photon = () => photonGeocoder({ baseUrl: upstream.baseUrl, timeoutMs: 30_000, retryDelayMs: 5 });

describe('Photon adapter against real-shaped answers (docs/api.md#live-data)', () => {
  it('leads a named café or landmark with its name, its street on the second line', async () => {
    upstream.on('/api', { body: fixture('photon-named-places.json') });
    const answer = await photon().autocomplete(request('holy donut portland'));
    const donut = answer.features[0]?.properties;
    expect(donut).toMatchObject({
      name: 'Holy Donut',
      street: 'Park Avenue',
      result_type: 'amenity',
      address_line1: 'Holy Donut',
    });
    expect(donut?.address_line2).toMatch(/^Park Avenue, 04102, Portland/);
    expect(donut?.formatted).toMatch(/^Holy Donut, /);
    // A plain building at an address is still its address.
    const building = answer.features.find((f) => f.properties.housenumber === '180')?.properties;
    expect(building).toMatchObject({ result_type: 'building', address_line1: '180 Park Avenue' });
  });

  it('lists an OSM object once although Photon sends it under two tags', async () => {
    upstream.on('/api', { body: fixture('photon-named-places.json') });
    const answer = await photon().autocomplete(request('portland'));
    const portlands = answer.features.filter((f) => f.properties.place_id.startsWith('photon:R132500@'));
    expect(portlands).toHaveLength(1);
    expect(answer.features).toHaveLength(3);
  });

  it('lists a city once, not again as the region of the same name around it', async () => {
    upstream.on('/api', { body: fixture('photon-tokyo.json') });
    const answer = await photon().autocomplete(request('tokyo'));
    expect(answer.features.map((f) => f.properties.formatted)).toEqual([
      'Tokyo, Japan',
      'Tokyo Station, Marunouchi, 100-0005, Chiyoda, Tokyo, Japan',
      'Tokyo, 320 North Wells Street, Chicago, Illinois, United States',
    ]);
    expect(answer.features[0]?.properties).toMatchObject({
      result_type: 'city',
      place_id: expect.stringMatching(/^photon:N/),
    });
  });

  it('sends countries as Photon’s own countrycode filter, not 50 results worldwide', async () => {
    upstream.on('/api', { body: fixture('photon-named-places.json') });
    await photon().autocomplete(request('portland', { filter: { countryCodes: ['us', 'ca'] } }));
    const sent = upstream.requests[0]?.query;
    expect(sent?.getAll('countrycode')).toEqual(['US', 'CA']);
    expect(sent?.get('limit')).toBe('10');
  });

  it('turns a circle into a bounding box for Photon and keeps only what lies inside the circle', async () => {
    upstream.on('/api', { body: fixture('photon-named-places.json') });
    // 500 m around Holy Donut: the town's centre (~0.6 km away) is in the box but not the circle.
    const answer = await photon().autocomplete(
      request('portland', { filter: { circle: { lon: -70.2597281, lat: 43.6628931, radiusMeters: 500 } } }),
    );
    const [lon1 = 0, lat1 = 0, lon2 = 0, lat2 = 0] = (upstream.requests[0]?.query.get('bbox') ?? '')
      .split(',')
      .map(Number);
    expect(lat2 - lat1).toBeCloseTo((2 * 500) / 111_320, 5);
    expect(lon1).toBeLessThan(-70.2597281);
    expect(lon2).toBeGreaterThan(-70.2597281);
    expect(answer.features.map((f) => f.properties.name)).toEqual(['Holy Donut', '180 Park Avenue']);
  });

  it('asks only in languages Photon serves (it answers 400 to others) and uses local names then', async () => {
    upstream.on('/api', { body: fixture('photon-named-places.json') });
    await photon().autocomplete(request('portland', { lang: 'es' }));
    await photon().autocomplete(request('portland', { lang: 'it' }));
    await photon().autocomplete(request('portland', { lang: 'fr' }));
    expect(upstream.requests.map((r) => r.query.get('lang'))).toEqual([null, null, 'fr']);
  });

  // photon.komoot.io's own answer to a language it does not serve.
  const languageRefusal = {
    status: 400,
    body: { message: 'Language is not supported. Supported are: default, en, de, fr' },
  };

  it('asks again without a language when Photon refuses it, and shows local names', async () => {
    upstream.on('/api', languageRefusal, { body: fixture('photon-named-places.json') });
    const answer = await photon().autocomplete(request('portland', { lang: 'de' }));
    expect(upstream.requests.map((r) => r.query.get('lang'))).toEqual(['de', null]);
    expect(upstream.requests[1]?.query.get('q')).toBe('portland');
    expect(answer.features.map((f) => f.properties.name)).toContain('Holy Donut');
  });

  it('looks a place up again without a language when Photon refuses it', async () => {
    upstream.on('/reverse', languageRefusal, { body: fixture('photon-reverse.json') });
    const place = await photon().place('photon:W518071791@52.5162746,13.3777041', 'fr');
    expect(upstream.requests.map((r) => r.query.get('lang'))).toEqual(['fr', null]);
    expect(place?.properties.name).toBe('Brandenburger Tor');
  });

  it('still reports any other 400 as a refusal, without asking twice', async () => {
    upstream.on('/api', { status: 400, body: { message: 'missing search term' } });
    await expect(photon().autocomplete(request('portland', { lang: 'de' }))).rejects.toMatchObject({
      statusCode: 502,
      upstreamStatus: 400,
    });
    expect(upstream.requests).toHaveLength(1);
  });
});
