import { WEATHER_FAVORITES_MAX } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, readFixture, startFakeUpstream } from '../../integrations/testing/fake-upstream.js';
import { localTime } from '../../integrations/time-zones.js';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';

const PARIS = { lat: 48.8534, lon: 2.3488, timezone: 'Europe/Paris', country_code: 'fr' };
const NEW_YORK = { lat: 40.7128, lon: -74.006, timezone: 'America/New_York', country_code: 'us' };
const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));

describe.each(testDatabaseKinds)('weather API on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const as = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    injectAs(t.app, user, { method, url, ...(payload ? { payload } : {}) });
  const save = async (user: TestUser, body: object) => {
    const res = await as(user, 'POST', '/api/weather/', body);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const saved = async (user: TestUser) => (await as(user, 'GET', '/api/weather/saved')).json();
  const snapshot = () => t.database.handle.db.selectFrom('weather_favorites').selectAll().orderBy('id').execute();

  describe('GET /api/weather', () => {
    it('answers the seed’s fields for a place, without signing in', async () => {
      const res = await get(`/api/weather?${qs({ ...NEW_YORK, formatted: 'New York, NY, United States' })}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(
        [
          'address',
          'country_code',
          'current',
          'geodata',
          'source',
          'supplemental',
          'timezone',
          'units',
          'weather',
          // Our additions (docs/api.md#weather-hourly-alerts-and-air-quality); the original fields stay as they were.
          'hourly',
          'daily_details',
          'current_details',
          'air_quality',
          'alerts',
          'alerts_available',
          'alerts_status',
          'updated_at',
          'sources',
        ].sort(),
      );
      expect(body).toMatchObject({
        address: 'New York, NY, United States',
        geodata: { lat: 40.7128, lon: -74.006 },
        timezone: 'America/New_York',
        country_code: 'us',
        units: { temperature: '°F', wind_speed: 'mph', precipitation: 'inch' },
        source: 'demo',
      });
      expect(Object.keys(body.current).sort()).toEqual(
        [
          'cloud_cover',
          'code',
          'feelsLike',
          'is_day',
          'relative_humidity',
          'temperature',
          'wind_direction',
          'wind_gusts',
          'wind_speed',
        ].sort(),
      );
      // A client of the original API indexes its weather-code table by this text.
      expect(['day', 'night']).toContain(body.current.is_day);
      expect(body.weather).toHaveLength(7);
      expect(Object.keys(body.weather[0]).sort()).toEqual(
        [
          'apparent_temperature_max',
          'apparent_temperature_min',
          'date',
          'precipitation_probability_max',
          'precipitation_sum',
          'temperature_2m_max',
          'temperature_2m_min',
          'weather_code',
          'wind_gusts_10m_max',
          'wind_speed_10m_max',
        ].sort(),
      );
      expect(body.weather[0].date).toBe(localTime(Date.now(), 'America/New_York').date);
      // US: every forecast date maps to its NWS-shaped periods, day then night, in time order.
      expect(Object.keys(body.supplemental)).toEqual(body.weather.map((d: { date: string }) => d.date));
      const tomorrow = body.supplemental[body.weather[1].date];
      expect(tomorrow).toEqual([
        {
          name: expect.any(String),
          startTime: `${body.weather[1].date}T06:00:00${tomorrow[0].startTime.slice(19)}`,
          isDaytime: true,
          detailedForecast: expect.stringMatching(/with a high near \d+\./),
        },
        {
          name: `${tomorrow[0].name} Night`,
          startTime: expect.stringMatching(new RegExp(`^${body.weather[1].date}T18:00:00-0[45]:00$`)),
          isDaytime: false,
          detailedForecast: expect.stringMatching(/with a low around \d+\./),
        },
      ]);
      for (const periods of Object.values(body.supplemental) as { startTime: string }[][]) {
        expect(periods.length).toBeGreaterThan(0);
        const times = periods.map((p) => Date.parse(p.startTime));
        expect(times).toEqual([...times].sort((a, b) => a - b));
      }
    });

    it('maps every date to an empty list outside the US, and accepts upper-case country codes', async () => {
      const res = await get(`/api/weather?${qs({ ...PARIS, country_code: 'FR', formatted: 'Paris, France' })}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ country_code: 'fr', timezone: 'Europe/Paris' });
      expect(body.supplemental).toEqual(Object.fromEntries(body.weather.map((d: { date: string }) => [d.date, []])));
      // Bare coordinates at sea: no country, still a key for every card.
      const sea = (await get('/api/weather?lat=0&lon=-140')).json();
      expect(Object.keys(sea.supplemental)).toHaveLength(7);
      expect(Object.values(sea.supplemental).flat()).toEqual([]);
    });

    it('names zones by their current IANA names, whatever spelling it is given (Mumbai, Kyiv, Saigon)', async () => {
      const cases: [string, string, string][] = [
        ['lat=19.076&lon=72.8777', '', 'Asia/Kolkata'],
        ['lat=19.076&lon=72.8777', 'Asia/Calcutta', 'Asia/Kolkata'],
        ['lat=19.076&lon=72.8777', 'asia/kolkata', 'Asia/Kolkata'],
        ['lat=50.45&lon=30.52', 'Europe/Kiev', 'Europe/Kyiv'],
        ['lat=50.45&lon=30.52', '', 'Europe/Kyiv'],
        ['lat=10.82&lon=106.63', 'Asia/Saigon', 'Asia/Ho_Chi_Minh'],
        ['lat=27.7&lon=85.32', '', 'Asia/Kathmandu'],
      ];
      for (const [where, zone, expected] of cases) {
        const res = await get(`/api/weather?${where}${zone ? `&timezone=${encodeURIComponent(zone)}` : ''}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().timezone).toBe(expected);
      }
      const user = await signUp(t.app);
      const fav = await save(user, { address: 'Mumbai', lat: 19.076, lon: 72.8777, timezone: 'Asia/Calcutta' });
      expect(fav.timezone).toBe('Asia/Kolkata');
      expect((await saved(user))[0]).toMatchObject({ timezone: 'Asia/Kolkata', formatted: 'Mumbai' });
    });

    it('works out the zone, country and a name from bare coordinates', async () => {
      const res = await get('/api/weather?lat=35.6895&lon=139.6917');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        timezone: 'Asia/Tokyo',
        country_code: 'jp',
        address: expect.stringContaining('Japan'),
      });
      const sea = (await get('/api/weather?lat=0&lon=-140')).json();
      expect(sea).toMatchObject({ country_code: null, address: '0.0000°N, 140.0000°W' });
      expect(sea.timezone).toMatch(/^Etc\/GMT\+9$/);
    });

    it('canonicalises the time zone name and treats empty parameters as absent', async () => {
      const res = await get('/api/weather?lat=48.85&lon=2.35&timezone=europe/paris&country_code=&formatted=');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ timezone: 'Europe/Paris', country_code: 'fr' });
    });

    const bad: [string, string, string][] = [
      ['latitude 91', 'lat=91&lon=0', 'lat'],
      ['latitude -90.01', 'lat=-90.01&lon=0', 'lat'],
      ['longitude -181', 'lat=0&lon=-181', 'lon'],
      ['longitude 180.5', 'lat=0&lon=180.5', 'lon'],
      ['missing latitude', 'lon=2.35', 'lat'],
      ['missing longitude', 'lat=48.85', 'lon'],
      ['empty latitude', 'lat=&lon=2', 'lat'],
      ['latitude not a number', 'lat=north&lon=2', 'lat'],
      ['latitude in hex', 'lat=0x10&lon=2', 'lat'],
      ['country code of 3 letters', 'lat=1&lon=2&country_code=usa', 'country_code'],
      ['country code with digits', 'lat=1&lon=2&country_code=u1', 'country_code'],
      ['unknown time zone', 'lat=1&lon=2&timezone=Mars/Olympus', 'timezone'],
      ['offset instead of a zone', 'lat=1&lon=2&timezone=%2B02:00', 'timezone'],
      ['address over 300 characters', `lat=1&lon=2&formatted=${'x'.repeat(301)}`, 'formatted'],
      // docs/api.md#text: the address is echoed back and shown.
      ['an override in the address', `lat=1&lon=2&formatted=${encodeURIComponent('Paris\u202E')}`, 'formatted'],
      ['a control character in the address', `lat=1&lon=2&formatted=${encodeURIComponent('Paris\u0007')}`, 'formatted'],
    ];
    it.each(bad)('refuses %s with a 400 naming the field', async (_label, query, field) => {
      const res = await get(`/api/weather?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 400, message: expect.stringMatching(/^Invalid query/) });
      expect(body.fields).toHaveProperty(field);
    });

    it('explains the range in the message', async () => {
      expect((await get('/api/weather?lat=91&lon=0')).json().message).toBe(
        'Invalid query: Latitude must be between -90 and 90',
      );
      expect((await get('/api/weather?lon=0')).json().fields.lat).toBe('Latitude is required');
    });
  });

  describe('GET /api/geocode/*', () => {
    it('suggests places in the Geoapify GeoJSON shape', async () => {
      const res = await get('/api/geocode/autocomplete?text=par');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.type).toBe('FeatureCollection');
      expect(body.features).toHaveLength(5);
      expect(body.query).toEqual({ text: 'par', parsed: { city: 'par', expected_type: 'unknown' } });
      expect(body.features[0]).toMatchObject({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [2.3488, 48.85341] },
        properties: {
          formatted: 'Paris, Île-de-France, France',
          address_line1: 'Paris',
          address_line2: 'Île-de-France, France',
          name: 'Paris',
          country: 'France',
          country_code: 'fr',
          result_type: 'city',
          place_id: 'demo:city:2988507',
          timezone: { name: 'Europe/Paris' },
          datasource: { sourcename: 'geonames' },
          rank: { match_type: 'full_match' },
        },
      });
    });

    it('honours type, limit, lang, filter and bias', async () => {
      const res = await get(
        `/api/geocode/autocomplete?${qs({ text: 'Springfield', type: 'city', limit: 3, lang: 'de', filter: 'countrycode:us', bias: 'proximity:-89.65,39.78' })}`,
      );
      expect(res.statusCode).toBe(200);
      const features = res.json().features;
      expect(features).toHaveLength(3);
      expect(features[0].properties).toMatchObject({ state: 'Illinois', country: 'Vereinigte Staaten' });
    });

    it('finds a city by its local or older name, typed with or without accents', async () => {
      for (const text of ['München', 'munchen', 'Muenchen']) {
        const res = await get(`/api/geocode/autocomplete?${qs({ text, limit: 5 })}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().features[0].properties).toMatchObject({
          name: 'Munich',
          country_code: 'de',
          place_id: 'demo:city:2867714',
        });
      }
      const vienna = await get(`/api/geocode/autocomplete?${qs({ text: 'wien', limit: 1 })}`);
      expect(vienna.json().features[0].properties.formatted).toBe('Vienna, Austria');
    });

    it('lists a place once, not as a city and again as the region of the same name around it', async () => {
      for (const text of ['Tokyo', 'São Paulo', 'sao paulo', 'tok']) {
        const features: { properties: { formatted: string; result_type: string } }[] = (
          await get(`/api/geocode/autocomplete?${qs({ text, limit: 8 })}`)
        ).json().features;
        const labels = features.map((f) => f.properties.formatted);
        expect(new Set(labels).size, labels.join(' / ')).toBe(labels.length);
      }
      const [tokyo] = (await get(`/api/geocode/autocomplete?${qs({ text: 'Tokyo', limit: 5 })}`)).json().features;
      // The city stays: the most specific and the most populous of the two.
      expect(tokyo.properties).toMatchObject({ formatted: 'Tokyo, Japan', result_type: 'city' });
      // Towns of one name far apart are different places and all stay.
      const portlands = (await get(`/api/geocode/autocomplete?${qs({ text: 'Portland', limit: 5 })}`)).json().features;
      expect(portlands.length).toBe(5);
    });

    it('keeps an unverified street on request', async () => {
      const res = await get(
        `/api/geocode/autocomplete?${qs({ text: '221B Baker Street, London', limit: 1, allow_non_verified_street: 'true' })}`,
      );
      expect(res.json().features[0].properties).toMatchObject({
        formatted: '221B Baker Street, London, England, United Kingdom',
        address_line1: '221B Baker Street',
        street: 'Baker Street',
        housenumber: '221B',
        nonVerifiedParts: ['housenumber', 'street'],
      });
    });

    it('answers place details, and 404 for an unknown id', async () => {
      const res = await get('/api/geocode/place?id=demo:city:2657896&lang=en');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ type: 'FeatureCollection', features: [{ properties: { name: 'Zürich' } }] });
      const missing = await get('/api/geocode/place?id=demo:city:1');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, code: 404, message: 'Place not found' });
    });

    const bad: [string, string, string][] = [
      ['missing text', '/api/geocode/autocomplete', 'text'],
      ['text too long', `/api/geocode/autocomplete?text=${'a'.repeat(201)}`, 'text'],
      ['limit 0', '/api/geocode/autocomplete?text=par&limit=0', 'limit'],
      ['limit 21', '/api/geocode/autocomplete?text=par&limit=21', 'limit'],
      ['unknown type', '/api/geocode/autocomplete?text=par&type=galaxy', 'type'],
      ['long lang', '/api/geocode/autocomplete?text=par&lang=english', 'lang'],
      ['bad filter', '/api/geocode/autocomplete?text=par&filter=circle:2.35,48.85', 'filter'],
      [
        'filter latitude 91',
        `/api/geocode/autocomplete?${qs({ text: 'par', filter: 'circle:2.35,91,1000' })}`,
        'filter',
      ],
      ['zero radius', `/api/geocode/autocomplete?${qs({ text: 'par', filter: 'circle:2.35,48.85,0' })}`, 'filter'],
      ['bias longitude 181', `/api/geocode/autocomplete?${qs({ text: 'par', bias: 'proximity:181,0' })}`, 'bias'],
      ['unknown filter', `/api/geocode/autocomplete?${qs({ text: 'par', filter: 'near:me' })}`, 'filter'],
      ['missing place id', '/api/geocode/place', 'id'],
      ['bad place id', '/api/geocode/place?id=a%20b', 'id'],
    ];
    it.each(bad)('refuses %s with a 400 naming the field', async (_label, url, field) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 400 });
      expect(body.fields).toHaveProperty(field);
    });

    it('says what is wrong with a filter', async () => {
      const res = await get(`/api/geocode/autocomplete?${qs({ text: 'par', filter: 'circle:2.35,48.85,-1' })}`);
      expect(res.json().message).toBe('Invalid query: circle: radius must be greater than 0 metres');
    });
  });

  describe('favorite locations', () => {
    it('saves a favorite for the signed-in user and lists it', async () => {
      const user = await signUp(t.app);
      const fav = await save(user, {
        user: user.id,
        address: 'Paris, Île-de-France, France',
        nickname: '  Home  ',
        ...PARIS,
      });
      expect(fav).toEqual({
        locationId: expect.any(Number),
        nickname: 'Home',
        address: 'Paris, Île-de-France, France',
        lat: 48.8534,
        lon: 2.3488,
        timezone: 'Europe/Paris',
        country_code: 'fr',
        user: user.id,
        // What 'Get Forecast' resends to GET /api/weather as `formatted`.
        formatted: 'Paris, Île-de-France, France',
        created_at: expect.any(String),
      });
      expect(await saved(user)).toEqual([fav]);
      // The seed keeps coordinates in local storage as text; numbers in strings are accepted.
      const second = await save(user, {
        address: 'New York',
        lat: '40.7128',
        lon: '-74.006',
        timezone: 'America/New_York',
        country_code: 'US',
      });
      expect(second).toMatchObject({ lat: 40.7128, lon: -74.006, country_code: 'us', nickname: 'New York' });
      expect((await saved(user)).map((f: { locationId: number }) => f.locationId)).toEqual([
        fav.locationId,
        second.locationId,
      ]);
    });

    it('defaults the nickname to the address (shortened) and looks up a missing zone', async () => {
      const user = await signUp(t.app);
      const plain = await save(user, { address: 'Tokyo, Japan', nickname: '   ', lat: 35.6895, lon: 139.6917 });
      expect(plain).toMatchObject({ nickname: 'Tokyo, Japan', timezone: 'Asia/Tokyo', country_code: null });
      const long = 'A very long address line that goes on and on, past the sixty character nickname limit, Somewhere';
      const shortened = await save(user, { address: long, lat: 10, lon: 10 });
      expect(shortened.nickname).toHaveLength(60);
      expect(shortened.nickname.endsWith('…')).toBe(true);
      expect(shortened.address).toBe(long);
    });

    it('refuses the same place twice (409) and nothing changes', async () => {
      const user = await signUp(t.app);
      await save(user, { address: 'Paris', nickname: 'Paris', ...PARIS });
      const before = await snapshot();
      const res = await as(user, 'POST', '/api/weather/', {
        address: 'Paris again',
        nickname: 'Again',
        ...PARIS,
        lat: PARIS.lat + 0.00002,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, code: 409, message: '“Paris” is already in your saved locations.' });
      expect(await snapshot()).toEqual(before);
      // Someone else may save the same place.
      await save(bob, { address: 'Paris', nickname: 'Bob’s Paris', ...PARIS });
    });

    it('stores one favorite when the same place is saved concurrently, and keeps the limit under a burst', async () => {
      const user = await signUp(t.app);
      const same = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          as(user, 'POST', '/api/weather/', { address: `Race ${i}`, lat: 33.3, lon: 44.4 }),
        ),
      );
      expect(same.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      for (let i = 0; i < WEATHER_FAVORITES_MAX - 3; i++) {
        await save(user, { address: `Fill ${i}`, lat: -40 + i * 0.1, lon: 60 });
      }
      const burst = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          as(user, 'POST', '/api/weather/', { address: `Burst ${i}`, lat: 70, lon: i }),
        ),
      );
      expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(2);
      expect(burst.filter((r) => r.statusCode === 400)).toHaveLength(4);
      expect(await saved(user)).toHaveLength(WEATHER_FAVORITES_MAX);
    });

    it(`allows at most ${WEATHER_FAVORITES_MAX} favorites per user`, async () => {
      const user = await signUp(t.app);
      for (let i = 0; i < WEATHER_FAVORITES_MAX; i++) {
        await save(user, { address: `Place ${i}`, lat: 10 + i * 0.1, lon: 20, timezone: 'UTC' });
      }
      const before = await snapshot();
      const res = await as(user, 'POST', '/api/weather/', { address: 'One too many', lat: -10, lon: -20 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `You can save at most ${WEATHER_FAVORITES_MAX} locations. Delete one to add another.`,
      );
      expect(await snapshot()).toEqual(before);
      expect(await saved(user)).toHaveLength(WEATHER_FAVORITES_MAX);
    });

    it('deletes a favorite and answers with the list that is left', async () => {
      const user = await signUp(t.app);
      const a = await save(user, { address: 'A', lat: 1, lon: 1 });
      const b = await save(user, { address: 'B', lat: 2, lon: 2 });
      const res = await as(user, 'DELETE', '/api/weather/saved', { location_id: a.locationId, user: user.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', data: [b] });
      const again = await as(user, 'DELETE', '/api/weather/saved', { location_id: a.locationId });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ success: false, code: 404, message: 'Saved location not found' });
    });

    it('stores coordinates as numbers on both databases', async () => {
      const user = await signUp(t.app);
      const fav = await save(user, { address: 'Precise', lat: -33.868819, lon: 151.209295 });
      const row = await t.database.handle.db
        .selectFrom('weather_favorites')
        .selectAll()
        .where('id', '=', fav.locationId)
        .executeTakeFirstOrThrow();
      expect(typeof row.lat).toBe('number');
      expect(row.lat).toBe(-33.868819);
      expect(row.lon).toBe(151.209295);
      expect((await saved(user))[0]).toMatchObject({ lat: -33.868819, lon: 151.209295 });
    });

    describe('bad input gets a 4xx JSON error and changes nothing', () => {
      const cases: [string, object, string][] = [
        ['missing address', { lat: 1, lon: 1 }, 'address'],
        ['blank address', { address: '  ', lat: 1, lon: 1 }, 'address'],
        ['301-character address', { address: 'x'.repeat(301), lat: 1, lon: 1 }, 'address'],
        ['61-character nickname', { address: 'x', nickname: 'n'.repeat(61), lat: 1, lon: 1 }, 'nickname'],
        ['nickname of the wrong type', { address: 'x', nickname: 5, lat: 1, lon: 1 }, 'nickname'],
        // PostgreSQL text cannot hold NUL: found by the fuzzer as a 500 there (src/test/security/fuzz-suite.ts).
        ['NUL character in the address', { address: 'Paris\u0000', lat: 1, lon: 1 }, 'address'],
        ['NUL character in the nickname', { address: 'x', nickname: 'a\u0000b', lat: 1, lon: 1 }, 'nickname'],
        ['missing latitude', { address: 'x', lon: 1 }, 'lat'],
        ['latitude 91', { address: 'x', lat: 91, lon: 1 }, 'lat'],
        ['longitude -181', { address: 'x', lat: 1, lon: -181 }, 'lon'],
        ['latitude as words', { address: 'x', lat: 'north', lon: 1 }, 'lat'],
        ['unknown time zone', { address: 'x', lat: 1, lon: 1, timezone: 'Nowhere/Land' }, 'timezone'],
        ['bad country code', { address: 'x', lat: 1, lon: 1, country_code: 'usa' }, 'country_code'],
      ];
      it.each(cases)('%s', async (_label, payload, field) => {
        const before = await snapshot();
        const res = await as(alice, 'POST', '/api/weather/', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toHaveProperty(field);
        expect(await snapshot()).toEqual(before);
      });

      // docs/api.md#text: the names a saved location shows.
      it.each([
        [
          'an override in the address',
          { address: 'Paris\u202E', lat: 1, lon: 1 },
          { address: 'Address may not contain text-direction override characters' },
        ],
        [
          'an isolate in the nickname',
          { address: 'x', nickname: '\u2067Home', lat: 1, lon: 1 },
          { nickname: 'Nickname may not contain text-direction override characters' },
        ],
        [
          'an escape in the nickname',
          { address: 'x', nickname: 'Home\u001B[2J', lat: 1, lon: 1 },
          { nickname: 'Nickname may not contain control characters' },
        ],
        [
          'a line break in the address',
          { address: 'Paris\nFrance', lat: 1, lon: 1 },
          { address: 'Address may not contain control characters' },
        ],
      ])('refuses %s with its field’s message', async (_label, payload, fields) => {
        const before = await snapshot();
        const res = await as(alice, 'POST', '/api/weather/', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual(fields);
        expect(await snapshot()).toEqual(before);
      });

      it.each([
        ['missing location_id', {}],
        ['location_id of the wrong type', { location_id: 'abc' }],
        ['negative location_id', { location_id: -3 }],
      ])('delete with %s', async (_label, payload) => {
        const before = await snapshot();
        const res = await as(alice, 'DELETE', '/api/weather/saved', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toHaveProperty('location_id');
        expect(await snapshot()).toEqual(before);
      });

      it('malformed JSON', async () => {
        const before = await snapshot();
        const res = await injectAs(t.app, alice, {
          method: 'POST',
          url: '/api/weather/',
          headers: { 'content-type': 'application/json' },
          payload: '{"address": ',
        });
        expect(res.statusCode).toBe(400);
        expect(await snapshot()).toEqual(before);
      });
    });

    describe('authentication', () => {
      it('answers 401 to every favorites call without a session, whatever the input', async () => {
        const before = await snapshot();
        for (const [method, url, payload] of [
          ['POST', '/api/weather/', { address: 'x', ...PARIS }],
          ['POST', '/api/weather/', { nonsense: true }],
          ['GET', '/api/weather/saved', undefined],
          ['GET', '/api/weather/saved?user=abc', undefined],
          ['DELETE', '/api/weather/saved', { location_id: 1 }],
        ] as const) {
          const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
          expect(res.statusCode).toBe(401);
          expect(res.json()).toMatchObject({ success: false, code: 401 });
        }
        expect(await snapshot()).toEqual(before);
      });

      it('refuses cookie-authenticated changes without the CSRF header (403)', async () => {
        const fav = await save(alice, { address: 'CSRF target', lat: 5, lon: 5 });
        const before = await snapshot();
        for (const [method, payload] of [
          ['POST', { address: 'forged', lat: 6, lon: 6 }],
          ['DELETE', { location_id: fav.locationId }],
        ] as const) {
          const url = method === 'POST' ? '/api/weather/' : '/api/weather/saved';
          const res = await injectAs(t.app, alice, { method, url, payload, csrf: false });
          expect(res.statusCode).toBe(403);
        }
        expect(await snapshot()).toEqual(before);
      });

      it('works with a bearer token and no CSRF header', async () => {
        const res = await injectAs(t.app, alice, {
          method: 'POST',
          url: '/api/weather',
          payload: { address: 'Via token', lat: 7, lon: 7 },
          via: 'token',
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().user).toBe(alice.id);
      });
    });

    describe("a second user cannot read or change the first user's favorites", () => {
      it('never sees them, and naming her id gets 403', async () => {
        const fav = await save(alice, { address: 'Private to Alice', lat: 8, lon: 8 });
        const bobs = await saved(bob);
        expect(bobs.map((f: { locationId: number }) => f.locationId)).not.toContain(fav.locationId);
        const spoof = await as(bob, 'GET', `/api/weather/saved?user=${alice.id}`);
        expect(spoof.statusCode).toBe(403);
        expect(spoof.json()).toEqual({ success: false, code: 403, message: 'You can only access your own data.' });
        expect((await as(alice, 'GET', `/api/weather/saved?user=${alice.id}`)).statusCode).toBe(200);
      });

      it('gets 404 deleting her location, 403 claiming to be her, and cannot save for her', async () => {
        const fav = await save(alice, { address: 'Hands off', lat: 9, lon: 9 });
        const before = await snapshot();
        const notHers = await as(bob, 'DELETE', '/api/weather/saved', { location_id: fav.locationId });
        expect(notHers.statusCode).toBe(404);
        const claim = await as(bob, 'DELETE', '/api/weather/saved', { location_id: fav.locationId, user: alice.id });
        expect(claim.statusCode).toBe(403);
        const plant = await as(bob, 'POST', '/api/weather/', { address: 'Planted', lat: 11, lon: 11, user: alice.id });
        expect(plant.statusCode).toBe(403);
        expect(await snapshot()).toEqual(before);
        expect((await saved(alice)).map((f: { locationId: number }) => f.locationId)).toContain(fav.locationId);
      });
    });
  });

  it('lists every route in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/weather', '/api/weather/saved', '/api/geocode/autocomplete', '/api/geocode/place']),
    );
    expect(doc.paths['/api/weather'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['lat', 'lon', 'country_code', 'formatted', 'timezone']),
    );
  });
});

describe('weather API in live mode (against a fake upstream)', () => {
  let t: TestApp;
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await createTestApp('sqlite', {
      DATA_MODE: 'live',
      OPEN_METEO_BASE_URL: upstream.baseUrl,
      OPEN_METEO_AIR_QUALITY_URL: upstream.baseUrl,
      NWS_BASE_URL: upstream.baseUrl,
      NWS_USER_AGENT: 'live-api-test',
      PHOTON_BASE_URL: upstream.baseUrl,
    });
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  it('serves Open-Meteo numbers and NWS text, then from the cache', async () => {
    upstream.on('/v1/forecast', {
      body: readFixture(new URL('../../integrations/weather/fixtures/open-meteo-forecast.json', import.meta.url)),
    });
    upstream.on('/points/40.7128,-74.006', {
      body: readFixture(new URL('../../integrations/weather/fixtures/nws-points.json', import.meta.url)),
    });
    upstream.on('/points/40.71,-74.01', {
      body: readFixture(new URL('../../integrations/weather/fixtures/nws-points.json', import.meta.url)),
    });
    upstream.on('/gridpoints/OKX/33,35/forecast', {
      body: readFixture(new URL('../../integrations/weather/fixtures/nws-forecast.json', import.meta.url)),
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/weather?${qs({ ...NEW_YORK, formatted: 'NYC' })}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ source: 'open-meteo', address: 'NYC', current: { temperature: 78.4 } });
    expect(body.weather[0].date).toBe('2025-06-10');
    // Open-Meteo's seven dates, each with the NWS periods that start on it (none for the last three).
    expect(Object.keys(body.supplemental)).toEqual(body.weather.map((d: { date: string }) => d.date));
    expect(body.supplemental['2025-06-11']).toEqual([
      expect.objectContaining({
        name: 'Wednesday',
        isDaytime: true,
        detailedForecast: expect.stringMatching(/^Rain\./),
      }),
      expect.objectContaining({ name: 'Wednesday Night', isDaytime: false, startTime: '2025-06-11T18:00:00-04:00' }),
    ]);
    expect(body.supplemental['2025-06-10'].map((p: { name: string }) => p.name)).toEqual(['Tonight']);
    expect(body.supplemental['2025-06-16']).toEqual([]);
    const calls = upstream.requests.length;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/weather?${qs({ ...NEW_YORK, formatted: 'NYC' })}` })).statusCode,
    ).toBe(200);
    expect(upstream.requests.length).toBe(calls);
  });

  it('maps every Open-Meteo date to an empty list outside the US, without asking NWS', async () => {
    upstream.reset();
    upstream.on('/v1/forecast', {
      body: readFixture(new URL('../../integrations/weather/fixtures/open-meteo-forecast.json', import.meta.url)),
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/weather?${qs({ ...PARIS, lat: 48.86 })}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.supplemental).toEqual(Object.fromEntries(body.weather.map((d: { date: string }) => [d.date, []])));
    expect(Object.keys(body.supplemental)).toHaveLength(7);
    // Air quality is asked for everywhere; the NWS only in the US.
    expect(upstream.requests.map((r) => r.path).sort()).toEqual(['/v1/air-quality', '/v1/forecast']);
    expect(body).toMatchObject({ alerts: [], alerts_available: false, alerts_status: 'not-covered' });
  });

  it('adds hours, air quality and NWS alerts for a US place: one forecast, one air-quality and the NWS calls', async () => {
    upstream.reset();
    const fixture = (name: string) =>
      readFixture(new URL(`../../integrations/weather/fixtures/${name}`, import.meta.url));
    upstream.on('/v1/forecast', { body: fixture('open-meteo-forecast.json') });
    upstream.on('/v1/air-quality', { body: fixture('open-meteo-air-quality.json') });
    upstream.on('/alerts/active', { body: fixture('nws-alerts.json') });
    upstream.on('/points/40.75,-73.99', { body: fixture('nws-points.json') });
    upstream.on('/gridpoints/OKX/33,35/forecast', { body: fixture('nws-forecast.json') });
    const url = `/api/weather?${qs({ ...NEW_YORK, lat: 40.75, lon: -73.99, formatted: 'Midtown' })}`;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.hourly).toHaveLength(48);
    expect(body.hourly[0].time).toBe('2025-06-10T14:00:00-04:00');
    expect(body.air_quality).toMatchObject({ available: true, us_aqi: 62, band: 'Moderate', main_pollutant: 'ozone' });
    expect(body.alerts.map((a: { event: string }) => a.event)).toEqual([
      'Severe Thunderstorm Warning',
      'Heat Advisory',
    ]);
    expect(body).toMatchObject({ alerts_available: true, alerts_status: 'ok' });
    expect(body.current_details).toMatchObject({ pressure_trend: 'falling', uv_band: 'High' });
    expect(body.sources.forecast).toBe('Open-Meteo');
    expect(upstream.requests.map((r) => r.path).sort()).toEqual([
      '/alerts/active',
      '/gridpoints/OKX/33,35/forecast',
      '/points/40.75,-73.99',
      '/v1/air-quality',
      '/v1/forecast',
    ]);
    // Repeated: all from the cache.
    expect((await t.app.inject({ method: 'GET', url })).json()).toEqual(body);
    expect(upstream.requests).toHaveLength(5);
  });

  it('answers a readable 502 when Open-Meteo fails', async () => {
    upstream.on('/v1/forecast', { status: 500, body: {} });
    const res = await t.app.inject({ method: 'GET', url: '/api/weather?lat=10&lon=10&country_code=ng&formatted=x' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      success: false,
      code: 502,
      message: 'The weather service (Open-Meteo) failed (HTTP 500). Please try again later.',
    });
  });

  it('searches addresses through Photon when no Geoapify key is set', async () => {
    upstream.on('/api', {
      body: readFixture(new URL('../../integrations/geocoding/fixtures/photon-search.json', import.meta.url)),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/geocode/autocomplete?text=berlin&filter=countrycode:de',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual([
      'Berlin',
      'Brandenburger Tor',
      'Berliner Straße',
    ]);
  });
});
