import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { CounterStore } from './counter-store.js';
import type { SharedCacheStore } from './shared-cache-store.js';

/** What every feature may use; built once per app instance in `buildApp`. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  counters: CounterStore;
  /** Upstream answers shared between instances (Redis); undefined = each instance caches alone. */
  sharedCache: SharedCacheStore | undefined;
  redis: Redis | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
