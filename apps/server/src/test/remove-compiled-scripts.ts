import fs from 'node:fs';
import path from 'node:path';
import { serverRoot } from '../server-root.js';

/**
 * Vitest's global teardown: removes the scripts compiled for child processes (compiled-scripts.ts)
 * once every test file is done. A helper that compiles once per test process cannot remove its own
 * output: Vitest ends its workers without running their exit handlers.
 */
export function teardown() {
  const cache = path.resolve(serverRoot, '../../node_modules/.cache');
  if (!fs.existsSync(cache)) return;
  for (const name of fs.readdirSync(cache)) {
    if (name.startsWith('test-scripts-')) fs.rmSync(path.join(cache, name), { recursive: true, force: true });
  }
}
