#!/usr/bin/env node
// `npm test`: typecheck, lint, unit/API/component tests (SQLite, plus PostgreSQL and Redis when
// TEST_DATABASE_URL / TEST_REDIS_URL are set), then build the site and run the browser tests in
// Debian's Chromium. Ends with one line "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

/** The whole suite's goal on the project's 2-core machines (printed, never enforced). */
const GOAL_MINUTES = 10;
const started = performance.now();
const steps = [];
const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const from = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  steps.push(`${title} ${minutes(performance.now() - from)}`);
  return result.status === 0;
}

function count(reportFile) {
  if (!fs.existsSync(reportFile)) return;
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function finish(ok, reason) {
  if (reason) console.error(`\n✖ ${reason}`);
  const took = performance.now() - started;
  console.log(
    `\ntime: ${minutes(took)} (${steps.join(', ')}); goal ≤ ${GOAL_MINUTES} min: ${took <= GOAL_MINUTES * 60_000 ? 'met' : 'missed'}`,
  );
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

function ensureChromium() {
  if (fs.existsSync(chromium)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${chromium}. Install it with: sudo apt-get install -y chromium`);
    return false;
  }
  console.log('Installing Debian chromium for the browser tests…');
  return (
    run('apt-get update', 'apt-get', ['update', '-qq']) &&
    run('apt-get install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium'], {
      DEBIAN_FRONTEND: 'noninteractive',
    })
  );
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: database tests run on SQLite only (set it to add PostgreSQL).');
}
if (!run('typecheck', 'npm', ['run', '-s', 'typecheck'])) finish(false, 'typecheck failed');
if (!run('lint', 'npm', ['run', '-s', 'lint'])) finish(false, 'lint failed');

/** Runs vitest with an extra JSON report, adds its counts to the totals, and says whether it passed. */
function vitest(title, name, extraArgs = []) {
  const report = path.join(reports, `${name}.json`);
  const ok = run(title, 'npx', [
    'vitest',
    'run',
    ...extraArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  count(report);
  return ok;
}

if (!vitest('unit, API and component tests', 'unit')) finish(false, 'unit, API or component tests failed');

if (!ensureChromium()) finish(false, 'browser tests need Chromium');
if (!run('build', 'npm', ['run', '-s', 'build'])) finish(false, 'build failed');
const e2eOk = vitest('browser tests', 'e2e', ['--config', 'e2e/vitest.config.ts']);
finish(e2eOk, e2eOk ? undefined : 'browser tests failed');
