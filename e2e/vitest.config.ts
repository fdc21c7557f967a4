import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// A run's failure pictures (src/failure-capture.ts) are its own: an earlier run's are removed.
fs.rmSync(path.join(import.meta.dirname, 'failures'), { recursive: true, force: true });

/**
 * Browser tests: each file starts its own server (free port, throw-away data directory) and its own
 * Chromium, so files do not share state and two run at once: much of a browser test is waiting on
 * the other process, which leaves the second core to the other file. E2E_WORKERS=1 runs them one
 * after another.
 */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.test.ts'],
    // A failed test's open pages are described and photographed (src/failure-capture.ts).
    setupFiles: ['src/failure-capture.ts'],
    environment: 'node',
    fileParallelism: true,
    // A worker runs file after file, its modules (Vitest, playwright-core, the helpers) loaded once:
    // a new process per file cost seconds between files. Each file starts its own server and
    // browser in its hooks and the helpers keep no state between files.
    isolate: false,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for what the page shows next; vitest's 1 s is too short for a busy machine
    // running two browsers, and a poll ends as soon as it passes, so a long limit costs nothing.
    expect: { poll: { timeout: 15_000 } },
  },
});
