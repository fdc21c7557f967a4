import type { FastifyRequest } from 'fastify';

/** A host header we are willing to echo into a link: a name or IPv4/IPv6 address, optional port. */
const SAFE_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The site's public address for absolute links (docs/api.md#other-behaviour): `PUBLIC_URL` when set,
 * else the request's scheme and host (Fastify reads X-Forwarded-Proto/-Host only with TRUST_PROXY).
 * A malformed Host header yields '' so the link stays relative rather than echoing garbage.
 */
export function publicBaseUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl !== undefined) return publicUrl;
  const host = request.host;
  return SAFE_HOST.test(host) ? `${request.protocol}://${host}` : '';
}
