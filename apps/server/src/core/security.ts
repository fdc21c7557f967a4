import cors from '@fastify/cors';
import { CSRF_HEADER } from '@site/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { registerAllowedHosts } from './allowed-hosts.js';

/**
 * The CSP is what the built app needs and no more: Mantine sets inline styles; images may come
 * from third-party hosts (weather icons, news thumbnails); everything else is same-origin.
 */
const CSP_DIRECTIVES: [string, string[]][] = [
  ['default-src', ["'self'"]],
  ['base-uri', ["'self'"]],
  ['script-src', ["'self'"]],
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
  ['font-src', ["'self'", 'data:']],
  ['connect-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['frame-ancestors', ["'none'"]],
  ['form-action', ["'self'"]],
  ['worker-src', ["'self'", 'blob:']],
];

/**
 * The CSP header's value. `scriptHashes` ('sha256-…') allow the inline scripts of one page: a
 * pre-rendered page carries its colour-scheme script inline (core/web-app.ts).
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return CSP_DIRECTIVES.map(
    ([name, values]) =>
      `${name} ${(name === 'script-src' ? [...values, ...scriptHashes.map((h) => `'${h}'`)] : values).join(' ')}`,
  ).join(';');
}

/**
 * The security headers of every response, computed once at start. They are the set (names,
 * values) @fastify/helmet 13 produced with the options this site used, which rebuilt its middleware
 * on every request (~50 µs); `security-headers.test.ts` pins the whole set.
 */
export function securityHeaders(config: Pick<Config, 'corsOrigins' | 'trustProxy'>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(),
    'cross-origin-opener-policy': 'same-origin',
    // Same-origin API; cross-origin clients are allowed explicitly through CORS below.
    'cross-origin-resource-policy': config.corsOrigins.length > 0 ? 'cross-origin' : 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  // Only behind a trusted TLS-terminating proxy: HSTS on what may be plain HTTP would lock a local site out.
  if (config.trustProxy !== false) headers['strict-transport-security'] = 'max-age=15552000; includeSubDomains';
  return Object.freeze(headers);
}

/**
 * Security headers on every response (set first thing, so error answers, the 404 handler and
 * static files carry them, and a route may still override one), the allowed hosts, then CORS
 * when configured.
 * An API answer to a signed-in request, or one that sets cookies (login, logout), is `no-store`
 * unless its route chose a policy: a browser cache must not keep one user's answers for the next
 * user of the same browser, where `fetch(…, { cache: 'only-if-cached' })` would still read them.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Before any other work on the request (the session lookup, a page's drawing).
  registerAllowedHosts(app, config);
  app.addHook('onSend', (request, reply, payload, done) => {
    if ((request.auth || reply.hasHeader('set-cookie')) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });

  if (config.corsOrigins.length > 0) {
    const allowed = new Set(config.corsOrigins);
    await app.register(cors, {
      // Only the listed origins get CORS headers; every other origin gets none.
      origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization', CSRF_HEADER, 'Idempotency-Key'],
      // A front end on another origin may read when to retry a rate-limited call.
      exposedHeaders: [
        'Retry-After',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'Idempotent-Replayed',
      ],
      maxAge: 600,
    });
  }
}
