import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { CounterStore } from './counter-store.js';

/** What every feature may use; built once per app instance in `buildApp`. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  counters: CounterStore;
  redis: Redis | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
