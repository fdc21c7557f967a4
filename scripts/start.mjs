#!/usr/bin/env node
// `npm start`: builds the site when the build is missing or older than the sources, then runs the
// production server (which migrates the database on start) on http://localhost:${PORT:-8000}.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildIfStale({ firstTimeMessage: 'Building the site (first start)…' });

// A 2 MB young generation keeps an idle server ~25 MB smaller, at a small cost in throughput.
const nodeFlags = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/node-flags.json'), 'utf8'));
const server = spawn(process.execPath, [...nodeFlags, path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
