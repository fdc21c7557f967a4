import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { AccountData } from './core/account-data.js';
import { AfterResponse } from './core/after-response.js';
import { type Broadcast, localBroadcast, redisBroadcast } from './core/broadcast.js';
import { clientErrorHandler, requestTimeoutOptions } from './core/client-errors.js';
import { registerCompression } from './core/compression.js';
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from './core/counter-store.js';
import type { AppDeps } from './core/deps.js';
import { Drain } from './core/drain.js';
import { frameworkErrorHandler, registerErrorHandling } from './core/error-handler.js';
import { registerIdempotency } from './core/idempotency/idempotency.js';
import { replaysRepository } from './core/idempotency/replays.repository.js';
import { Jobs } from './core/jobs.js';
import { registerLoopTurns } from './core/loop-turns.js';
import { registerOpenApi } from './core/openapi.js';
import { PageFacts } from './core/page-facts.js';
import { openRedis, type RedisConnection } from './core/redis.js';
import { REQUEST_ID_HEADER, registerRequestIdHeader, requestId } from './core/request-id.js';
import { withRedactedRequests } from './core/request-log.js';
import { recordRoutes } from './core/route-table.js';
import { registerSecurity, securityHeaders } from './core/security.js';
import { serializerCompiler } from './core/serializer.js';
import { RedisCacheStore, type SharedCacheStore } from './core/shared-cache-store.js';
import { StatusSources } from './core/status-sources.js';
import { fastifyTrustProxy } from './core/trust-proxy.js';
import { validatorCompiler } from './core/validation.js';
import { defaultWebDist, registerWebApp } from './core/web-app.js';
import { type DatabaseHandle, openConfiguredDatabase, sqliteFileIn } from './db/database.js';
import { authCore, authFeature } from './features/auth/index.js';
import { contactFeature } from './features/contact/index.js';
import { financeFeature } from './features/finance/index.js';
import { geocodingFeature } from './features/geocoding/index.js';
import { healthFeature } from './features/health/index.js';
import { portfolioFeature, portfolioFeedFeature } from './features/portfolio/index.js';
import { preferencesFeature } from './features/preferences/index.js';
import { profileFeature, resumeFileFeature } from './features/profile/index.js';
import { siteAdminFeature } from './features/site-admin/index.js';
import { siteMetaFeature, sitePageRenderer } from './features/site-meta/index.js';
import { sudokuFeature } from './features/sudoku/index.js';
import { todoFeature } from './features/todo/index.js';
import { walletsFeature } from './features/wallets/index.js';
import { weatherFeature } from './features/weather/index.js';
import { observeAll, UpstreamStats } from './integrations/http/upstream-stats.js';
import { createIntegrations, type Integrations, liveProviderNames } from './integrations/index.js';
import { backupJob } from './ops/backup-schedule.js';

export interface BuildAppOptions {
  config: Config;
  /** An already-open database (tests share one per suite); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** Pino options or false; defaults to JSON logs at the configured level. */
  logger?: boolean | object;
  /** Outside systems to use instead of the ones `DATA_MODE` selects (tests: a pinned clock, a fake upstream). */
  overrides?: Partial<Integrations>;
}

/** Default body limit: generous for JSON, small enough to refuse abuse (uploads set their own). */
const BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const startedAt = new Date();
  const headers = securityHeaders(config);
  const app = Fastify({
    logger: withRedactedRequests(options.logger ?? { level: config.logLevel }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: BODY_LIMIT,
    // A client that drips its headers or body gets a 408 instead of holding the request open for
    // ever; Node checks the open requests every `connectionsCheckingInterval` (docs/api.md).
    ...requestTimeoutOptions(config.requestTimeoutMs),
    // Node's own refusals (bad Content-Length, headers or address too large, the time-out) in our JSON.
    clientErrorHandler: clientErrorHandler(headers),
    routerOptions: { ignoreTrailingSlash: true },
    // The router's refusals come before any hook, so they get the security headers here.
    frameworkErrors: (error, request, reply) =>
      frameworkErrorHandler(error, request, reply.headers(headers).header(REQUEST_ID_HEADER, request.id)),
    genReqId: requestId,
  }).withTypeProvider<ZodTypeProvider>();

  recordRoutes(app);
  // First of the hooks: a request that waits for its turn has cost nothing else yet (core/loop-turns.ts).
  registerLoopTurns(app);
  registerRequestIdHeader(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const ownsDatabase = !options.database;
  const database = options.database ?? openConfiguredDatabase(config);
  let redis: RedisConnection | undefined;
  let counters: CounterStore;
  let sharedCache: SharedCacheStore | undefined;
  let broadcast: Broadcast;
  if (config.redisUrl) {
    // Never fatal: with Redis down the server starts, counts in-process and skips the shared cache
    // until the connection (retried in the background) is up (core/redis.ts).
    redis = await openRedis(config.redisUrl, app.log, config.redisCommandTimeoutMs);
    counters = new RedisCounterStore(redis, `${config.redisKeyPrefix}counter:`);
    sharedCache = new RedisCacheStore(redis, `${config.redisKeyPrefix}cache:`);
    broadcast = redisBroadcast(redis, config.redisKeyPrefix, app.log);
  } else {
    counters = new MemoryCounterStore();
    broadcast = localBroadcast();
  }
  // Measured only when someone may read the numbers (METRICS_TOKEN); README '### Metrics'.
  // prom-client is loaded only then: ~25 ms and ~10 MB a server without metrics never pays.
  const metricsModule = config.metricsToken ? await import('./core/metrics.js') : undefined;
  const metrics = metricsModule?.createMetrics();
  // Always kept, for the admin status (docs/api.md#admin); metrics count the same calls when on.
  const upstreamStats = new UpstreamStats(liveProviderNames(config));
  const integrations = {
    ...createIntegrations(config, {
      sharedCache,
      onUpstreamCall: observeAll(upstreamStats.observe, metrics?.upstreamCall),
      onCacheLookup: metrics?.cacheLookup,
    }),
    ...options.overrides,
  };
  const deps: AppDeps = {
    config,
    database,
    counters,
    sharedCache,
    redis,
    broadcast,
    metrics,
    upstreamStats,
    statusSources: new StatusSources(),
    pageFacts: new PageFacts(),
    startedAt,
    afterResponse: new AfterResponse(),
    drain: new Drain(),
    jobs: new Jobs(app.log),
    accountData: new AccountData(),
    ...integrations,
  };
  app.decorate('deps', deps);

  // Features add their background work while they are registered (core/jobs.ts).
  app.addHook('onReady', async () => deps.jobs.start());

  app.addHook('onClose', async () => {
    await deps.jobs.stop();
    // Work left for after an answer (a reset link's lookup and mail) and mail still being sent
    // finish before the database closes.
    await deps.afterResponse.settled();
    await deps.mailer?.close();
    await counters.close();
    await broadcast.close();
    await redis?.close();
    if (ownsDatabase) await database.destroy();
  });

  if (ownsDatabase) await database.migrate();
  // Snapshots of the site's own SQLite file (README, '### Backups'); PostgreSQL uses pg_dump.
  if (ownsDatabase && database.dialect === 'sqlite' && config.backupIntervalMs) {
    deps.jobs.every(
      backupJob({
        databaseFile: sqliteFileIn(config.dataDir),
        backupDir: config.backupDir,
        keep: config.backupKeep,
        intervalMs: config.backupIntervalMs,
      }),
    );
  }

  await app.register(cookie);
  await registerSecurity(app, config);
  // Before compression: the answers it keeps are the JSON text (core/idempotency/idempotency.ts).
  registerIdempotency(app, { replays: replaysRepository(database), jobs: deps.jobs });
  registerCompression(app);
  await registerOpenApi(app);
  // The admin account, and who is asking on every /api request (before any feature).
  await app.register(authCore);
  if (metricsModule && metrics && config.metricsToken) metricsModule.registerMetrics(app, metrics, config.metricsToken);

  await app.register(
    async (api) => {
      await api.register(healthFeature);
      await api.register(authFeature);
      await api.register(todoFeature);
      await api.register(portfolioFeature);
      await api.register(sudokuFeature);
      await api.register(financeFeature);
      await api.register(walletsFeature);
      await api.register(weatherFeature);
      await api.register(preferencesFeature);
      await api.register(geocodingFeature);
      await api.register(siteAdminFeature);
      await api.register(profileFeature);
      await api.register(contactFeature);
    },
    { prefix: '/api' },
  );

  // sitemap.xml, robots.txt and each page's head (docs/api.md#pages).
  await app.register(siteMetaFeature);
  await app.register(resumeFileFeature);
  // rss.xml and feed.json (docs/api.md#feeds).
  await app.register(portfolioFeedFeature);
  await registerWebApp(app, config.webDistDir ?? defaultWebDist, sitePageRenderer(app));
  return app;
}
