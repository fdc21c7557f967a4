import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../../server-root.js';

/**
 * Code and docs say what a thing is and why, citing our own docs (docs/architecture.md), never
 * which issue asked for it: an issue number means nothing to the next reader once it is closed.
 */
const root = path.resolve(serverRoot, '../..');
const CITES_AN_ISSUE = /\bissues? #?\d+|\(#\d+\)/i;

describe('citations', () => {
  it('no source file, test or doc cites an issue number', () => {
    const files = execFileSync('git', ['ls-files', 'apps', 'packages', 'e2e', 'scripts', 'docs', 'README.md', '.ci'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /\.(ts|tsx|mjs|css|md)$/.test(file) && fs.existsSync(path.join(root, file)));
    const citing = files.flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (CITES_AN_ISSUE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(citing).toEqual([]);
  });
});
