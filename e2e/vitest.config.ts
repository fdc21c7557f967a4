import { defineConfig } from 'vitest/config';

/** Browser tests: one real server and one Chromium per file, files run one after another. */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
