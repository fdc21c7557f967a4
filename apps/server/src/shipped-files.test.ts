import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript-api';
import { describe, expect, it } from 'vitest';
import { serverRoot } from './server-root.js';

// What `npm run build` puts into dist: the bundle of the server's entry points
// (scripts/build-server.mjs). Test helpers must stay out of it, and out of the modules the build
// tsconfig lists for the type check.
const SERVER = serverRoot;
const SRC = path.join(SERVER, 'src');

/** Test-only by where it lives or how it is named. */
const testOnly = (file: string) =>
  /\.test\.ts$|\.test-support\.ts$|\/testing\/|^test\//.test(path.relative(SRC, file).split(path.sep).join('/'));

function buildTsconfigFiles(): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(SERVER, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('apps/server/tsconfig.json could not be read');
  return parsed.fileNames.map((file) => path.resolve(file));
}

/** The source files a file imports by a relative path (types and dynamic imports included). */
function relativeImports(file: string): string[] {
  return ts
    .preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .flatMap((specifier) => {
      const target = path.resolve(path.dirname(file), specifier);
      // An import that resolves to nothing fails the typecheck; it is not this test's to report.
      const found = [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx'), target].find(
        (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
      );
      return found === undefined ? [] : [found];
    });
}

/** Every file reachable from `start` through relative imports. */
function closure(start: string[], importsOf: (file: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...importsOf(file));
  }
  return seen;
}

/** The tests, test helpers and benchmarks of the server. */
function testFiles(): string[] {
  const bench = path.join(SERVER, 'bench');
  const files = [
    ...fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' }).map((file) => path.join(SRC, file)),
    ...fs.readdirSync(bench, { recursive: true, encoding: 'utf8' }).map((file) => path.join(bench, file)),
  ];
  return files.filter((file) => file.endsWith('.ts') && (file.startsWith(bench) || testOnly(file)));
}

/** The server's commands: the top-level modules of src (main.ts, migrate.ts, backup.ts, …). */
const entryPoints = (files: string[]) => files.filter((file) => path.dirname(file) === SRC);

/** The files the bundle takes in, as the build script lists them without writing anything. */
function bundledFiles(): string[] {
  const script = path.resolve(SERVER, '../../scripts/build-server.mjs');
  return JSON.parse(execFileSync(process.execPath, [script, '--list-inputs'], { encoding: 'utf8' })) as string[];
}

describe('the server build', () => {
  const listed = buildTsconfigFiles();

  it('bundles no test helper, directly or through an import of a shipped module', () => {
    const bundled = bundledFiles();
    const ours = bundled.filter((file) => file.startsWith(SRC + path.sep));
    expect(ours).toContain(path.join(SRC, 'main.ts'));
    expect(ours.length).toBeGreaterThan(100);
    expect(ours.filter(testOnly).map((file) => path.relative(SRC, file))).toEqual([]);
  });

  it('lists no test helper for the type check of the build, directly or through an import', () => {
    expect(listed.length).toBeGreaterThan(100);
    const compiled = closure(listed, relativeImports);
    expect([...compiled].filter(testOnly).map((file) => path.relative(SRC, file))).toEqual([]);
  });

  it('ships no module that only tests use (such a helper belongs in a testing/ folder)', () => {
    const entries = entryPoints(listed);
    expect(entries.map((file) => path.basename(file))).toContain('main.ts');
    const usedByServer = closure(entries, relativeImports);
    const usedByTests = closure(testFiles(), relativeImports);
    const testsOnly = listed.filter((file) => usedByTests.has(file) && !usedByServer.has(file));
    expect(testsOnly.map((file) => path.relative(SRC, file))).toEqual([]);
  });

  it('would notice a shipped module importing a test helper', () => {
    const helper = path.join(SRC, 'integrations/testing/fake-upstream.ts');
    const app = path.join(SRC, 'app.ts');
    const importsOf = (file: string) => (file === app ? [...relativeImports(file), helper] : relativeImports(file));
    const shipped = listed.filter((file) => !testOnly(file));
    expect([...closure(shipped, importsOf)].filter(testOnly)).toEqual([helper]);
  });
});
