import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom and one module graph for all files instead of a new process, jsdom and import of
    // React, Mantine and the app per file (about half the project's time on a 2-core machine);
    // src/test/setup.ts puts back what a file leaves behind.
    isolate: false,
    // Shared only within one worker: with more, vitest 4 gives each file a new worker again (jsdom
    // and imports per file, slower than one worker on 2 cores). A project with its own maxWorkers
    // needs its own group, which runs after the other projects' tests.
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
    // A limit only ends a test that hangs: in `npm test` this worker shares two cores with the
    // server's tests, the typecheck and the build, and a Mantine page in jsdom can take seconds.
    testTimeout: 60_000,
    // expect.poll's own limit is one second; see src/test/setup.ts for the waits of Testing Library.
    expect: { poll: { timeout: 30_000 } },
  },
});
