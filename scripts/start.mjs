#!/usr/bin/env node
// `npm start`: builds the site when the build is missing or older than the sources, then runs the
// production server (which migrates the database on start) on http://localhost:${PORT:-8000}.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sources = ['packages/contract/src', 'apps/server/src', 'apps/web/src', 'apps/web/public', 'apps/web/index.html'];
const outputs = ['packages/contract/dist/index.js', 'apps/server/dist/main.js', 'apps/web/dist/index.html'];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(full, { recursive: true })) {
    const s = fs.statSync(path.join(full, String(entry)));
    if (s.isFile() && s.mtimeMs > newest) newest = s.mtimeMs;
  }
  return newest;
}

const built = outputs.map((o) => path.join(root, o));
const missing = built.some((o) => !fs.existsSync(o));
const stale = !missing && Math.max(...sources.map(newestMtime)) > Math.min(...built.map((o) => fs.statSync(o).mtimeMs));
if (missing || stale) {
  console.log(missing ? 'Building the site (first start)…' : 'Sources changed since the last build; rebuilding…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
