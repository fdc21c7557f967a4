#!/usr/bin/env node
// Writes a brotli (`.br`) and a gzip (`.gz`) copy next to each text file of the web build (JS,
// CSS, HTML, SVG and the like) for the server to send to browsers that accept them (@fastify/static
// `preCompressed`, apps/server/src/core/web-app.ts). Compressing once at build time at the highest
// levels costs the server nothing per request. Run by `npm run build` after the web build;
// `node scripts/precompress-web.mjs [dist]` on its own (apps/web/dist by default).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
const ENCODED = ['.br', '.gz'];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const encoders = {
  '.br': (bytes) =>
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  '.gz': (bytes) => gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

/** Every file under `dir`, skipping dot-folders such as .vite (the server does not serve them). */
async function filesUnder(dir) {
  const out = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/**
 * Compresses every compressible file of `dist`; a copy that would not be smaller is not kept (the
 * server then sends the file as it is). Copies left from an earlier run are replaced or removed.
 */
export async function precompress(dist) {
  const files = await filesUnder(dist);
  const sources = new Set(files.filter((f) => !ENCODED.includes(path.extname(f))));
  // Copies whose source is gone (or no longer compressible) would be served for nothing.
  for (const file of files) {
    const ext = path.extname(file);
    if (!ENCODED.includes(ext)) continue;
    const source = file.slice(0, -ext.length);
    if (!sources.has(source) || !COMPRESSIBLE.has(path.extname(source))) await fs.rm(file);
  }

  let raw = 0;
  const totals = { '.br': 0, '.gz': 0 };
  const queue = [...sources].filter((file) => COMPRESSIBLE.has(path.extname(file)));
  const count = queue.length;
  // As many files at a time as there are cores (brotli at its highest level is most of a build's
  // compression time and uses one core per file); a few files in memory at once keeps it flat.
  async function worker() {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const bytes = await fs.readFile(file);
      raw += bytes.length;
      await Promise.all(
        ENCODED.map(async (ext) => {
          const encoded = await encoders[ext](bytes);
          if (encoded.length < bytes.length) {
            await fs.writeFile(file + ext, encoded);
            totals[ext] += encoded.length;
          } else {
            await fs.rm(file + ext, { force: true });
            totals[ext] += bytes.length;
          }
        }),
      );
    }
  }
  await Promise.all(Array.from({ length: os.availableParallelism() }, worker));
  return { count, raw, br: totals['.br'], gz: totals['.gz'] };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
  const started = performance.now();
  const { count, raw, br, gz } = await precompress(dist);
  const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
  console.log(
    `precompress-web: ${count} files in ${path.relative(root, dist) || dist}, ${kB(raw)} → ` +
      `${kB(br)} brotli, ${kB(gz)} gzip (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}
