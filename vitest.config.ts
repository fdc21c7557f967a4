import { defineConfig } from 'vitest/config';

/**
 * Unit, API and component tests of every workspace. Browser tests live in e2e/ with their own
 * config because they need a built site and a running server.
 */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'deploy'],
    // Vitest's default on a 2-core machine is one worker (cores - 1). The server's tests spend
    // most of their time waiting on PostgreSQL, Redis, child processes and sockets, so one worker
    // left a core idle for half the run (docs/testing.md#how-fast).
    maxWorkers: 3,
  },
});
