import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { allowedHosts, hostName } from './allowed-hosts.js';

/** The request's scheme and host, or '' when its Host header is not a host name (never echo garbage). */
function requestOrigin(request: FastifyRequest): string {
  return hostName(request.host) === undefined ? '' : `${request.protocol}://${request.host}`;
}

/**
 * The base of the absolute links in pages and public answers (docs/api.md#other-behaviour), for
 * one configuration: `PUBLIC_URL` when set; else the request's scheme and host (Fastify reads
 * X-Forwarded-Proto/-Host only with TRUST_PROXY) when ALLOWED_HOSTS names that host; else '', and
 * links stay relative. A host its sender chose never reaches a page a shared cache may keep for
 * everyone.
 */
export function linkBase(config: Pick<Config, 'publicUrl' | 'allowedHosts'>): (request: FastifyRequest) => string {
  const { publicUrl } = config;
  if (publicUrl !== undefined) return () => publicUrl;
  const { listed } = allowedHosts(config);
  if (!listed) return () => '';
  return (request) => {
    const name = hostName(request.host);
    return name !== undefined && listed(name) ? requestOrigin(request) : '';
  };
}

/**
 * The base of a link handed to the signed-in caller alone (an admin's reset link), in an answer
 * no cache keeps (no-store, core/security.ts): `PUBLIC_URL`, else the caller's own scheme and host,
 * as the admin copies it from the page.
 */
export function publicBaseUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? requestOrigin(request);
}
