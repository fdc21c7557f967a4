#!/usr/bin/env node
// The server's build: its entry points bundled by esbuild into apps/server/dist, with the contract
// and the npm packages they import, so a start reads a few files instead of ~1,500 modules
// (docs/decisions.md#start-up-and-memory). Code loaded on first use (Markdown, mail, Redis,
// metrics…) stays in chunks of its own, read only when needed. `npm run typecheck` checks the
// types; this only translates.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { escapeNonLatin1, hasNonLatin1 } from './latin1.mjs';

const server = path.resolve(import.meta.dirname, '../apps/server');
const outdir = path.join(server, 'dist');

/**
 * Left to Node to load from node_modules: native addons, and pino, whose transports start a worker
 * from a file of its own.
 */
const notBundled = ['better-sqlite3', '@node-rs/argon2', 'sharp', 'pg-native', 'pino'];

/**
 * Swagger UI serves the files of its package (`__dirname/static`); bundled, its `__dirname` is
 * pointed back at the installed package, which stays a dependency. Left unbundled, it would load a
 * second copy of @fastify/static and its dependencies on every start.
 */
const swaggerUiFiles = {
  name: 'swagger-ui-files',
  setup(build) {
    build.onLoad({ filter: /[\\/]@fastify[\\/]swagger-ui[\\/](index|lib[\\/]routes)\.js$/ }, async (args) => {
      const inLib = /[\\/]lib[\\/]routes\.js$/.test(args.path);
      const packageDir = "require('node:path').dirname(require.resolve('@fastify/swagger-ui'))";
      const dirname = inLib ? `require('node:path').join(${packageDir}, 'lib')` : packageDir;
      const source = await fs.promises.readFile(args.path, 'utf8');
      return { contents: `var __dirname = ${dirname};\n${source}`, loader: 'js' };
    });
  },
};

/**
 * Every source file is read with its characters outside Latin-1 escaped (scripts/latin1.mjs):
 * esbuild escapes them in strings but not in regular expressions (`/['’]/`).
 */
const latin1Sources = {
  name: 'latin1-sources',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!hasNonLatin1(source)) return undefined;
      return { contents: escapeNonLatin1(source, args.path), loader: /\.[cm]?tsx?$/.test(args.path) ? 'ts' : 'js' };
    });
  },
};

/** The command-line entry points beside the server, sharing its chunks. */
const entryPoints = ['main', 'migrate', 'admin', 'backup', 'restore'].map((name) =>
  path.join(server, 'src', `${name}.ts`),
);

/** esbuild's options; `shipped-files.test.ts` runs them without writing to list what ships. */
const buildOptions = {
  entryPoints,
  outdir,
  bundle: true,
  splitting: true,
  // Every chunk beside the entry points: modules that find files relative to themselves
  // (server-root.ts) sit at the same depth in every chunk.
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Workspace packages from their TypeScript sources, as in development and tests.
  conditions: ['source'],
  external: notBundled,
  plugins: [swaggerUiFiles, latin1Sources],
  // The contract declares `sideEffects: false`, which lets a bundler skip a module whose exports a
  // file does not use — and with it the order in which Node would have evaluated them.
  ignoreAnnotations: true,
  // Bundled CommonJS packages call `require`, which ES modules do not have.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // Whitespace only: names stay as written, for stack traces and logs.
  minifyWhitespace: true,
  sourcemap: 'linked',
  legalComments: 'linked',
  logLevel: 'warning',
};

if (process.argv.includes('--list-inputs')) {
  // What would ship, without writing it: the source files the bundle takes in (shipped-files.test.ts).
  const { metafile } = await esbuild.build({ ...buildOptions, write: false, metafile: true });
  console.log(JSON.stringify(Object.keys(metafile.inputs).map((input) => path.resolve(input))));
} else {
  fs.rmSync(outdir, { recursive: true, force: true });
  const { metafile } = await esbuild.build({ ...buildOptions, metafile: true });
  refuseTwoByteSources(metafile);
}

/** The guard behind `latin1Sources`: every chunk written holds only Latin-1 characters. */
function refuseTwoByteSources(metafile) {
  const found = [];
  for (const file of Object.keys(metafile.outputs).filter((output) => output.endsWith('.js'))) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    for (const [i, line] of lines.entries())
      if (hasNonLatin1(line)) found.push(`${path.relative(process.cwd(), file)}:${i + 1}`);
  }
  if (found.length > 0)
    throw new Error(
      `Characters outside Latin-1 in the bundle, which latin1Sources should have escaped:\n${found.join('\n')}`,
    );
}
