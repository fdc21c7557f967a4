import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoMarketDataProvider } from '../integrations/market-data/demo/demo-provider.js';
import { type FakeUpstream, readFixture, startFakeUpstream } from '../integrations/testing/fake-upstream.js';
import { createTestApp, injectAs, signUp, TEST_ADMIN_PASSWORD, type TestApp } from '../test/test-app.js';

const TOKEN = 'metrics-test-token-0123456789';
/** Friday 2025-03-14, 11:00 in New York: the market is open for the demo trade. */
const NOW = Date.parse('2025-03-14T15:00:00Z');

/** The value of one sample line (`name{labels} value`) in the Prometheus text, 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  let t: TestApp;
  let upstream: FakeUpstream;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await createTestApp(
      'sqlite',
      {
        METRICS_TOKEN: TOKEN,
        DATA_MODE: 'live',
        OPEN_METEO_BASE_URL: upstream.baseUrl,
        OPEN_METEO_AIR_QUALITY_URL: upstream.baseUrl,
        PHOTON_BASE_URL: upstream.baseUrl,
      },
      undefined,
      { marketData: new DemoMarketDataProvider({ now: () => NOW }) },
    );
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await createTestApp('sqlite');
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const withToken = await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(withToken.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('refuses a missing or wrong bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN, `Token ${TOKEN}`]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().message).toMatch(/token/);
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('answers Prometheus text with process metrics', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
    expect(res.body).toContain('process_resident_memory_bytes');
    expect(res.body).toMatch(/sudoku_pool_puzzles\{difficulty="easy"\} 0/);
  });

  it('counts answers by route pattern and status, never by raw URL', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await injectAs(t.app, user, { method: 'GET', url: `/api/todo?n=${i}` })).statusCode).toBe(200);
    }
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing-123' });
    const text = await scrape();
    expect(sample(text, 'http_requests_total{method="GET",route="/api/todo",status="200"}')).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/todo",status="200"}')).toBe(3);
    expect(text).toContain('route="unmatched",status="404"');
    expect(text).not.toContain('no-such-thing');
    expect(text).not.toContain('n=1');
  });

  it('counts logins by outcome', async () => {
    const before = await scrape();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: TEST_ADMIN_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: 'nope' },
    });
    expect(bad.statusCode).toBe(401);
    const after = await scrape();
    for (const outcome of ['success', 'failure']) {
      const series = `logins_total{outcome="${outcome}"}`;
      expect(sample(after, series) - sample(before, series), outcome).toBe(1);
    }
  });

  it('counts upstream calls by provider and outcome, and cache lookups', async () => {
    upstream.on('/v1/forecast', {
      body: readFixture(new URL('../integrations/weather/fixtures/open-meteo-forecast.json', import.meta.url)),
    });
    const res = await t.app.inject({ url: '/api/weather?lat=48.85&lon=2.35&formatted=Paris' });
    expect(res.statusCode, res.body).toBe(200);
    upstream.on('/v1/forecast', { status: 500 });
    const failed = await t.app.inject({ url: '/api/weather?lat=10.5&lon=20.5&formatted=Elsewhere' });
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const again = await t.app.inject({ url: '/api/weather?lat=48.85&lon=2.35&formatted=Paris' });
    expect(again.statusCode).toBe(200);
    const text = await scrape();
    expect(sample(text, 'upstream_calls_total{provider="open-meteo",outcome="ok"}')).toBe(1);
    expect(sample(text, 'cache_lookups_total{cache="weather",result="miss"}')).toBe(2);
    expect(sample(text, 'cache_lookups_total{cache="weather",result="hit"}')).toBe(1);
    expect(sample(text, 'upstream_calls_total{provider="open-meteo",outcome="status"}')).toBe(1);
  });

  it('counts completed trades by side', async () => {
    const user = await signUp(t.app);
    const post = (url: string, payload: object) => injectAs(t.app, user, { method: 'POST', url, payload });
    const wallet = (await post('/api/finance/create_wallet', { wallet_name: 'Metrics' })).json().wallet.wallet_id;
    const bought = await post('/api/finance/add_stock_to_wallet', { wallet_id: wallet, symbol: 'AAPL', quantity: 2 });
    expect(bought.statusCode, bought.body).toBe(200);
    const refused = await post('/api/finance/sell_stock_from_wallet', {
      wallet_id: wallet,
      symbol: 'AAPL',
      quantity: 5,
    });
    expect(refused.statusCode).toBe(400);
    expect(
      (await post('/api/finance/sell_stock_from_wallet', { wallet_id: wallet, symbol: 'AAPL', quantity: 1 }))
        .statusCode,
    ).toBe(200);
    const text = await scrape();
    expect(sample(text, 'trades_total{side="buy"}')).toBe(1);
    expect(sample(text, 'trades_total{side="sell"}')).toBe(1);
  });

  it('keeps each app’s numbers apart', async () => {
    const other = await createTestApp('sqlite', { METRICS_TOKEN: TOKEN });
    try {
      const res = await other.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.body).not.toContain('route="/api/todo"');
      expect(sample(res.body, 'trades_total{side="buy"}')).toBe(0);
    } finally {
      await other.close();
    }
  });
});
