import { randomUUID } from 'node:crypto';
import { type ServerOptions, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler.js';
import { REQUEST_ID_HEADER } from './request-id.js';

/** Node's parser and time-out errors, each with the status Node itself would answer and our message. */
function describe(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request took too long to arrive' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'The request headers or the address are too large' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, message: 'The chunk extensions of the body are too large' };
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return { status: 400, message: 'Content-Length is not valid' };
    default:
      return { status: 400, message: 'The request is not valid HTTP' };
  }
}

/**
 * Fastify's `requestTimeout` and the Node server options that go with it: the headers have as long
 * as the whole request at most, and the open requests are checked often enough (Node's default is
 * every 30 s) that a time-out fires close to when it is due.
 */
export function requestTimeoutOptions(timeoutMs: number): { requestTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: timeoutMs,
    http: {
      requestTimeout: timeoutMs,
      headersTimeout: Math.min(60_000, timeoutMs),
      connectionsCheckingInterval: Math.min(1000, Math.ceil(timeoutMs / 4)),
    },
  };
}

/**
 * Fastify's `clientErrorHandler`: what Node refuses before a request reaches Fastify (a malformed
 * Content-Length, headers or an address over 16 kB, a request that did not arrive in time) is
 * answered in our JSON error format (docs/api.md#errors) with the security headers and a fresh
 * X-Request-Id (the request's own headers were never read, so an incoming id cannot be kept; the
 * id is on the log line), then the connection is closed, as Node does. Nothing is written once an
 * answer has started on the socket.
 */
export function clientErrorHandler(headers: Readonly<Record<string, string>>) {
  return function onClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = describe(error.code);
    const reqId = randomUUID();
    this.log.debug({ err: error, reqId, statusCode: status }, 'client error');
    // The answer Node is writing for an earlier request on this connection, if any (internal field).
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const body = JSON.stringify(errorBody(status, message));
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        `${REQUEST_ID_HEADER}: ${reqId}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
