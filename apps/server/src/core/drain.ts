/**
 * Leaving the load balancer before closing (docs/decisions.md#stopping-behind-a-proxy-out-of-the-rotation-first-caddy-by-least-connections):
 * from a stop on, the readiness check answers 503 while every other request is served; once a
 * second probe has been refused, the balancer has had a whole check interval to stop choosing this
 * instance and what it chose before has arrived, so the server may close. Nothing waits when
 * readiness was not probed within the limit (no balancer checks it), nor past the limit.
 */
/**
 * The longest a stop waits for the balancer's probes; a balancer probes more often than this
 * (deploy/Caddyfile: every second), so a probe older than it was someone else's.
 */
export const DRAIN_LIMIT_MS = 15_000;

export class Drain {
  private lastProbeAt = Number.NEGATIVE_INFINITY;
  private stopping = false;
  private refused = 0;
  private due: (() => void) | undefined;

  constructor(
    private readonly limitMs = DRAIN_LIMIT_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Asked by each readiness probe: false once the instance is leaving. */
  ready(): boolean {
    this.lastProbeAt = this.now();
    if (!this.stopping) return true;
    if (++this.refused >= 2) this.due?.();
    return false;
  }

  /**
   * Starts leaving. Resolves when the server may close: at once when nothing probed readiness
   * lately or when already leaving (a second signal), else on the second refused probe or after
   * the limit.
   */
  leave(): { waits: boolean; done: Promise<void> } {
    if (this.stopping || this.now() - this.lastProbeAt > this.limitMs) {
      return { waits: false, done: Promise.resolve() };
    }
    this.stopping = true;
    const done = new Promise<void>((resolve) => {
      this.due = resolve;
      setTimeout(resolve, this.limitMs).unref();
    });
    return { waits: true, done };
  }
}
