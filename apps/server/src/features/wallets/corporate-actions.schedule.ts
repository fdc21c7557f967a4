import type { FastifyInstance } from 'fastify';
import type { ApplySummary, CorporateActionsApplier } from './corporate-actions.applier.js';

/**
 * CORPORATE_ACTIONS_INTERVAL_MINUTES (docs/api.md#corporate-actions): a run when the app is ready —
 * catching up on whatever fell due while the server was down — and then every interval. A run is
 * never overlapped by the next; the timer does not keep the process alive, and closing waits for
 * a run under way (its transactions are short, each action on its own).
 */
export function scheduleCorporateActions(
  app: FastifyInstance,
  applier: CorporateActionsApplier,
  intervalMs: number,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const logged = (summary: ApplySummary) => {
    if (summary.dividends || summary.splits || summary.deferred || summary.unavailable.length > 0) {
      app.log.info({ corporateActions: summary }, 'corporate actions applied');
    }
  };
  const run = () => {
    running ??= applier
      .run()
      .then(logged, (error: unknown) => app.log.error({ err: error }, 'applying corporate actions failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    // Not awaited: a slow market-data source must not hold the server's start.
    void run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
