import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../../server-root.js';

/** The README's benchmark figures are the last runs' own lines in docs/benchmarks.md, never typed by hand. */
const root = path.resolve(serverRoot, '../..');

describe('README figures', () => {
  it("the goals block is what docs/benchmarks.md's last runs printed", () => {
    const check = spawnSync('node', ['scripts/bench.mjs', '--check-readme'], { cwd: root, encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});
