#!/usr/bin/env node
// Builds the site (`npm run build`) when the build is missing or older than its sources. Used by
// `npm start` and `npm run bench`; run directly (`node scripts/build-if-stale.mjs`) it does just that.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Each build output folder with the sources it is built from. `tsc -b` re-emits only the files
 * whose source changed, so freshness compares the newest source with the newest output of each
 * folder (not one marker file). Tests are not part of the build and are ignored.
 */
const targets = [
  { output: 'packages/contract/dist', required: 'index.js', sources: ['packages/contract/src'] },
  {
    output: 'apps/server/dist',
    required: 'main.js',
    sources: ['apps/server/src', 'packages/contract/src', 'scripts/build-server.mjs', 'scripts/latin1.mjs'],
  },
  {
    output: 'apps/web/dist',
    // Written by scripts/prerender-web.mjs, the last step but compression: a build without it
    // (an older one, or one that stopped half-way) is rebuilt.
    required: 'prerendered/index.html',
    sources: [
      'scripts/prerender-web.mjs',
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'scripts/latin1.mjs',
      'packages/contract/src',
    ],
  },
];

const isTest = (file) => /\.test\.tsx?$/.test(file) || /(^|[\\/])test[\\/]/.test(file);

function newestMtime(p, { skipTests = false } = {}) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(full, { recursive: true })) {
    if (skipTests && isTest(String(entry))) continue;
    const s = fs.statSync(path.join(full, String(entry)));
    if (s.isFile() && s.mtimeMs > newest) newest = s.mtimeMs;
  }
  return newest;
}

/** Why the build must run, or undefined when it is complete and newer than its sources. */
export function staleReason() {
  for (const { output, required, sources } of targets) {
    if (!fs.existsSync(path.join(root, output, required))) return 'missing';
    const newestSource = Math.max(...sources.map((s) => newestMtime(s, { skipTests: true })));
    if (newestSource > newestMtime(output)) return 'stale';
  }
  return undefined;
}

/** Runs `npm run build` if needed; exits the process with the build's status if it fails. */
export function buildIfStale({ firstTimeMessage = 'Building the site…' } = {}) {
  // `npm run bench` checks once before all its benches (SITE_BUILD_CHECKED=1 for the rest).
  if (process.env.SITE_BUILD_CHECKED === '1') return;
  const reason = staleReason();
  if (!reason) return;
  console.log(reason === 'missing' ? firstTimeMessage : 'Sources changed since the last build; rebuilding…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) buildIfStale();
