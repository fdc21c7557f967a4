import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    globalSetup: ['./src/test/remove-compiled-scripts.ts'],
    // A limit only ends a test that hangs; it must not end one that is slow because other files
    // run beside it (three workers share two cores: vitest.config.ts).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One module graph per worker instead of importing the app again for every file: the import
    // was most of the run's time (docs/testing.md#how-fast). No server test mocks a module; each
    // file builds its own app and database, and src/test/setup.ts puts back fake timers.
    isolate: false,
  },
});
