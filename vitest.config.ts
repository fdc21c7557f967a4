import { defineConfig } from 'vitest/config';

/**
 * Unit, API and component tests of every workspace. Browser tests live in e2e/ with their own
 * config because they need a built site and a running server.
 */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
