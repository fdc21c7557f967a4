/**
 * durability-writer.ts compiled once per test file into plain JavaScript, so each of the many
 * restarts of the writer is a plain `node` start. Started through tsx, every restart compiled and
 * loaded the whole app through tsx's loader again: 2.3 s of CPU per start against 1.0 s, and the
 * durability test starts the writer 7 times per database. `dist` cannot be used: the unit tests run
 * while `npm test` builds it (scale-out/server-process.ts).
 *
 * The app's sources (and the contract's, with the `source` condition as tsx has them) are bundled;
 * packages stay imports, so the writer and the app share one better-sqlite3 and one pg, as in
 * production. Dynamic imports become chunks of their own (`splitting`): a module that is also
 * imported lazily is then loaded in the same order as from sources. The output sits in the
 * repository's node_modules/.cache, where those imports resolve; `import.meta.dirname`, `filename`
 * and `url` keep each source file's own values (the app finds its root and packages from them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

export interface CompiledWriter {
  /** The compiled entry point, to run with `node`. */
  script: string;
  /** Removes the output. */
  remove(): void;
}

export async function compileWriter(): Promise<CompiledWriter> {
  const cache = path.join(repoRoot, 'node_modules/.cache');
  fs.mkdirSync(cache, { recursive: true });
  const outdir = fs.mkdtempSync(path.join(cache, 'durability-writer-'));
  try {
    await esbuild.build({
      entryPoints: [path.join(import.meta.dirname, 'durability-writer.ts')],
      outdir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node}`,
      conditions: ['source'],
      logLevel: 'error',
      plugins: [
        {
          name: 'packages-external-sources-in-place',
          setup(build) {
            // Bare imports stay imports, except the workspace's own packages (sources, like tsx).
            build.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@site/') ? undefined : { path: args.path, external: true },
            );
            build.onLoad({ filter: /\.ts$/ }, (args) => ({
              loader: 'ts',
              contents: fs
                .readFileSync(args.path, 'utf8')
                .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
                .replaceAll('import.meta.filename', JSON.stringify(args.path))
                .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
            }));
          },
        },
      ],
    });
  } catch (error) {
    fs.rmSync(outdir, { recursive: true, force: true });
    throw error;
  }
  return {
    script: path.join(outdir, 'durability-writer.mjs'),
    remove: () => fs.rmSync(outdir, { recursive: true, force: true }),
  };
}
