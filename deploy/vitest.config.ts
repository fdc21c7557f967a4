import { defineProject } from 'vitest/config';

export default defineProject({
  // The test reads the server's config module from its sources, as the server's own tests do.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'deploy',
    environment: 'node',
    // This folder's files only: deploy/stack/ has a config of its own (`npm run test:deploy`).
    include: ['*.test.ts'],
  },
});
