import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { HttpError } from './core/http-errors.js';

/** What load balancers probe (README, "Running several instances"). */
const READINESS_ROUTE = '/api/health/ready';
/**
 * The longest a stop waits for the balancer's probes before closing anyway; a balancer probes more
 * often than this (deploy/Caddyfile: every second), so a probe older than it was someone else's.
 */
const DRAIN_LIMIT_MS = 15_000;

/**
 * A stop (SIGTERM, SIGINT) takes the instance out of its load balancer's rotation before closing:
 * from the signal on, readiness answers 503 and every other request is served as before. Once a
 * probe has been answered 503 and the next one arrives, the balancer has had a whole check interval
 * to stop choosing this instance and what it chose before has arrived; then the server closes (stops
 * listening, lets requests in progress finish, ends). Closing at once failed the requests a proxy
 * went on sending meanwhile (a 503 on a kept-alive connection, a refused or reset one), and a proxy
 * cannot send a POST again (Caddy 2.6 resends none whose connection was refused either).
 * Nothing waits when readiness was not probed lately (no balancer checks it), nor past
 * DRAIN_LIMIT_MS, nor on a second signal.
 */
function gracefulStop(app: FastifyInstance) {
  let stopping = false;
  let lastProbeAt = Number.NEGATIVE_INFINITY;
  let refusedProbes = 0;
  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.url !== READINESS_ROUTE) return done();
    lastProbeAt = Date.now();
    if (!stopping) return done();
    refusedProbes += 1;
    if (refusedProbes >= 2) setImmediate(close);
    done(new HttpError(503, 'Not ready: this instance is stopping'));
  });
  return (signal: NodeJS.Signals) => {
    if (stopping || Date.now() - lastProbeAt > DRAIN_LIMIT_MS) {
      app.log.info(`${signal} received, closing`);
      close();
      return;
    }
    stopping = true;
    app.log.info(`${signal} received, leaving the load balancer, then closing`);
    setTimeout(close, DRAIN_LIMIT_MS).unref();
  };
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({
    config,
    logger:
      process.stdout.isTTY && config.nodeEnv !== 'production'
        ? { level: config.logLevel, transport: { target: 'pino-pretty' } }
        : { level: config.logLevel },
  });

  const stop = gracefulStop(app);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
