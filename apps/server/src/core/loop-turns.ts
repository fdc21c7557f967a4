import type { FastifyInstance, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * Requests take turns on the event loop, so a busy server keeps reading its sockets.
 *
 * Node reads every socket that has data in one pass of its event loop and, SQLite's queries being
 * synchronous, runs each request through to its answer right there: 200 busy connections made passes
 * of 150–400 ms (bench:mixed), and whatever arrived meanwhile, a health probe included, was not even
 * read until the pass ended. Here a request starts at once while the current pass has run requests
 * for less than the budget; after that, and while any request waits, requests wait in arrival order
 * and start at the end of a later pass, each in an immediate of its own (its synchronous work and
 * promise callbacks finish before the next one looks at the clock), as many as fit in that pass's
 * budget and at least one. A pass stays near the budget plus one request whatever the number of
 * connections: the same work in the same order, cut into short turns.
 *
 * Probes never wait: they are O(1), and whoever asks whether the site is up should not queue behind
 * everyone's to-do lists.
 */
export const TURN_BUDGET_MS = 10;

/** Routes that are answered at once, busy or not. */
export const PROBE_ROUTES: ReadonlySet<string> = new Set(['/api/health', '/api/health/ready']);

/** Immediates queued per pass to start waiting requests (a bound; the budget usually ends a pass first). */
const STARTS_PER_PASS = 64;

const isProbe = (request: FastifyRequest) => PROBE_ROUTES.has(request.routeOptions.url ?? '');

export function registerLoopTurns(app: FastifyInstance, budgetMs = TURN_BUDGET_MS): void {
  const waiting: HookHandlerDoneFunction[] = [];
  /** performance.now() when this pass started its first request; -1 before it has. */
  let passStartedAt = -1;
  /** Whether a waiting request has started in this pass: one always does, so none can starve. */
  let startedOne = false;
  let endOfPassQueued = false;

  const overBudget = () => {
    const now = performance.now();
    if (passStartedAt < 0) passStartedAt = now;
    return now - passStartedAt >= budgetMs;
  };
  const startOne = () => {
    if (waiting.length === 0 || (startedOne && overBudget())) return;
    overBudget(); // starts the pass's clock if this is its first request
    startedOne = true;
    waiting.shift()?.();
  };
  // An immediate queued after this pass's starts: the next pass gets a fresh budget and its starts.
  const endOfPass = () => {
    endOfPassQueued = false;
    passStartedAt = -1;
    startedOne = false;
    if (waiting.length === 0) return;
    for (let i = Math.min(waiting.length, STARTS_PER_PASS); i > 0; i--) setImmediate(startOne);
    queueEndOfPass();
  };
  const queueEndOfPass = () => {
    if (endOfPassQueued) return;
    endOfPassQueued = true;
    setImmediate(endOfPass);
  };

  app.addHook('onRequest', (request, _reply, done) => {
    if (isProbe(request)) return done();
    queueEndOfPass();
    // Nobody overtakes a waiting request.
    if (waiting.length === 0 && !overBudget()) return done();
    waiting.push(done);
  });
}
