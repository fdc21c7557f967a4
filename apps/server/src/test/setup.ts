// Runs before every server test file (apps/server/vitest.config.ts).
import { afterAll, vi } from 'vitest';
import { useCheapPasswordHashesForTests } from '../features/auth/password.js';

// Production's argon2 profile costs ~50 ms and 19 MiB a hash; tests sign up and log in hundreds of
// times. password.test.ts checks that production keeps its profile.
useCheapPasswordHashesForTests();

// Files share a worker's modules and globals (isolate: false): a file that ends with fake timers
// or a spy in place must not hand them to the next one.
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
