import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, conflict, HttpError } from '../http-errors.js';
import type { Jobs } from '../jobs.js';
import { isoNow } from '../time.js';
import type { ReplaysRepository } from './replays.repository.js';

/*
 * docs/api.md#idempotent-changes: a signed-in client may send `Idempotency-Key` with a change; the
 * same key again (a queue resent after a reload, a retry after a lost answer) gets the first
 * answer back, marked `Idempotent-Replayed: true`, instead of a second change.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long an answer is kept: a client resends a change within minutes, or gives it up. */
export const REPLAY_KEEP_MS = 24 * 60 * 60 * 1000;
/** A claim this old with no answer was left by a request that never finished (a crash): taken over. */
export const ABANDONED_CLAIM_MS = 60 * 1000;

interface Claimed {
  userId: number;
  key: string;
}

/** The method, address and body: one key names one request. */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

export interface IdempotencyOptions {
  replays: ReplaysRepository;
  jobs: Jobs;
  now?: () => number;
}

/**
 * Registered before compression, so the answer kept is the JSON text as serialized. Requests
 * without the header leave at the first check of each hook.
 */
export function registerIdempotency(app: FastifyInstance, { replays, jobs, now = Date.now }: IdempotencyOptions) {
  const claimed = new WeakMap<FastifyRequest, Claimed>();

  /** The answer to a request whose key was seen before, or undefined: the request goes on (claimed). */
  async function replayOf(request: FastifyRequest, reply: FastifyReply, key: unknown, userId: number) {
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw badRequest('Idempotency-Key must be 8 to 64 letters, digits, hyphens or underscores.');
    }
    const at = now();
    const claim = await replays.claim({
      userId,
      key,
      fingerprint: fingerprintOf(request),
      now: isoNow(at),
      abandonedBefore: isoNow(at - ABANDONED_CLAIM_MS),
    });
    switch (claim.kind) {
      case 'claimed':
        claimed.set(request, { userId, key });
        return undefined;
      case 'replay':
        reply.code(claim.status).header('idempotent-replayed', 'true');
        if (claim.body) reply.type('application/json; charset=utf-8');
        return claim.body;
      case 'in-progress':
        throw conflict('A request with this Idempotency-Key is still under way. Try again in a moment.');
      case 'mismatch':
        throw new HttpError(422, 'This Idempotency-Key was used for another request. Send a new key.');
    }
  }

  // Callback style: a request without the header (nearly all) leaves at the first check, without a promise.
  app.addHook('preHandler', (request, reply, done) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined || !request.user || !UNSAFE_METHODS.has(request.method)) return done();
    replayOf(request, reply, key, request.user.id).then(
      (body) => (body === undefined ? done() : reply.send(body || undefined)),
      (error: Error) => done(error),
    );
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const entry = claimed.get(request);
    if (!entry) return done(null, payload);
    claimed.delete(request);
    const keep = reply.statusCode < 500 && (payload === null || payload === undefined || typeof payload === 'string');
    const write = keep
      ? replays.answer(entry.userId, entry.key, reply.statusCode, (payload as string | null | undefined) ?? '')
      : replays.release(entry.userId, entry.key);
    // A failed write is logged, never the answer's failure: the change itself went through.
    write.then(
      () => done(null, payload),
      (error: unknown) => {
        request.log.error({ err: error }, 'Could not keep the answer of an idempotent request');
        done(null, payload);
      },
    );
  });

  jobs.every({
    name: 'request-replays-expiry',
    everyMs: 60 * 60 * 1000,
    run: () => replays.deleteOlderThan(isoNow(now() - REPLAY_KEEP_MS)),
    report: (deleted) => (deleted > 0 ? { deleted } : undefined),
  });
}
