/**
 * Server scripts compiled once into plain JavaScript, for tests that start them in child processes
 * many times (the durability writer, the backup and restore commands). Started through tsx, every
 * start compiled and loaded the whole app through tsx's loader again: 2.3 s of CPU per start of the
 * app against 1.0 s. `dist` cannot be used: the unit tests run while `npm test` builds it
 * (scale-out/server-process.ts).
 *
 * The app's sources (and the contract's, with the `source` condition as tsx has them) are bundled;
 * packages stay imports, so a script and the app share one better-sqlite3 and one pg, as in
 * production. Dynamic imports and code shared by several scripts become chunks of their own
 * (`splitting`): a module that is also imported lazily is then loaded in the same order as from
 * sources. The output sits in the repository's node_modules/.cache, where those imports resolve;
 * `import.meta.dirname`, `filename` and `url` keep each source file's own values (the app finds
 * its root and packages from them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { serverRoot } from '../server-root.js';

const repoRoot = path.resolve(serverRoot, '../..');

export interface CompiledScripts {
  /** The compiled entry point of `source` (as given to compileScripts), to run with `node`. */
  script(source: string): string;
  /** Removes the output. */
  remove(): void;
}

/** Compiles `sources` (absolute paths of .ts entry points) into one output directory. */
export async function compileScripts(sources: string[]): Promise<CompiledScripts> {
  const cache = path.join(repoRoot, 'node_modules/.cache');
  fs.mkdirSync(cache, { recursive: true });
  const outdir = fs.mkdtempSync(path.join(cache, 'test-scripts-'));
  try {
    await esbuild.build({
      entryPoints: sources,
      // Each entry keeps its path under the common root, so two entries never share a name.
      outbase: commonRoot(sources),
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
  const root = commonRoot(sources);
  return {
    script: (source) => path.join(outdir, path.relative(root, source).replace(/\.ts$/, '.mjs')),
    remove: () => fs.rmSync(outdir, { recursive: true, force: true }),
  };
}

/** The deepest directory holding every one of `files`. */
function commonRoot(files: string[]): string {
  let root = path.dirname(files[0] ?? '.');
  while (!files.every((file) => file.startsWith(`${root}${path.sep}`))) root = path.dirname(root);
  return root;
}
