import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { UpstreamCallObserver } from '../integrations/http/upstream-client.js';
import { errorBody } from './error-handler.js';
import type { CacheLookupResult } from './ttl-cache.js';

/**
 * Prometheus metrics for one app instance (README '### Metrics'). Each app owns its own
 * `Registry` (never prom-client's global one), so several apps in one process (tests) never
 * share counts. Features reach it through `app.deps.metrics`, which is undefined when
 * METRICS_TOKEN is unset: then nothing is measured and GET /metrics does not exist.
 */
export interface AppMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  upstreamCalls: Counter<'provider' | 'outcome'>;
  trades: Counter<'side'>;
  logins: Counter<'outcome'>;
  cacheLookups: Counter<'cache' | 'result'>;
  /** Handed to the features' caches (core/ttl-cache.ts `onLookup`). */
  cacheLookup: (cache: string, result: CacheLookupResult) => void;
  /** Handed to the outside-service adapters (integrations/http/upstream-client.ts). */
  upstreamCall: UpstreamCallObserver;
  /** Reads a gauge's value at scrape time (the Sudoku pool's depth per difficulty). */
  gaugeOnScrape(name: string, help: string, label: string, read: () => Record<string, number>): void;
}

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  // Event-loop lag, memory, CPU, handles: prom-client's process metrics, read at scrape time.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const upstreamCalls = new Counter({
    name: 'upstream_calls_total',
    help: 'Calls to outside services by provider and outcome (ok, timeout, network, status, malformed)',
    labelNames: ['provider', 'outcome'] as const,
    registers,
  });
  const cacheLookups = new Counter({
    name: 'cache_lookups_total',
    help: 'Cache lookups by cache and result (hit, shared, miss)',
    labelNames: ['cache', 'result'] as const,
    registers,
  });
  return {
    registry,
    cacheLookups,
    cacheLookup: (cache, result) => cacheLookups.inc({ cache, result }),
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP answers by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    upstreamCalls,
    upstreamCall: (provider, outcome) => upstreamCalls.inc({ provider, outcome }),
    trades: new Counter({
      name: 'trades_total',
      help: 'Completed paper trades by side',
      labelNames: ['side'],
      registers,
    }),
    logins: new Counter({
      name: 'logins_total',
      help: 'Login attempts by outcome (success, failure, limited)',
      labelNames: ['outcome'],
      registers,
    }),
    gaugeOnScrape(name, help, label, read) {
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers,
        collect() {
          for (const [key, value] of Object.entries(read())) this.set({ [label]: key }, value);
        },
      });
    },
  };
}

/** Router 404s have no route: one fixed label keeps scanners from inventing label values. */
const UNMATCHED_ROUTE = 'unmatched';
const LOGIN_ROUTE = '/api/login';

function loginOutcome(status: number): 'success' | 'failure' | 'limited' {
  if (status === 429) return 'limited';
  return status < 300 ? 'success' : 'failure';
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // timingSafeEqual needs equal lengths; comparing b with itself keeps the time the same.
  return a.length === b.length ? timingSafeEqual(a, b) : !timingSafeEqual(b, b);
}

/**
 * Counts every answer by route pattern (never the raw URL) and serves GET /metrics behind the
 * bearer token. Registered only when METRICS_TOKEN is set, so without it the path is a plain 404.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, token: string) {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (route === LOGIN_ROUTE && request.method === 'POST')
      metrics.logins.inc({ outcome: loginOutcome(reply.statusCode) });
  });

  app.get('/metrics', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameToken(given, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send(errorBody(401, 'The metrics need a valid bearer token.'));
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
