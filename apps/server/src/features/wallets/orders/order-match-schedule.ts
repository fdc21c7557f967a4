import type { FastifyInstance } from 'fastify';
import type { OrderMatcher } from './order-matcher.js';

/**
 * ORDER_MATCH_INTERVAL_SECONDS (docs/api.md#orders): the matcher runs once when the app is ready
 * — the catch-up after a restart — and then on a timer; each run checks only the exchanges in
 * their regular session. A slow run is not overlapped by the next, the timer does not keep the
 * process alive, and closing waits for a run under way so its transactions finish before the
 * database closes. Any number of instances may run it (the claims make each fill happen once).
 */
export function scheduleOrderMatching(app: FastifyInstance, matcher: OrderMatcher, intervalMs: number): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = matcher
      .matchOnce()
      .then(
        (report) => {
          if (report.filled + report.rejected + report.expired + report.failed > 0) {
            app.log.info({ orders: report }, 'orders matched');
          }
        },
        (error: unknown) => app.log.error({ err: error }, 'order matching failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
