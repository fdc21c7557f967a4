import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for every outside service the server calls in DATA_MODE=live (Yahoo Finance,
 * Open-Meteo, NWS, Photon, Geoapify), on 127.0.0.1 and a free port, for outage tests:
 *
 * - `ok`: Yahoo's batched quote endpoint answers real-looking quotes (enough to fill a watchlist
 *   and buy shares); every other path answers 404 JSON.
 * - `slow`: accepts the connection and answers nothing for `slowMs` (longer than any time-out).
 * - `garbage`: answers what a broken service sends — 200 with an HTML page, 200 with truncated
 *   JSON, 200 with JSON of the wrong shape, or a 500. `garbage` picks one kind per path
 *   (`mixed`, so one page sees several kinds) or forces one kind everywhere.
 *
 * "Down" is `close()`: the port then refuses connections.
 */

export type UpstreamMode = 'ok' | 'slow' | 'garbage';
export type GarbageKind = 'html' | 'invalid-json' | 'wrong-shape' | 'status-500';
export const GARBAGE_KINDS: readonly GarbageKind[] = ['html', 'invalid-json', 'wrong-shape', 'status-500'];

export interface FakeUpstream {
  baseUrl: string;
  mode: UpstreamMode;
  /** `mixed`: a fixed kind per service path (see MIXED); otherwise this kind for every path. */
  garbage: GarbageKind | 'mixed';
  /** How long `slow` holds a request before answering (the server should have given up by then). */
  slowMs: number;
  /** Paths of the requests received, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Prices of the few symbols the tests trade. */
const PRICES: Record<string, { name: string; price: number }> = {
  AAPL: { name: 'Apple Inc.', price: 190.5 },
  MSFT: { name: 'Microsoft Corporation', price: 410.25 },
};

function okQuotes(symbols: string[]) {
  const now = Math.floor(Date.now() / 1000);
  return {
    quoteResponse: {
      error: null,
      result: symbols
        .filter((symbol) => PRICES[symbol])
        .map((symbol) => {
          const { name, price } = PRICES[symbol] as { name: string; price: number };
          return {
            symbol,
            shortName: name,
            exchange: 'NMS',
            currency: 'USD',
            regularMarketPrice: price,
            regularMarketOpen: price - 1,
            regularMarketDayHigh: price + 2,
            regularMarketDayLow: price - 3,
            regularMarketPreviousClose: price - 0.5,
            regularMarketVolume: 1_000_000,
            regularMarketChange: 0.5,
            regularMarketChangePercent: 0.26,
            regularMarketTime: now,
            marketState: 'REGULAR',
          };
        }),
    },
  };
}

/** The broken answer each service path gets in `mixed` garbage mode. */
const MIXED: Array<[RegExp, GarbageKind]> = [
  [/^\/v7\/finance\/quote/, 'html'],
  [/^\/v10\/finance\/quoteSummary\//, 'wrong-shape'],
  [/^\/v8\/finance\/chart\//, 'status-500'],
  [/^\/v1\/finance\/search/, 'invalid-json'],
  [/^\/v1\/forecast/, 'wrong-shape'],
  [/^\/points\//, 'status-500'],
  [/^\/v1\/air-quality/, 'invalid-json'],
  [/^\/alerts\//, 'wrong-shape'],
  [/^\/api\b/, 'html'],
  [/^\/v1\/geocode\//, 'invalid-json'],
];

function sendGarbage(res: http.ServerResponse, kind: GarbageKind) {
  switch (kind) {
    case 'html':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<!doctype html><html><head><title>Oops</title></head><body><h1>We will be right back</h1></body></html>',
      );
      return;
    case 'invalid-json':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"quotes": [{"symbol": "AAPL", "shortname": "Apple');
      return;
    case 'wrong-shape':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ unexpected: true, data: [1, 2, 3], current: 'soon', daily: null, features: 'none' }));
      return;
    case 'status-500':
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Internal Server Error' }));
      return;
  }
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const timers = new Set<NodeJS.Timeout>();
  const requests: string[] = [];

  const state: Omit<FakeUpstream, 'baseUrl' | 'close'> = {
    mode: 'ok',
    garbage: 'mixed',
    slowMs: 15_000,
    requests,
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname);
    if (state.mode === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) sendGarbage(res, 'status-500');
      }, state.slowMs);
      timers.add(timer);
      return;
    }
    if (state.mode === 'garbage') {
      const kind =
        state.garbage === 'mixed'
          ? (MIXED.find(([pattern]) => pattern.test(url.pathname))?.[1] ?? 'status-500')
          : state.garbage;
      sendGarbage(res, kind);
      return;
    }
    if (url.pathname === '/v7/finance/quote') {
      const symbols = (url.searchParams.get('symbols') ?? '').split(',').filter(Boolean);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(okQuotes(symbols)));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: `no fake answer for ${url.pathname}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(state, {
    baseUrl,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** Every live-data setting of the server pointed at `baseUrl`, with short time-outs and no retries. */
export function liveEnv(baseUrl: string, timeoutMs: number): Record<string, string> {
  const ms = String(timeoutMs);
  return {
    DATA_MODE: 'live',
    YAHOO_BASE_URL: baseUrl,
    YAHOO_COOKIE_URL: baseUrl,
    YAHOO_CRUMB: 'off',
    YAHOO_TIMEOUT_MS: ms,
    YAHOO_MAX_RETRIES: '0',
    // Every request reaches the (broken) upstream: nothing good is kept from the set-up phase.
    YAHOO_QUOTE_CACHE_SECONDS: '0',
    YAHOO_PROFILE_CACHE_SECONDS: '0',
    OPEN_METEO_BASE_URL: baseUrl,
    OPEN_METEO_TIMEOUT_MS: ms,
    OPEN_METEO_AIR_QUALITY_URL: baseUrl,
    NWS_BASE_URL: baseUrl,
    NWS_TIMEOUT_MS: ms,
    PHOTON_BASE_URL: baseUrl,
    // No key: the keyless Photon client is the one used.
    GEOAPIFY_API_KEY: '',
    GEOAPIFY_BASE_URL: baseUrl,
    GEOCODING_TIMEOUT_MS: ms,
  };
}
