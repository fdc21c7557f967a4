import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  addVary,
  COMPRESSION_THRESHOLD,
  type ContentEncoding,
  compressBody,
  negotiateEncoding,
} from './compression.js';

/** A JSON answer kept to be sent many times: serialized once, compressed at most once per encoding. */
export interface StoredAnswer {
  readonly json: Buffer;
  /** The body for `encoding`; undefined = send the JSON as it is (below the compression threshold). */
  encoded(encoding: ContentEncoding): Promise<Buffer> | undefined;
}

/** `json` as a stored answer; each encoding is made on first demand with core/compression.ts's settings. */
export function storedAnswer(json: Buffer): StoredAnswer {
  const bodies = new Map<ContentEncoding, Promise<Buffer>>();
  return {
    json,
    encoded(encoding) {
      if (json.length < COMPRESSION_THRESHOLD) return undefined;
      let body = bodies.get(encoding);
      if (!body) {
        body = compressBody(json, encoding);
        // A failed compression is not kept: the next request tries again.
        body.catch(() => bodies.delete(encoding));
        bodies.set(encoding, body);
      }
      return body;
    },
  };
}

/**
 * Sends a stored answer as the compression hook would have sent it built afresh: in the encoding
 * the client takes, with `Vary: Accept-Encoding` above the threshold. With Content-Encoding set,
 * the hook leaves it be.
 */
export async function sendStoredAnswer(request: FastifyRequest, reply: FastifyReply, answer: StoredAnswer) {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  const encoded = encoding && answer.encoded(encoding);
  reply.type('application/json; charset=utf-8');
  if (answer.json.length >= COMPRESSION_THRESHOLD) addVary(reply, 'Accept-Encoding');
  if (!encoded) return reply.send(answer.json);
  const body = await encoded;
  reply.header('content-encoding', encoding);
  return reply.send(body);
}
