import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Database set-up makes some tests slower than vitest's default 5 s on 2 cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
