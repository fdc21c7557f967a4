import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { UpstreamStats } from '../integrations/http/upstream-stats.js';
import type { Integrations } from '../integrations/index.js';
import type { AccountData } from './account-data.js';
import type { AfterResponse } from './after-response.js';
import type { Broadcast } from './broadcast.js';
import type { CounterStore } from './counter-store.js';
import type { Drain } from './drain.js';
import type { Jobs } from './jobs.js';
import type { AppMetrics } from './metrics.js';
import type { PageFacts } from './page-facts.js';
import type { RedisConnection } from './redis.js';
import type { SharedCacheStore } from './shared-cache-store.js';
import type { StatusSources } from './status-sources.js';

/**
 * What every feature may use; built once per app instance in `buildApp`. Outside systems
 * (market data, weather, geocoding) come from `integrations/`; features never build their own.
 */
export interface AppDeps extends Integrations {
  config: Config;
  database: DatabaseHandle;
  counters: CounterStore;
  /** Upstream answers shared between instances (Redis); undefined = each instance caches alone. */
  sharedCache: SharedCacheStore | undefined;
  /** The Redis connection when REDIS_URL is set (its state for health; it may be down). */
  redis: RedisConnection | undefined;
  /** Messages to every instance (Redis pub/sub), or to this one alone without REDIS_URL. */
  broadcast: Broadcast;
  /** Prometheus metrics of this app; undefined when METRICS_TOKEN is unset (nothing is measured). */
  metrics: AppMetrics | undefined;
  /** Each outside service's calls and failures since start (always on; the admin status). */
  upstreamStats: UpstreamStats;
  /** Read-outs features offer the admin status (core/status-sources.ts). */
  statusSources: StatusSources;
  /** Facts features offer the page tags in the served HTML (core/page-facts.ts). */
  pageFacts: PageFacts;
  /** When this app instance was built (the admin status's uptime). */
  startedAt: Date;
  /** Work routes leave for after their answer (core/after-response.ts); closing waits for it. */
  afterResponse: AfterResponse;
  /** Whether readiness still holds while the instance stops (core/drain.ts; main.ts stops through it). */
  drain: Drain;
  /** Background work on timers or for the app's life (core/jobs.ts): started when ready, stopped on close. */
  jobs: Jobs;
  /** Each feature's part of a user's export and deletion (core/account-data.ts). */
  accountData: AccountData;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
