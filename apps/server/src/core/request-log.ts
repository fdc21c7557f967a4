import type { FastifyRequest } from 'fastify';

/**
 * Fastify's request serializer with the query string left out: it carries secrets (a reset link's
 * token) and users' data (a shared puzzle), and every request is logged at the default level.
 */
export function redactedRequest(request: FastifyRequest) {
  const query = request.url.indexOf('?');
  return {
    method: request.method,
    url: query === -1 ? request.url : `${request.url.slice(0, query)}?[redacted]`,
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** `buildApp`'s logger option with `redactedRequest` as its request serializer, whoever built it. */
export function withRedactedRequests(logger: boolean | object): boolean | object {
  if (logger === false) return false;
  const options = logger === true ? {} : (logger as { serializers?: object });
  return { ...options, serializers: { ...options.serializers, req: redactedRequest } };
}
