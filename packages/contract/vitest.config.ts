import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: {
    name: 'contract',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Pure schema tests: one module graph for all files. In a group of its own, after the server's
    // and the web app's, so that no contract file comes between two of their files in the queue: a
    // worker is kept for the next file only when it is of the same project (docs/testing.md#how-fast).
    isolate: false,
    sequence: { groupOrder: 2 },
    // A limit only ends a test that hangs: the property tests run beside the rest of `npm test`.
    testTimeout: 60_000,
  },
});
