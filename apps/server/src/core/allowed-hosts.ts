import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { badRequest } from './http-errors.js';

const NAME = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*';
const IPV6 = '\\[[0-9a-f:.]+\\]';

/** One ALLOWED_HOSTS entry: a host name or address, or `.name` for the name and all its subdomains. */
export const ALLOWED_HOST_PATTERN = new RegExp(`^(?:\\.?${NAME}|${IPV6})$`);

/** A Host header: a name or address with an optional port. */
const HOST_HEADER = new RegExp(`^(${NAME}|${IPV6})(?::\\d{1,5})?$`, 'i');

/**
 * The machine's own names: a check run on the machine itself (`curl localhost:8000`) is answered,
 * but never lends its host to a link (linkHost), so it cannot put a foreign address in a page.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Routes a load balancer or a scraper asks of each instance by the instance's own address; their
 * answers hold no link.
 */
const ANY_HOST_ROUTES = new Set(['/api/health', '/api/health/ready', '/metrics']);

/** The host name of a Host header, lower case and without its port; undefined when it is not one. */
export function hostName(host: string | undefined): string | undefined {
  return host === undefined ? undefined : HOST_HEADER.exec(host)?.[1]?.toLowerCase();
}

/**
 * The hosts the site answers to (Django's ALLOWED_HOSTS model): PUBLIC_URL's and ALLOWED_HOSTS.
 * `listed` is undefined when neither is set: then any host is answered, and none is used in a link.
 */
export function allowedHosts(config: Pick<Config, 'publicUrl' | 'allowedHosts'>) {
  const entries = [...config.allowedHosts];
  if (config.publicUrl !== undefined) entries.push(new URL(config.publicUrl).hostname);
  if (entries.length === 0) return { listed: undefined };
  const names = new Set(entries.filter((e) => !e.startsWith('.')));
  const suffixes = entries.filter((e) => e.startsWith('.'));
  /** Whether a host name (from hostName) is one the configuration names. */
  const listed = (name: string) =>
    names.has(name) || suffixes.some((suffix) => name.endsWith(suffix) || name === suffix.slice(1));
  return { listed };
}

/**
 * With PUBLIC_URL or ALLOWED_HOSTS set, a request naming another host (in Host, or in
 * X-Forwarded-Host behind a trusted proxy) is refused with 400 before anything else looks at it,
 * so no page, answer or cache entry is made for a host the site is not.
 */
export function registerAllowedHosts(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'allowedHosts'>) {
  const { listed } = allowedHosts(config);
  if (!listed) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const name = hostName(request.host);
    if (name !== undefined && (listed(name) || LOOPBACK.has(name))) return done();
    if (ANY_HOST_ROUTES.has(request.routeOptions.url ?? '')) return done();
    done(badRequest('This site does not answer to that host name.'));
  });
}
