import { defineConfig, mergeConfig } from 'vitest/config';
import browserTests from './vitest.config.js';

/**
 * `npm run screenshots`: the browser tests with their pictures taken (e2e/screenshots/, git-ignored),
 * including the tests that only take pictures. Nothing compares them: they are for people to look at.
 */
export default mergeConfig(
  browserTests,
  defineConfig({
    test: {
      env: { SCREENSHOTS: '1' },
      // A picture waits for its page to be drawn in full: allow the slowest its time.
      testTimeout: 300_000,
    },
  }),
);
