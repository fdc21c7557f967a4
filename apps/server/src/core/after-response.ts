import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Work a route leaves for after its answer has gone out (docs/architecture.md#work-after-the-answer),
 * so the answer's timing does not depend on it. Each piece is tracked from the moment it is asked
 * for: closing the app waits for all of it (before the mailer and database close), and a test can
 * wait for it instead of for time to pass.
 */
export class AfterResponse {
  private readonly running = new Set<Promise<void>>();

  /** Runs `work` once `reply` has been sent (or its client has gone); a failure is logged. */
  run(reply: FastifyReply, work: () => Promise<void>, what: string): void {
    const sent = new Promise<void>((resolve) => reply.raw.once('close', () => setImmediate(resolve)));
    const running: Promise<void> = sent
      .then(work)
      .catch((error: unknown) => reply.log.error({ err: error }, `${what} failed after the answer`))
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }

  /**
   * Keeps `work` already under way (started beside the answer, not after it) among what `settled`
   * waits for; a failure is logged as `what` at warn and never reaches the request.
   */
  track(work: Promise<unknown>, log: FastifyBaseLogger, what: string): void {
    const running: Promise<void> = work
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, what),
      )
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }

  /** Resolves once every piece asked for so far (and any that those start) has finished. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
