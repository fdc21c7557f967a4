import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The web app's module boundaries (bulletproof-react): a feature imports no other feature, except
 * auth through its public API (features/auth/index.ts), and never app/, which composes features
 * into pages. Shared code lives in components/, hooks/, lib/.
 */

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const featuresDir = path.join(src, 'features');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Relative specifiers of static imports, re-exports and dynamic imports. */
function relativeImports(code: string): string[] {
  const specs = [...code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']*)'/g)].map((m) => m[1] as string);
  return [...new Set(specs)];
}

describe('feature boundaries', () => {
  it('no feature imports another feature (auth only through its index) or app/', () => {
    const violations: string[] = [];
    for (const file of sourceFiles(featuresDir)) {
      const feature = path.relative(featuresDir, file).split(path.sep)[0];
      for (const spec of relativeImports(fs.readFileSync(file, 'utf8'))) {
        const target = path.relative(src, path.resolve(path.dirname(file), spec)).split(path.sep);
        const where = `${path.relative(src, file)} imports ${spec}`;
        if (target[0] === 'app') violations.push(where);
        if (target[0] !== 'features' || target[1] === feature) continue;
        if (target[1] === 'auth' && target.length === 2) continue;
        violations.push(where);
      }
    }
    expect(violations).toEqual([]);
  });
});
