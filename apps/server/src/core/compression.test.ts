import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { COMPRESSION_THRESHOLD, negotiateEncoding } from './compression.js';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['GZIP;q=0.5, BR;q=0.8', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['*, br;q=0', 'gzip'],
    ['deflate', undefined],
    ['gzip;q=abc', undefined],
  ])('%j → %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('API answer compression', () => {
  let t: TestApp;
  const bigUrl = '/api/finance/get_full_stock?symbol=AAPL&range=1y&interval=1d';
  let plain: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const res = await t.app.inject({ method: 'GET', url: bigUrl });
    expect(res.statusCode).toBe(200);
    plain = res.body;
    expect(plain.length).toBeGreaterThan(10 * COMPRESSION_THRESHOLD);
  });
  afterAll(() => t.close());

  it('sends a large JSON answer as it is to a client that accepts no encoding, saying it varies', async () => {
    const res = await t.app.inject({ method: 'GET', url: bigUrl });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(plain));
  });

  it.each([
    ['br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ] as const)(
    'sends it %s-encoded, smaller, with the same JSON and every security header',
    async (encoding, inflate) => {
      const res = await t.app.inject({ method: 'GET', url: bigUrl, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(plain.length / 3);
      expect(JSON.parse(inflate(res.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain));
    },
  );

  it('leaves answers under the threshold alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('sends images as they are (already compressed)', async () => {
    const projects = (await t.app.inject({ method: 'GET', url: '/api/portfolio/' })).json() as { image: string }[];
    const res = await t.app.inject({ method: 'GET', url: projects[0]!.image, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('compresses the API docs: the OpenAPI JSON and swagger-ui’s script, streamed from its files', async () => {
    for (const url of ['/api/docs/json', '/api/docs/static/swagger-ui-bundle.js']) {
      const plainRes = await t.app.inject({ method: 'GET', url });
      expect(plainRes.statusCode, url).toBe(200);
      expect(plainRes.headers['content-encoding'], url).toBeUndefined();
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['accept-ranges'], url).toBeUndefined();
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.rawPayload.length, url).toBeLessThan(plainRes.rawPayload.length / 3);
      expect(zlib.brotliDecompressSync(res.rawPayload).equals(plainRes.rawPayload), url).toBe(true);
    }
  });

  it('sends a byte range of a file as it is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
      headers: { 'accept-encoding': 'br', range: 'bytes=0-99' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(100);
  });
});

describe('feed compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { PUBLIC_URL: 'http://localhost' });
  });
  afterAll(() => t.close());

  it('sends the RSS feed (application/rss+xml) brotli-encoded, as JSON and text are', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/rss.xml' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const res = await t.app.inject({ method: 'GET', url: '/rss.xml', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
  });
});
