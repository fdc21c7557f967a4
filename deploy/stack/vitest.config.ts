import { defineConfig } from 'vitest/config';

/**
 * `npm run test:deploy`: the deploy kit behind the real Caddy (deploy/stack/). One file, its tests in
 * order on one stack; the production build must exist (the npm script builds it when stale).
 */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'deploy-stack',
    include: ['*.deploy-test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
