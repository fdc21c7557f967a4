import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../../server-root.js';

/**
 * Comments cite our own docs (`docs/api.md#money`) instead of a specification outside the repo:
 * every cited file and heading must exist, so a renamed heading cannot leave dangling citations.
 */
const root = path.resolve(serverRoot, '../..');
const tracked = execFileSync('git', ['ls-files', 'apps', 'packages', 'e2e', 'scripts', 'docs', 'README.md'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs|css|md)$/.test(file) && fs.existsSync(path.join(root, file)));

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of markdown.split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading?.[1]) continue;
    anchors.add(
      heading[1]
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .trim()
        .replace(/\s/g, '-'),
    );
  }
  return anchors;
}

describe('citations of docs/', () => {
  const citations = tracked.flatMap((file) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    return [...text.matchAll(/docs\/([\w-]+\.md)(?:#([\w-]+))?/g)].map((m) => ({ file, doc: m[1], anchor: m[2] }));
  });

  it('are found in the code (comments cite docs/, not an outside specification)', () => {
    expect(citations.length).toBeGreaterThan(100);
    const outside = tracked.filter((file) =>
      /\b(seed|DESIGN) §\d/i.test(fs.readFileSync(path.join(root, file), 'utf8')),
    );
    expect(outside).toEqual([]);
  });

  it('name files and headings that exist', () => {
    const broken = citations.filter(({ doc, anchor }) => {
      const docPath = path.join(root, 'docs', doc ?? '');
      if (!fs.existsSync(docPath)) return true;
      return anchor !== undefined && !anchorsOf(fs.readFileSync(docPath, 'utf8')).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});
