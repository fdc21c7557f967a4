// Runs before every server test file (apps/server/vitest.config.ts).
import { appendFileSync } from 'node:fs';
import { afterAll, expect, vi } from 'vitest';
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

// TEST_CPU_LOG=<file>: each test file's CPU time in its worker, appended as "cpu ms, wall ms, file"
// (not its child processes' nor the database's): what a file costs, whatever runs beside it
// (docs/testing.md#how-fast).
const cpuLog = process.env.TEST_CPU_LOG;
if (cpuLog) {
  const [cpu, wall] = [process.cpuUsage(), performance.now()];
  afterAll(() => {
    const used = process.cpuUsage(cpu);
    const line = [
      Math.round((used.user + used.system) / 1000),
      Math.round(performance.now() - wall),
      expect.getState().testPath,
    ];
    appendFileSync(cpuLog, `${line.join('\t')}\n`);
  });
}
