import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';

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

  // A stop leaves the load balancer first (core/drain.ts): closing at once failed the requests a
  // proxy went on sending meanwhile, and a proxy cannot send a POST again.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      const { waits, done } = app.deps.drain.leave();
      app.log.info(`${signal} received, ${waits ? 'leaving the load balancer, then closing' : 'closing'}`);
      await done;
      if (closing) return;
      closing = true;
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
